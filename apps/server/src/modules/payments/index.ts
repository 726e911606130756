/**
 * The payments module's public face (decision 053): payments, refunds, Stripe, and the booking
 * payment hooks it implements.
 */
export { bookingPaymentHooks } from './booking-hooks';
export { loadPaymentSettings, writeReceiptBusinessName } from './payment-settings';
export { settlePaymentOnCancel } from './payment-steps';
export {
  cancelPackagePayment,
  creditsCoveredBy,
  openPackageCheckoutUrl,
  openPackagePayment,
  providerForPackage,
  receivePackagePayment,
  startPackageCheckout,
  unusedShareMinor,
} from './package-payments';
export type {
  PackageOfPayment,
  PackagePaymentHooks,
  PackageRefundOutcome,
} from './package-payments';
export { manualReceiptOf } from './payment-steps';
export type { PaymentRow } from './payments-repository';
export { manualProvider } from './providers';
export type { PaymentProviders } from './providers';
export { paymentJobs, sendRefundsOfBooking } from './refunds';
export { adminPaymentRoutes, paymentRoutes, stripeWebhookRoutes } from './routes';
export { paymentRefunds, payments } from './schema';
export { createStripeProvider } from './stripe-provider';
