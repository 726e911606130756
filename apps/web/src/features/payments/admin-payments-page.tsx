import { Link } from 'react-router';
import {
  adminPaymentsQuerySchema,
  formatMoney,
  isLocalDateString,
  packageLine,
  PAYMENT_KINDS,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  paths,
  type PaymentTotals,
} from '@consult/shared';
import { BookingReference } from '../../components/booking-reference';
import { ListDetailLayout } from '../../components/list-detail-layout';
import { ListRowLink, ListState, SearchField } from '../../components/list-state';
import { PaymentStatusBadge } from '../../components/payment-status-badge';
import { PageHeader } from '../../components/ui/card';
import { inputClasses } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { useDebouncedSearchParam } from '../../lib/use-debounced-search-param';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useListParams } from '../../lib/use-list-params';
import { AdminPaymentPanel } from './admin-payment-panel';
import { formatInstant } from '../../lib/date-time';
import { ReceiptNumber } from './receipt-number';
import { RefundsOwedNotice } from './refunds-owed-notice';
import { useGetAdminPaymentsQuery } from './payments-api';

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })),
];
const kindOptions = [
  { value: '', label: 'Bookings and packages' },
  ...PAYMENT_KINDS.map((kind) => ({
    value: kind,
    label: kind === 'booking' ? 'Bookings' : 'Package purchases',
  })),
];
const providerOptions = [
  { value: '', label: 'All methods' },
  ...PAYMENT_PROVIDERS.map((provider) => ({
    value: provider,
    label: PAYMENT_PROVIDER_LABELS[provider],
  })),
];

/**
 * /admin/payments: filters, totals per currency over everything they select, pages and a detail
 * panel with the owner's actions. Filters, page and the open payment live in the address.
 */
