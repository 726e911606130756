/** The booking's payment in its owner panel, with the way to it on /admin/payments. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  adminPaymentPath,
  formatMoney,
  hasVoidReceipt,
  PAYMENT_PROVIDER_LABELS,
  type BookingPayment,
} from '@consult/shared';
import { PaymentStatusBadge } from '../../../components/payment-status-badge';
import { DetailList } from '../../../components/ui/detail-list';

export function BookingPaymentSection({ payment }: { payment: BookingPayment }) {
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const rows: [string, ReactNode][] = [
    ['Status', <PaymentStatusBadge key="status" status={payment.status} />],
    ['Amount', money(payment.amountMinor)],
    ['Refunded', money(payment.refundedMinor)],
  ];
  if (payment.refundPendingMinor > 0) {
    rows.push(
      payment.provider === 'manual'
        ? ['Refund owed', `${money(payment.refundPendingMinor)}, not sent yet`]
        : ['Refund pending', `${money(payment.refundPendingMinor)}, waiting for Stripe`],
    );
  }
  rows.push(
    [
      'Receipt',
      payment.receiptNumber
        ? `${payment.receiptNumber}${hasVoidReceipt(payment) ? ' (VOID)' : ''}`
        : 'Issued once paid',
    ],
    ['Method', PAYMENT_PROVIDER_LABELS[payment.provider]],
  );
  return (
    <section
      aria-labelledby="booking-payment-title"
      className="flex flex-col gap-3 border-t border-line pt-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="booking-payment-title" className="text-lg font-semibold text-ink">
          Payment
        </h3>
        <Link
          to={adminPaymentPath(payment.id)}
          className="font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
        >
          Open the payment
        </Link>
      </div>
      <DetailList rows={rows} />
    </section>
  );
}
