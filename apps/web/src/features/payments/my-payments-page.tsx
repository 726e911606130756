import { Link } from 'react-router';
import {
  formatMoney,
  packageLine,
  PAYMENT_METHOD_LABELS,
  NO_PAYMENT_INSTRUCTIONS_TEXT,
  PAYMENT_PROVIDER_LABELS,
  paymentReferenceLine,
  receiptPath,
  type PaymentRecord,
} from '@consult/shared';
import { BookingReference } from '../../components/booking-reference';
import { EmptyList } from '../../components/list-detail-layout';
import { PaymentStatusBadge } from '../../components/payment-status-badge';
import { LoadError, Skeleton } from '../../components/query-state';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatInstant } from '../../lib/date-time';
import { useGetMyPaymentsQuery } from './payments-api';

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
      ) : data.payments.length === 0 ? (
        <EmptyList
          title="No payments yet."
          hint="When you book a paid consultation, its payment and receipt appear here."
        />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.payments.map((payment) => (
            <li key={payment.id}>
              <PaymentCard payment={payment} instructions={data.instructions} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PaymentCard({
  payment,
  instructions,
  timeZone,
}: {
  payment: PaymentRecord;
  /** The owner's instructions for paying by hand, sent with the list when one is due so. */
  instructions: string | null;
  timeZone: string;
}) {
  const due = payment.provider === 'manual' && payment.status === 'pending';
  return (
    <article className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold wrap-anywhere text-ink">
            {payment.package ? packageLine(payment.package) : payment.service?.title}
          </h2>
          {payment.service && payment.bookingReference ? (
            <p className="text-sm text-muted">
              {formatInstant(payment.service.start, timeZone)} ·{' '}
              <BookingReference reference={payment.bookingReference} className="text-ink" />
            </p>
          ) : (
            <p className="text-sm text-muted">Package of sessions</p>
          )}
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
            <dt className="text-sm font-semibold text-muted">
              {payment.provider === 'manual' ? 'Refund owed' : 'Refund pending'}
            </dt>
            <dd className="text-base text-ink tabular-nums">
              {formatMoney(payment.refundPendingMinor, payment.currency)}
              {payment.provider === 'manual' && (
                <span className="block text-sm text-muted">
                  Will be sent to you by the business; you get an e-mail when it is sent.
                </span>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-sm font-semibold text-muted">Method</dt>
          <dd className="text-base text-ink">
            {payment.paidMethod
              ? PAYMENT_METHOD_LABELS[payment.paidMethod]
              : PAYMENT_PROVIDER_LABELS[payment.provider]}
          </dd>
        </div>
        {payment.paidAt && (
          <div>
            <dt className="text-sm font-semibold text-muted">Paid</dt>
            <dd className="text-base text-ink">{formatInstant(payment.paidAt, timeZone)}</dd>
          </div>
        )}
      </dl>
      {due && (
        <PaymentInstructions
          instructions={instructions}
          reference={payment.bookingReference ?? payment.package?.title ?? ''}
        />
      )}
      {payment.receiptNumber && (
        <Link
          to={receiptPath(payment.id)}
          className="mt-4 inline-flex font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
        >
          Receipt {payment.receiptNumber}
          {payment.receiptVoid ? ' (VOID)' : ''}
        </Link>
      )}
    </article>
  );
}

/**
 * How to pay a manual payment still due, in the owner's words, with the reference to give. The
 * words come with the list, so the card has its full height as it first renders and the receipt
 * link under it never moves.
 */
function PaymentInstructions({
  instructions,
  reference,
}: {
  instructions: string | null;
  reference: string;
}) {
  return (
    <div className="mt-4">
      <Alert tone="info" title="How to pay">
        <p className="whitespace-pre-line [overflow-wrap:anywhere]">
          {instructions?.trim() || NO_PAYMENT_INSTRUCTIONS_TEXT}
        </p>
        <p className="mt-2">{paymentReferenceLine(reference)}</p>
      </Alert>
    </div>
  );
}
