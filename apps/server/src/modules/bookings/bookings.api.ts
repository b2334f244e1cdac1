// The bookings module's one door: other modules, flows and the app import only this file.
export { bookingsRoutes } from './bookings.routes.ts';
export {
  bookingOptions,
  cancelBooking,
  confirmHeldBookings,
  findAvailability,
  findBookingOnInvoice,
  findClientBooking,
  holdBookings,
  holdCartCourts,
  listCartCourtHolds,
  returnHoldsToCart,
  releaseHeldBookings,
  resolveBookingRequest,
} from './bookings.service.ts';
export * from './guest-booking.repository.ts';
