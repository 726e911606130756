import { useId } from 'react';
import { Link } from 'react-router';
import { adminPaymentPath, formatMoney, packageLine, paths } from '@consult/shared';
import { EmptyList } from '../../components/list-detail-layout';
import { PaymentStatusBadge } from '../../components/payment-status-badge';
import { LoadError, Skeleton } from '../../components/query-state';
import { formatInstant } from '../../lib/date-time';
import { useGetAdminPaymentsQuery } from './payments-api';

const linkClasses = 'font-semibold text-brand underline underline-offset-4 hover:text-brand-strong';

/**
 * One client's payments, newest first, in their panel on /admin/users; each opens on
 * /admin/payments, where the owner's actions are. Dates are in the owner's zone.
 */
export function ClientPaymentsSection({
  clientId,
  timeZone,
}: {
  clientId: string;
  timeZone: string;
}) {
  const headingId = useId();
  // `currentData`: another client's payments must not show while this one's load.
  const { currentData, error, isFetching, refetch } = useGetAdminPaymentsQuery({
    client: clientId,
    page: 1,
  });
  const more = currentData && currentData.totalPages > 1;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-ink">
          Payments
        </h3>
        {more && (
          <Link
            to={`${paths.admin.payments}?client=${encodeURIComponent(clientId)}`}
            className={linkClasses}
          >
            All {currentData.totalPayments} payments
          </Link>
        )}
      </div>
      {!currentData && isFetching ? (
        <Skeleton lines={3} label="Loading their payments" />
      ) : !currentData ? (
        <LoadError what="their payments" error={error} onRetry={() => void refetch()} />
      ) : currentData.payments.length === 0 ? (
        <EmptyList
          title="No payments yet."
          hint="Their paid bookings and package purchases create payments here."
        />
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
          {currentData.payments.map((payment) => (
            <li key={payment.id}>
              <Link
                to={adminPaymentPath(payment.id)}
                className="flex flex-col gap-1 px-4 py-3 hover:bg-brand-soft"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold wrap-anywhere text-ink">
                    {payment.package ? packageLine(payment.package) : payment.service?.title}
                  </span>
                  <span className="font-semibold text-ink tabular-nums">
                    {formatMoney(payment.amountMinor, payment.currency)}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
                  <PaymentStatusBadge status={payment.status} />
                  <span>
                    {payment.service
                      ? formatInstant(payment.service.start, timeZone)
                      : `Package bought ${formatInstant(payment.createdAt, timeZone)}`}
                  </span>
                  {payment.receiptNumber && (
                    <span>
                      · Receipt {payment.receiptNumber}
                      {payment.receiptVoid ? ' (VOID)' : ''}
                    </span>
                  )}
                  {payment.refundPendingMinor > 0 && (
                    <span>
                      · {payment.provider === 'manual' ? 'Refund owed' : 'Refund pending'}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
