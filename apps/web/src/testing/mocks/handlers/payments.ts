import type { AdminPaymentsPage, PaymentsList } from '@consult/shared';
import { makeAdminPayment, makePayment, page } from '../data';
import { answer, apiPath, http } from '../http';

export const paymentsHandlers = [
  http.get(apiPath('/payments'), () =>
    answer<PaymentsList>({ payments: [makePayment()], instructions: null }),
  ),
  http.get(apiPath('/admin/payments'), () =>
    answer<AdminPaymentsPage>(page.payments([makeAdminPayment()])),
  ),
];
