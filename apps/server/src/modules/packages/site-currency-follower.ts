/**
 * Packages follow the site's currency as services do (decision 037): a package without a currency
 * of its own moves with a change of the site's, in the change's transaction, keeping the number
 * the owner typed; each move is audited as a `package.update`. Purchases keep their own currency.
 */
import type { Db, Tx } from '../../db/client';
import { auditChange, insertAuditChange } from '../audit';
import { followingAmount, type SiteCurrencyChange, type SiteCurrencyFollower } from '../bookings';
import {
  listOwnCurrencyPackagesNotIn,
  listPackagesFollowingSiteNotIn,
  updatePackage,
  type PackageRow,
} from './packages-repository';

function moveOf(row: PackageRow, to: string) {
  return {
    kind: 'package' as const,
    id: row.id,
    title: row.title,
    from: { currency: row.currency, amountMinor: row.priceMinor },
    to: { currency: to, amountMinor: followingAmount(row.priceMinor, row.currency, to) },
  };
}

async function preview(db: Db, change: SiteCurrencyChange) {
  const moving = await listPackagesFollowingSiteNotIn(db, change.to, { lock: false });
  const staying = await listOwnCurrencyPackagesNotIn(db, change.to);
  return {
    moves: moving.map((row) => moveOf(row, change.to)),
    others: staying.map((row) => ({
      kind: 'package' as const,
      id: row.id,
      title: row.title,
      currency: row.currency,
    })),
  };
}

async function move(tx: Tx, actorId: string, change: SiteCurrencyChange) {
  for (const row of await listPackagesFollowingSiteNotIn(tx, change.to, { lock: true })) {
    const { to } = moveOf(row, change.to);
    await updatePackage(tx, row.id, { currency: to.currency, priceMinor: to.amountMinor });
    await insertAuditChange(tx, {
      actorId,
      action: 'package.update',
      target: row.id,
      change: auditChange(
        { currency: row.currency, priceMinor: row.priceMinor },
        { currency: to.currency, priceMinor: to.amountMinor },
      ),
    });
  }
}

export const packageCurrencyFollower: SiteCurrencyFollower = { preview, move };
