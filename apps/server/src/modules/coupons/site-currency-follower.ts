/**
 * A fixed-amount code follows the site's currency with decision 037's rule for prices: when the
 * site's currency changes, a code with an amount in the former currency and none in the new one
 * gets the same number in the new one (20 USD off → 20 GBP off), in the change's transaction,
 * audited as a `coupon.update`. Its other amounts stay: services and packages charged in a
 * currency of their own still use them, and uses already made keep the discount they got.
 */
import { COUPON_CURRENCIES_MAX, type CouponAmount } from '@consult/shared';
import type { Db, Tx } from '../../db/client';
import { auditChange, insertAuditChange } from '../audit';
import { followingAmount, type SiteCurrencyChange, type SiteCurrencyFollower } from '../bookings';
import { listFixedAmountCoupons, updateCoupon, type CouponRow } from './coupons-repository';

/**
 * The amount a code gets in the new currency, or null when it gets none: it has one already, has
 * none in the former currency, names as many currencies as a code may, or the number rounds to 0.
 */
export function followingCodeAmount(
  amounts: readonly CouponAmount[],
  change: SiteCurrencyChange,
): { from: CouponAmount; to: CouponAmount } | null {
  if (change.from === change.to) return null;
  if (amounts.some((amount) => amount.currency === change.to)) return null;
  const from = amounts.find((amount) => amount.currency === change.from);
  if (!from || amounts.length >= COUPON_CURRENCIES_MAX) return null;
  const amountMinor = followingAmount(from.amountMinor, change.from, change.to);
  return amountMinor >= 1 ? { from, to: { currency: change.to, amountMinor } } : null;
}

function plan(rows: readonly CouponRow[], change: SiteCurrencyChange) {
  const gaining = [];
  const without = [];
  for (const row of rows) {
    const amounts = row.amountOff ?? [];
    const follows = followingCodeAmount(amounts, change);
    if (follows) gaining.push({ row, ...follows });
    else if (row.active && !amounts.some((amount) => amount.currency === change.to)) {
      without.push(row);
    }
  }
  return { gaining, without };
}

async function preview(db: Db, change: SiteCurrencyChange) {
  const { gaining, without } = plan(await listFixedAmountCoupons(db, { lock: false }), change);
  return {
    codeAmounts: gaining.map(({ row, from, to }) => ({
      id: row.id,
      code: row.code,
      from: { currency: from.currency, amountMinor: from.amountMinor },
      to: { currency: to.currency, amountMinor: to.amountMinor },
    })),
    codesWithoutAmount: without.map((row) => ({
      id: row.id,
      code: row.code,
      currencies: (row.amountOff ?? []).map((amount) => amount.currency),
    })),
  };
}

async function move(tx: Tx, actorId: string, change: SiteCurrencyChange) {
  const { gaining } = plan(await listFixedAmountCoupons(tx, { lock: true }), change);
  for (const { row, to } of gaining) {
    const before = row.amountOff ?? [];
    const after = [...before, to];
    await updateCoupon(tx, row.id, { amountOff: after });
    await insertAuditChange(tx, {
      actorId,
      action: 'coupon.update',
      target: row.id,
      change: auditChange({ amountOff: before }, { amountOff: after }),
    });
  }
}

export const couponCurrencyFollower: SiteCurrencyFollower = { preview, move };
