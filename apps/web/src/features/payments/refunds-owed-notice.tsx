import { Link } from 'react-router';
import { paths } from '@consult/shared';
import { useGetAdminPaymentsQuery } from './payments-api';

/** The address of the owner's list of payments with a manual refund still to send. */
export const refundsOwedHref = `${paths.admin.payments}?refunds=owed`;

/**
 * "Refunds owed N": manual refunds the business has decided and not yet confirmed sending, with the
 * way to the list where each is confirmed. Nothing shows while there are none (or while loading).
 */
export function RefundsOwedNotice() {
  const { data } = useGetAdminPaymentsQuery({ refunds: 'owed', page: 1 });
  const count = data?.totalPayments ?? 0;
  if (count === 0) return null;
  return (
    <section
      aria-label="Refunds owed"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-accent bg-accent-soft px-5 py-4 text-ink"
    >
      <p className="min-w-0">
        <strong className="font-semibold">Refunds owed {count}</strong>
        <span className="block text-sm">
          {count === 1 ? 'A refund is' : 'Refunds are'} waiting to be sent to{' '}
          {count === 1 ? 'a client' : 'clients'}. Send the money, then confirm it.
        </span>
      </p>
      <Link
        to={refundsOwedHref}
        className="font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
      >
        Open refunds owed
      </Link>
    </section>
  );
}
