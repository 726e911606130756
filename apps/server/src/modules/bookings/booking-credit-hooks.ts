/**
 * What a booking's changes ask of package credits (issue 24). Packages sit above bookings in the
 * order of layers (decision 053): this module declares what it needs, `modules/packages`
 * implements it, and `app.ts` hands it over in `AppDeps` (`deps.bookingCredits`). Every step runs
 * in the booking change's own transaction: a booking and its credit commit together.
 */
import type { Db, Tx } from '../../db/client';

export interface BookingCreditHooks {
  /**
   * Takes one credit of the client's that covers the service, the oldest expiring first, and
   * answers its purchase; null when none is usable now. Concurrent calls never take the same
   * credit twice (the purchase's counter is decremented only while above 0).
   */
  spendCredit: (
    tx: Tx,
    request: { clientId: string; serviceId: string; now: Date },
  ) => Promise<{ purchaseId: string } | null>;
  /** The credit taken for the booking just inserted, written to the purchase's ledger. */
  recordCreditUse: (
    tx: Tx,
    use: { purchaseId: string; bookingId: string; actorId: string | null },
  ) => Promise<void>;
  /**
   * A booking paid with a credit ends without taking place: before the cancellation cutoff the
   * credit is given back, after it (or a no-show) it is forfeited. Once per booking; nothing for
   * a booking paid otherwise.
   */
  settleCredit: (
    tx: Tx,
    settle: { bookingId: string; outcome: 'returned' | 'forfeited'; actorId: string | null },
  ) => Promise<'returned' | 'forfeited' | null>;
  /** The purchases whose credits paid these bookings, by booking id. */
  creditsOfBookings: (db: Db, bookingIds: string[]) => Promise<Map<string, string>>;
}
