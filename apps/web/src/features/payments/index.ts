export { MyPaymentsPage } from './my-payments-page';
export { ReceiptPage } from './receipt-page';
export { AdminPaymentsPage } from './admin-payments-page';
export { PaymentSettingsCard } from './payment-settings-card';
export { ClientPaymentsSection } from './client-payments-section';
export { RefundsOwedNotice } from './refunds-owed-notice';
