import type { AdminPaymentsPage, PaymentSettingsView, PaymentsList } from '@consult/shared';
import { makeAdminPayment, makePayment, page, paymentSettings } from '../data';
import { answer, apiPath, http } from '../http';

export const paymentsHandlers = [
  http.get(apiPath('/payments'), () =>
    answer<PaymentsList>({ payments: [makePayment()], instructions: null }),
  ),
  // The start page's notice asks for the manual refunds still owed: none by default.
  http.get(apiPath('/admin/payments'), ({ request }) =>
    answer<AdminPaymentsPage>(
      page.payments(
        new URL(request.url).searchParams.get('refunds') === 'owed' ? [] : [makeAdminPayment()],
      ),
    ),
  ),
  http.get(apiPath('/admin/payment-settings'), () => answer<PaymentSettingsView>(paymentSettings)),
];
