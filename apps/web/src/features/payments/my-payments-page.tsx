import { Link } from 'react-router';
import {
  formatMoney,
  PAYMENT_PROVIDER_LABELS,
  receiptPath,
  type PaymentRecord,
} from '@consult/shared';
import { EmptyList } from '../../components/list-detail-layout';
import { PaymentStatusBadge } from '../../components/payment-status-badge';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatPaymentDate } from './payment-format';
import { useGetMyPaymentQuery, useGetMyPaymentsQuery } from './payments-api';

/** /dash/payments: every payment of the client, newest first, with its receipt once paid. */
export function MyPaymentsPage({ timeZone }: { timeZone: string }) {
  useDocumentTitle('Payments');
  const { data, error, isLoading, refetch } = useGetMyPaymentsQuery();
  return (
    <>
      <PageHeader
        title="Payments"
        intro="What you paid for your consultations, with a printable receipt for each."
      />
      {isLoading ? (
        <Skeleton lines={4} label="Loading your payments" />
      ) : !data ? (
        <LoadError what="your payments" error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyList
          title="No payments yet."
          hint="When you book a paid consultation, its payment and receipt appear here."
        />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.map((payment) => (
            <li key={payment.id}>
              <PaymentCard payment={payment} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PaymentCard({ payment, timeZone }: { payment: PaymentRecord; timeZone: string }) {
  const due = payment.provider === 'manual' && payment.status === 'pending';
  return (
    <article className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold wrap-anywhere text-ink">{payment.service.title}</h2>
          <p className="text-sm text-muted">{formatPaymentDate(payment.service.start, timeZone)}</p>
        </div>
        <PaymentStatusBadge status={payment.status} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
        <div>
          <dt className="text-sm font-semibold text-muted">Amount</dt>
          <dd className="text-base text-ink tabular-nums">
            {formatMoney(payment.amountMinor, payment.currency)}
          </dd>
        </div>
        {payment.refundedMinor > 0 && (
          <div>
            <dt className="text-sm font-semibold text-muted">Refunded</dt>
            <dd className="text-base text-ink tabular-nums">
              {formatMoney(payment.refundedMinor, payment.currency)}
            </dd>
          </div>
        )}
        {payment.refundPendingMinor > 0 && (
          <div>
            <dt className="text-sm font-semibold text-muted">Refund pending</dt>
            <dd className="text-base text-ink tabular-nums">
              {formatMoney(payment.refundPendingMinor, payment.currency)}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-sm font-semibold text-muted">Method</dt>
          <dd className="text-base text-ink">{PAYMENT_PROVIDER_LABELS[payment.provider]}</dd>
        </div>
        {payment.paidAt && (
          <div>
            <dt className="text-sm font-semibold text-muted">Paid</dt>
            <dd className="text-base text-ink">{formatPaymentDate(payment.paidAt, timeZone)}</dd>
          </div>
        )}
      </dl>
      {due && <PaymentInstructions id={payment.id} />}
      {payment.receiptNumber && (
        <Link
          to={receiptPath(payment.id)}
          className="mt-4 inline-flex font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
        >
          Receipt {payment.receiptNumber}
        </Link>
      )}
    </article>
  );
}

/** How to pay a manual payment still due, in the owner's words. */
function PaymentInstructions({ id }: { id: string }) {
  const { data } = useGetMyPaymentQuery(id);
  if (!data?.instructions) return null;
  return (
    <div className="mt-4">
      <Alert tone="info" title="How to pay">
        <p className="whitespace-pre-line">{data.instructions}</p>
      </Alert>
    </div>
  );
}
