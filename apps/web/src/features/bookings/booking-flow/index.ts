/** The booking flow of /consultation. */
export { BookingFlow, BOOKING_SECTION_ID } from './booking-flow';
export type { PaymentChoice, PaymentOptionsProps } from './payment-choice';
