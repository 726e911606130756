/** The range's figures, each beside its change against the range before. */
import type { ReactNode } from 'react';
import {
  BOOKING_STATES,
  BOOKING_STATE_LABELS,
  METRICS_MESSAGES,
  formatMoney,
  type MetricsFigures,
} from '@consult/shared';
import { countChange, formatShare, shareChange, type Change } from './metrics-format';

function ChangeNote({ change, label }: { change: Change | null; label: string }) {
  if (!change) return null;
  return (
    // No colour for up or down: more bookings is good news, more no-shows is not.
    <p className="text-sm text-muted">
      <span className="sr-only">{label}: </span>
      {change.text}
    </p>
  );
}

/** A figure with what it counts (`counts`), so no number is read against the wrong dates. */
function Figure({
  title,
  counts,
  value,
  change,
  children,
}: {
  title: string;
  counts: string;
  value: ReactNode;
  change?: Change | null;
  children?: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h3 className="text-sm font-semibold text-muted">{title}</h3>
      <p className="text-sm text-muted">{counts}</p>
      <p className="text-3xl font-semibold text-ink tabular-nums">{value}</p>
      {change !== undefined && <ChangeNote change={change} label="Against the previous range" />}
      {children}
    </section>
  );
}

/** A share, or "—" with why there is none (its denominator is zero), never 0 %. */
function Share({ value, reason }: { value: number | null; reason: string }) {
  if (value !== null) return <>{formatShare(value)}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not available</span>
      <span className="mt-1 block text-sm font-normal text-muted">{reason}</span>
    </>
  );
}

function Breakdown({ rows }: { rows: [string, number][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, count]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right font-semibold text-ink tabular-nums">{count}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every currency of either range, so money that stopped coming in shows its drop. */
/** "1.5 h": hours to a tenth, without trailing zeros. */
const formatHours = (hours: number) => `${Math.round(hours * 10) / 10} h`;

function revenueRows(current: MetricsFigures, previous: MetricsFigures) {
  const before = new Map(previous.revenue.map((r) => [r.currency, r.netMinor]));
  const currencies = [
    ...new Set([...current.revenue, ...previous.revenue].map((r) => r.currency)),
  ].sort();
  return currencies.map((currency) => {
    const now = current.revenue.find((r) => r.currency === currency);
    return {
      currency,
      paidMinor: now?.paidMinor ?? 0,
      refundedMinor: now?.refundedMinor ?? 0,
      netMinor: now?.netMinor ?? 0,
      previousNetMinor: before.get(currency) ?? 0,
    };
  });
}

function RevenueValue({ revenue }: { revenue: MetricsFigures['revenue'] }) {
  if (revenue.length === 0) return <>None</>;
  return (
    <span className="flex flex-col">
      {revenue.map((r) => (
        <span key={r.currency}>{formatMoney(r.netMinor, r.currency)}</span>
      ))}
    </span>
  );
}

export function MetricsFiguresGrid({
  current,
  previous,
}: {
  current: MetricsFigures;
  previous: MetricsFigures;
}) {
  const { cancellations } = current;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Figure
        title="Bookings that start in this range"
        counts="Sessions whose time falls in the range, by their state today, whenever they were booked."
        value={current.bookings.total}
        change={countChange(current.bookings.total, previous.bookings.total)}
      >
        <Breakdown
          rows={BOOKING_STATES.map((state) => [
            BOOKING_STATE_LABELS[state],
            current.bookings.byState[state],
          ])}
        />
      </Figure>
      <Figure
        title="Bookings made in this range"
        counts="Booked in the range, whenever the session takes place; payment holds that expired are left out."
        value={current.bookingsMade}
        change={countChange(current.bookingsMade, previous.bookingsMade)}
      />
      <Figure
        title="Cancellations"
        counts="Cancelled bookings that start in this range."
        value={cancellations.clientEarly + cancellations.clientLate + cancellations.owner}
        change={countChange(
          current.bookings.byState.cancelled,
          previous.bookings.byState.cancelled,
        )}
      >
        <Breakdown
          rows={[
            ['By the client, before the cutoff', cancellations.clientEarly],
            ['By the client, after the cutoff', cancellations.clientLate],
            ['By you', cancellations.owner],
          ]}
        />
      </Figure>
      <Figure
        title="Revenue (paid minus refunded)"
        counts="Payments by the day they were received, refunds by the day they were made."
        value={<RevenueValue revenue={current.revenue} />}
      >
        {revenueRows(current, previous).map((r) => (
          <div key={r.currency} className="text-sm">
            <p className="text-muted">
              {r.currency}: paid {formatMoney(r.paidMinor, r.currency)}, refunded{' '}
              {formatMoney(r.refundedMinor, r.currency)}
            </p>
            <ChangeNote
              label={`${r.currency} against the previous range`}
              change={countChange(r.netMinor, r.previousNetMinor, (n) =>
                formatMoney(n, r.currency),
              )}
            />
          </div>
        ))}
        {current.revenue.length === 0 && (
          <p className="text-sm text-muted">No payments or refunds in this range.</p>
        )}
      </Figure>
      <Figure
        title="Package credits outstanding"
        counts="Unused credits of paid packages that have not expired: sessions still owed, today."
        value={current.credits.outstanding}
      >
        <Breakdown
          rows={[
            ['Sold in this range', current.credits.sold],
            ['Used in this range', current.credits.used],
          ]}
        />
      </Figure>
      <Figure
        title="Freed hours re-booked from the waitlist"
        counts="Sessions booked from a waitlist offer accepted in this range and still booked: time a cancellation would have left empty."
        value={formatHours(current.waitlist.rebookedHours)}
        change={countChange(
          current.waitlist.rebookedHours,
          previous.waitlist.rebookedHours,
          formatHours,
        )}
      >
        <Breakdown rows={[['Sessions', current.waitlist.rebookedSessions]]} />
      </Figure>
      <Figure
        title="New clients"
        counts="Client accounts created in this range."
        value={current.newClients}
        change={countChange(current.newClients, previous.newClients)}
      />
      <Figure
        title="Contact messages"
        counts="Messages from the contact form received in this range."
        value={current.contactMessages}
        change={countChange(current.contactMessages, previous.contactMessages)}
      />
      <Figure
        title="Utilisation (booked over open hours)"
        counts="Hours of confirmed, completed and missed sessions that start in this range, over your open hours."
        value={<Share value={current.utilisation} reason={METRICS_MESSAGES.noOpenHours} />}
        change={shareChange(current.utilisation, previous.utilisation)}
      />
      <Figure
        title="No-show rate"
        counts="Missed sessions over sessions held or missed, among those that start in this range."
        value={<Share value={current.noShowRate} reason={METRICS_MESSAGES.noAttendance} />}
        change={shareChange(current.noShowRate, previous.noShowRate)}
      />
    </div>
  );
}
