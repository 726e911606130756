/**
 * What else follows the site's currency besides services (decision 037): packages and discount
 * codes' fixed amounts. Both modules sit above bookings in the order of layers (decision 053), so
 * bookings declares this interface, `modules/packages` and `modules/coupons` each implement it and
 * `app.ts` hands them over in `AppDeps` (`deps.siteCurrencyFollowers`). The owner's preview and the
 * change read the same rows with the same rule, so the preview names what the change does.
 */
import type { SiteCurrencyPreview } from '@consult/shared';
import type { Db, Tx } from '../../db/client';

export interface SiteCurrencyChange {
  from: string;
  to: string;
}

/** A follower's part of the preview; bookings adds the services'. */
export type SiteCurrencyPreviewPart = Partial<
  Pick<SiteCurrencyPreview, 'moves' | 'codeAmounts' | 'others' | 'codesWithoutAmount'>
>;

export interface SiteCurrencyFollower {
  /** What the change would do to this follower's rows; reads without locks. */
  preview: (db: Db, change: SiteCurrencyChange) => Promise<SiteCurrencyPreviewPart>;
  /** Moves them inside the change's transaction (their rows locked), each change audited. */
  move: (tx: Tx, actorId: string, change: SiteCurrencyChange) => Promise<void>;
}
