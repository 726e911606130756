/** The payments calls: the client's payments and receipts, the owner's payments screen and actions. */
import type {
  AdminPaymentDetail,
  AdminPaymentsPage,
  ConfirmRefundSentInput,
  MarkPaidInput,
  PaymentDetail,
  PaymentSettingsInput,
  PaymentSettingsView,
  PaymentsList,
  RefundPaymentInput,
  VoidPaymentInput,
} from '@consult/shared';
import { api } from '../../lib/api';

export interface AdminPaymentsArgs {
  status?: string;
  provider?: string;
  /** `booking` or `package`: one kind of payment. */
  kind?: string;
  /** One client's payments: their user id. */
  client?: string;
  from?: string;
  to?: string;
  q?: string;
  /** `owed`: payments with a manual refund still to send. */
  refunds?: string;
  page: number;
}

/** The query string of the owner's list: empty filters are left out. */
export function adminPaymentsParams(args: AdminPaymentsArgs): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  return params;
}

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyPayments: build.query<PaymentsList, void>({
      query: () => '/payments',
      providesTags: ['Payment'],
    }),
    getMyPayment: build.query<PaymentDetail, string>({
      query: (id) => `/payments/${encodeURIComponent(id)}`,
      providesTags: ['Payment'],
    }),
    getAdminPayments: build.query<AdminPaymentsPage, AdminPaymentsArgs>({
      query: (args) => ({ url: '/admin/payments', params: adminPaymentsParams(args) }),
      providesTags: ['Payment'],
    }),
    getAdminPayment: build.query<AdminPaymentDetail, string>({
      query: (id) => `/admin/payments/${encodeURIComponent(id)}`,
      providesTags: ['Payment'],
    }),
    markPaymentPaid: build.mutation<AdminPaymentDetail, { id: string } & MarkPaidInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/payments/${encodeURIComponent(id)}/mark-paid`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Payment', 'Booking'],
    }),
    voidPayment: build.mutation<AdminPaymentDetail, { id: string } & VoidPaymentInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/payments/${encodeURIComponent(id)}/void`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Payment', 'Booking'],
    }),
    confirmRefundSent: build.mutation<
      AdminPaymentDetail,
      { id: string; refundId: number } & ConfirmRefundSentInput
    >({
      query: ({ id, refundId, ...body }) => ({
        url: `/admin/payments/${encodeURIComponent(id)}/refunds/${refundId}/sent`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Payment', 'Booking'],
    }),
    refundPayment: build.mutation<AdminPaymentDetail, { id: string } & RefundPaymentInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/payments/${encodeURIComponent(id)}/refund`,
        method: 'POST',
        body,
      }),
      // A package's refund withdraws its unused credits (decision 064): credits are read again.
      invalidatesTags: ['Payment', 'Booking', 'Package'],
    }),
    getPaymentSettings: build.query<PaymentSettingsView, void>({
      query: () => '/admin/payment-settings',
      providesTags: ['Payment'],
    }),
    savePaymentSettings: build.mutation<PaymentSettingsView, PaymentSettingsInput>({
      query: (body) => ({ url: '/admin/payment-settings', method: 'PUT', body }),
      invalidatesTags: ['Payment'],
    }),
  }),
});

export const {
  useGetMyPaymentsQuery,
  useGetMyPaymentQuery,
  useGetAdminPaymentsQuery,
  useGetAdminPaymentQuery,
  useMarkPaymentPaidMutation,
  useRefundPaymentMutation,
  useVoidPaymentMutation,
  useConfirmRefundSentMutation,
  useGetPaymentSettingsQuery,
  useSavePaymentSettingsMutation,
} = paymentsApi;
