/**
 * What a booking (and, through the same interface, a package purchase) asks of discount codes
 * (issue 24). Coupons sit above bookings and packages in the order of layers (decision 053): this
 * module, the lowest that applies a code, declares the interface, `modules/coupons` implements it
 * and `app.ts` hands it over in `AppDeps` (`deps.discountCodes`). Both steps run in the booking's
 * or purchase's own transaction: the code's row stays locked until it commits, so a limited
 * code's last use goes to exactly one of the clients racing for it (decision 063).
 */
import type { Db, Tx } from '../../db/client';

/** What the code is for: a service booked, or a package bought. */
export type DiscountTarget =
  { kind: 'service'; serviceId: string } | { kind: 'package'; packageId: string };

/** A code accepted for one price: the discount to take off and the price to charge. */
export interface AppliedDiscount {
  couponId: string;
  /** As stored (upper-case). */
  code: string;
  clientId: string;
  originalMinor: number;
  discountMinor: number;
  /** originalMinor − discountMinor: what the client pays; 0 confirms without payment. */
  totalMinor: number;
  currency: string;
}

export interface DiscountCodeHooks {
  /**
   * Locks the code's row and checks it for this client, target and price (validity in the owner's
   * zone, target, currency, total and per-client limits counting uses not released). Answers the
   * discount; a code that cannot be used throws the 409 coupon-refused problem.
   */
  applyCode: (
    tx: Tx,
    request: {
      code: string;
      clientId: string;
      target: DiscountTarget;
      priceMinor: number;
      currency: string;
      now: Date;
    },
  ) => Promise<AppliedDiscount>;
  /** The use of an applied code, written for the booking or purchase just inserted. */
  recordUse: (
    tx: Tx,
    applied: AppliedDiscount,
    use: { bookingId: string } | { purchaseId: string },
  ) => Promise<void>;
  /** The discount a booking was made with, for its answer; null without a code. */
  discountOfBooking: (
    db: Db,
    bookingId: string,
  ) => Promise<{ code: string; originalMinor: number; discountMinor: number } | null>;
  /** The discount a package purchase was made with, for a retried request's answer. */
  discountOfPurchase: (
    db: Db,
    purchaseId: string,
  ) => Promise<{ code: string; originalMinor: number; discountMinor: number } | null>;
}
