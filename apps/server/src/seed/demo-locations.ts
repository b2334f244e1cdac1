/** Splash's locations (decision 028): with LocationsHavePostcodes on, choosing one fills in its postcode. */
export const splashLocations = [
  { Suburb: 'Bondi Beach', State: 'NSW', Postcode: '2026' },
  { Suburb: 'Coogee', State: 'NSW', Postcode: '2034' },
  { Suburb: 'Maroubra', State: 'NSW', Postcode: '2035' },
  { Suburb: 'Paddington', State: 'NSW', Postcode: '2021' },
];
