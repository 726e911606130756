/** A discount code's uses, newest first: who, for what, the amounts and what became of each. */
import { formatMoney, type AdminCoupon, type CouponUseState } from '@consult/shared';
import { Pill } from '../../components/ui/pill';
import { detectTimeZone, formatShortDate } from '../../lib/date-time';
import { useOwnerTimeZone } from '../../lib/owner-time-zone-api';

const STATES: Record<CouponUseState, { label: string; tone: string }> = {
  redeemed: { label: 'Redeemed', tone: 'bg-success-soft text-success' },
  reserved: { label: 'Awaiting payment', tone: 'bg-accent-soft text-ink' },
  released: { label: 'Released', tone: 'bg-line text-muted' },
};

export function CouponUses({ coupon }: { coupon: AdminCoupon }) {
  const timeZone = useOwnerTimeZone() ?? detectTimeZone();
  if (coupon.uses.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-line p-4 text-base text-muted">
        Nobody has used {coupon.code} yet.
      </p>
    );
  }
  return (
    <ul
      aria-label={`Redemptions of ${coupon.code}`}
      className="divide-y divide-line rounded-xl border border-line"
    >
      {coupon.uses.map((use) => {
        const money = (minor: number) => formatMoney(minor, use.currency);
        const state = STATES[use.state];
        return (
          <li key={use.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:gap-4">
            <div className="min-w-0 flex-1">
              <p className="font-semibold wrap-anywhere text-ink">
                {use.client.name}{' '}
                <span className="font-normal text-muted">({use.client.email})</span>
              </p>
              <p className="text-sm text-muted">
                {formatShortDate(use.at, timeZone)} ·{' '}
                {use.kind === 'booking'
                  ? `Booking ${use.bookingReference ?? ''} · ${use.title}`
                  : `Package · ${use.title}`}
              </p>
              <p className="text-sm text-ink">
                {money(use.originalMinor)} − {money(use.discountMinor)} ={' '}
                <strong>{money(use.totalMinor)}</strong>
              </p>
            </div>
            <span className="shrink-0 self-start">
              <Pill tone={state.tone}>{state.label}</Pill>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
