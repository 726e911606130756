/**
 * Package credits on bookings (issue 24): `BookingCreditHooks`, declared by bookings, implemented
 * here and handed over in `AppDeps.bookingCredits`. Each step runs in the booking change's
 * transaction and writes the purchase's ledger.
 */
import type { BookingCreditHooks } from '../bookings';
import {
  creditUsesOfBookings,
  findBookingCreditUse,
  insertCreditEntry,
  lockPurchase,
  takeOneCredit,
  updatePurchase,
} from './purchases-repository';

export const bookingCreditHooks: BookingCreditHooks = {
  async spendCredit(tx, request) {
    const purchaseId = await takeOneCredit(tx, request);
    return purchaseId ? { purchaseId } : null;
  },

  async recordCreditUse(tx, use) {
    await insertCreditEntry(tx, {
      purchaseId: use.purchaseId,
      delta: -1,
      reason: 'booking',
      bookingId: use.bookingId,
      actorId: use.actorId,
    });
  },

  async settleCredit(tx, settle) {
    const use = await findBookingCreditUse(tx, settle.bookingId);
    if (!use || use.settled) return null;
    if (settle.outcome === 'returned') {
      const purchase = await lockPurchase(tx, use.purchaseId);
      // A purchase refunded meanwhile had its unused credits withdrawn: nothing comes back to it.
      if (purchase?.state !== 'paid') return null;
      await updatePurchase(tx, purchase.id, { creditsRemaining: purchase.creditsRemaining + 1 });
    }
    await insertCreditEntry(tx, {
      purchaseId: use.purchaseId,
      delta: settle.outcome === 'returned' ? 1 : 0,
      reason: settle.outcome,
      bookingId: settle.bookingId,
      actorId: settle.actorId,
    });
    return settle.outcome;
  },

  creditsOfBookings: creditUsesOfBookings,
};