export function AdminPaymentsPage({ timeZone }: { timeZone: string }) {
  useDocumentTitle('Payments');
  const { params, page, selected, linkWith, setFilter, clearSelection } = useListParams(
    paths.admin.payments,
    'payment',
  );
  // Values the address may carry that the API would refuse are read as no filter.
  const status = oneOf(PAYMENT_STATUSES, params.get('status'));
  const provider = oneOf(PAYMENT_PROVIDERS, params.get('provider'));
  const kind = oneOf(PAYMENT_KINDS, params.get('kind'));
  const from = localDate(params.get('from'));
  const to = localDate(params.get('to'));
  const client = clientId(params.get('client'));
  const q = params.get('q') ?? '';
  const refunds = params.get('refunds') === 'owed' ? 'owed' : '';
  const { typed, setTyped } = useDebouncedSearchParam('q');
  const { currentData, data, error, isLoading, isFetching, refetch } = useGetAdminPaymentsQuery({
    status,
    provider,
    kind,
    client,
    from,
    to,
    q,
    refunds,
    page,
  });
  const stale = !currentData && isFetching;
  const filtered = Boolean(status || provider || kind || client || from || to || q || refunds);

  const list = (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Status"
          value={status}
          options={statusOptions}
          onChange={(event) => setFilter('status', event.target.value)}
        />
        <SelectField
          label="Method"
          value={provider}
          options={providerOptions}
          onChange={(event) => setFilter('provider', event.target.value)}
        />
        <SelectField
          label="For"
          value={kind}
          options={kindOptions}
          onChange={(event) => setFilter('kind', event.target.value)}
        />
        <SearchField
          id="payment-search"
          label="Search reference, receipt number, client, service or package"
          value={typed}
          onChange={setTyped}
        />
        <DateFilter label="Created from" value={from} onChange={(v) => setFilter('from', v)} />
        <DateFilter label="Created to" value={to} onChange={(v) => setFilter('to', v)} />
      </div>
      {refunds ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-accent-soft px-3 py-2 text-sm text-ink">
          <span>Showing payments with a refund you still have to send.</span>
          <Link
            to={linkWith({ refunds: null, page: null, payment: null })}
            className="font-semibold text-brand underline underline-offset-4"
          >
            Show every payment
          </Link>
        </p>
      ) : (
        <RefundsOwedNotice />
      )}
      {client && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">
          <span>Showing one client’s payments.</span>
          <Link
            to={linkWith({ client: null, page: null, payment: null })}
            className="font-semibold text-brand underline underline-offset-4"
          >
            Show every client
          </Link>
        </p>
      )}
      <ListState
        loading={isLoading}
        loadingLabel="Loading payments"
        data={data}
        items={data?.payments}
        total={data?.totalPayments}
        what="the payments"
        error={error}
        onRetry={() => void refetch()}
        fetching={isFetching}
        stale={stale}
        emptyTitle={
          refunds
            ? 'No refunds owed: every refund has been sent.'
            : filtered
              ? 'No payments match these filters.'
              : 'No payments yet.'
        }
        emptyHint={
          filtered
            ? 'Clear a filter or widen the dates.'
            : 'Paid bookings and package purchases create their payments here.'
        }
        noun={['payment', 'payments']}
        renderCount={(count) => <Totals totals={data?.totals ?? []} count={count} />}
        renderItem={(payment) => (
          <ListRowLink to={linkWith({ payment: payment.id })} selected={payment.id === selected}>
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold break-all text-ink">{payment.client.name}</span>
              <span className="font-semibold text-ink tabular-nums">
                {formatMoney(payment.amountMinor, payment.currency)}
              </span>
            </span>
            <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <PaymentStatusBadge status={payment.status} />
              <span className="wrap-anywhere">
                {payment.package ? packageLine(payment.package) : payment.service?.title}
              </span>
              <span>· {formatInstant(payment.createdAt, timeZone)}</span>
              {payment.bookingReference ? (
                <span>
                  · <BookingReference reference={payment.bookingReference} />
                </span>
              ) : (
                <span>· Package</span>
              )}
              {payment.receiptNumber && (
                <span className="inline-flex items-center gap-1">
                  · <ReceiptNumber number={payment.receiptNumber} isVoid={payment.receiptVoid} />
                </span>
              )}
              {payment.refundPendingMinor > 0 && (
                <span>
                  ·{' '}
                  {payment.provider === 'manual'
                    ? `Refund owed ${formatMoney(payment.refundPendingMinor, payment.currency)}`
                    : 'Refund pending'}
                </span>
              )}
            </span>
          </ListRowLink>
        )}
        hrefFor={(target) => linkWith({ page: String(target) })}
      />
    </div>
  );

  return (
    <>
      <PageHeader
        title="Payments"
        intro={`Every payment of a paid booking or a package purchase. Days are in ${timeZone}.`}
      />
      <ListDetailLayout
        list={list}
        panel={selected ? <AdminPaymentPanel id={selected} timeZone={timeZone} /> : null}
        backLabel="← All payments"
        onBack={clearSelection}
        placeholder="Choose a payment to see what it paid for, its client, receipt and actions."
      />
    </>
  );
}

function oneOf(values: readonly string[], value: string | null): string {
  return value && values.includes(value) ? value : '';
}

function clientId(value: string | null): string {
  return value && adminPaymentsQuerySchema.shape.client.safeParse(value).success ? value : '';
}

function localDate(value: string | null): string {
  return value && isLocalDateString(value) ? value : '';
}

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `payments-${label.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      />
    </div>
  );
}

/** What the selection received and returned, per currency (amounts are never added across currencies). */
function Totals({ totals, count }: { totals: PaymentTotals[]; count: string }) {
  return (
    <section aria-label="Totals" aria-live="polite" className="flex flex-col gap-2">
      <p className="text-sm text-muted">{count}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        {totals.map((total) => (
          <div
            key={total.currency}
            className="rounded-xl border border-line bg-surface px-4 py-3 shadow-sm"
          >
            <dt className="text-sm font-semibold text-muted">{total.currency}</dt>
            <dd className="mt-1 flex flex-col text-sm text-ink">
              <span>
                Received{' '}
                <strong className="tabular-nums">
                  {formatMoney(total.paidMinor, total.currency)}
                </strong>
              </span>
              <span>
                Refunded{' '}
                <strong className="tabular-nums">
                  {formatMoney(total.refundedMinor, total.currency)}
                </strong>
              </span>
              <span>
                Net{' '}
                <strong className="tabular-nums">
                  {formatMoney(total.paidMinor - total.refundedMinor, total.currency)}
                </strong>
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
