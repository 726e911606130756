/**
 * Payments' side of a booking's changes (`BookingPaymentHooks`, declared by bookings below):
 * `app.ts` hands it to the booking changes and jobs in `AppDeps` as `bookingPayments`.
 */
import type { BookingPaymentHooks } from '../bookings';
import { bookingPayments, clientBookingPayments } from './booking-payments';
import {
  cancelPendingPayment,
  checkoutOfNewBooking,
  closeCheckoutForManualPayment,
  closeCheckoutOfHold,
} from './checkout';
import {
  manualReceiptOf,
  openPayment,
  providerForNewBooking,
  receivePayment,
  settlePaymentOnCancel,
} from './payment-steps';
import { sendRefundsOfBooking } from './refunds';
import { checkoutOfNewSeries } from './series-checkout';

export const bookingPaymentHooks: BookingPaymentHooks = {
  providerForNewBooking,
  openPayment: async (tx, booking, provider, discount) => {
    await openPayment(tx, booking, provider, discount);
  },
  checkoutOfNewBooking,
  checkoutOfNewSeries,
  settleOnCancel: settlePaymentOnCancel,
  sendRefundsOfBooking,
  closeCheckoutOfHold,
  cancelPendingPayment,
  closeCheckoutForManualPayment,
  manualReceiptOf,
  receivePayment,
  bookingPayments,
  clientBookingPayments,
};
