// The bookings module's one door: other modules, flows and the app import only this file.
export { bookingsRoutes } from './bookings.routes.ts';
export { bookedInsideCutoff, bookingOptions, cancelBooking, findAvailability, findBookingOnInvoice, findClientBooking, resolveBookingRequest } from './bookings.service.ts';
export { assertCourtsFree, confirmHeldBookings, holdBookings, holdCartCourts, listCartCourtHolds, releaseHeldBookings, returnHoldsToCart } from './court-holds.service.ts';
export * from './guest-booking.repository.ts';
