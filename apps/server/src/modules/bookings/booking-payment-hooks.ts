/**
 * What a booking's changes ask of its payment. Payments sit above bookings in the order of layers
 * (decision 053): this module declares what it needs, `modules/payments` implements it, and
 * `app.ts` hands the implementation over in `AppDeps` (`deps.bookingPayments`). The steps that take
 * a transaction run inside the booking change's own, so a booking and its payment commit together
 * (a cancellation and its refund are one commit).
 */
import type {
  BookingPayment,
  BookingState,
  MarkPaidInput,
  PaymentMethod,
  PaymentProvider,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Db, Tx } from '../../db/client';

/** What the payment steps work with. */
export type BookingPaymentDeps = Pick<
  AppDeps,
  | 'db'
  | 'mailer'
  | 'config'
  | 'log'
  | 'clock'
  | 'payments'
  | 'ownerTimeZone'
  | 'bookingPayments'
  | 'packagePayments'
>;

/** The booking and client facts the payment steps need. */
export interface PaidBooking {
  id: string;
  /** The short reference the client writes on a transfer (decision 035). */
  reference: string;
  clientId: string;
  priceMinor: number;
  currency: string;
  serviceTitle: string;
  startAt: Date;
}
export interface PayingClient {
  name: string;
  email: string;
  timeZone: string;
}

/** How the owner received a payment they mark paid by hand. */
export interface ManualReceipt {
  method: PaymentMethod;
  /** The owner's calendar day the money arrived (YYYY-MM-DD). */
  receivedOn: string;
  note: string | null;
  /** The receipt number the owner was promised, when they were shown one. */
  promisedNumber?: string;
}

/**
 * The refund a cancellation gave, for its mails: `owed` when the business sends it by hand (manual
 * provider), else on its way through the provider.
 */
export interface CancellationRefund {
  amountMinor: number;
  currency: string;
  owed: boolean;
}

/** A booking's payment as the booking's audit entry and mails name it. */
export interface ReceivedPayment {
  id: string;
  status: string;
  /** As stored: a provider no longer offered may still name an old payment. */
  provider: string;
  amountMinor: number;
  currency: string;
  receiptNumber: string | null;
}

/** What the client is shown of a manual payment still due (decision 035). */
export interface ManualPaymentDue {
  /** The owner's instructions as written; '' when they wrote none (the screens then say so). */
  paymentInstructions: string;
  amountDueMinor: number;
}

/** The booking facts that decide whether a manual payment is due. */
export interface BookingDueState {
  id: string;
  state: BookingState;
  paymentDue: boolean;
}

export interface BookingPaymentHooks {
  /** The provider a paid booking made now uses: Stripe when configured and chosen, else manual. */
  providerForNewBooking: (
    deps: Pick<AppDeps, 'log' | 'payments' | 'ownerTimeZone'>,
    tx: Tx,
  ) => Promise<PaymentProvider>;
  /**
   * A paid booking gets its payment record, pending, with the provider that takes the money; with
   * a discount code the booking's price is already the discounted one, and the payment records
   * the code and what it took off, for the receipt.
   */
  openPayment: (
    tx: Tx,
    booking: PaidBooking,
    provider: PaymentProvider,
    discount?: { code: string; discountMinor: number },
  ) => Promise<void>;
  /**
   * Where the client pays a booking just made and held for payment online; a checkout that cannot
   * be started gives the slot back (the booking expires) and throws the problem the client sees.
   */
  checkoutOfNewBooking: (
    deps: BookingPaymentDeps,
    client: { id: string; email: string },
    bookingId: string,
  ) => Promise<string>;
  /**
   * Where the client pays a series just booked (issue 25): one checkout with a line per session
   * held; one that cannot be started gives every held session's time back and throws the problem.
   */
  checkoutOfNewSeries: (
    deps: BookingPaymentDeps,
    client: { id: string; email: string },
    seriesId: string,
  ) => Promise<string>;
  /**
   * A cancelled booking's payment settled in the cancellation's transaction: one not received is
   * cancelled, one received is refunded by the owner's share when the client cancels.
   */
  settleOnCancel: (
    deps: BookingPaymentDeps,
    tx: Tx,
    booking: PaidBooking,
    cancelledBy: { type: 'client' | 'owner' | 'system'; userId: string | null },
  ) => Promise<CancellationRefund | null>;
  /** After the cancellation committed: a provider's refund it gave is sent. */
  sendRefundsOfBooking: (deps: BookingPaymentDeps, bookingId: string) => Promise<void>;
  /**
   * Before a hold is expired: its open checkout is closed so no payment can follow; 'completed'
   * when it was paid first (the booking stays for the webhook to confirm).
   */
  closeCheckoutOfHold: (
    deps: Pick<AppDeps, 'payments'>,
    tx: Tx,
    bookingId: string,
  ) => Promise<'closed' | 'completed'>;
  /** A held booking expired: its pending payment is cancelled, in the expiry's transaction. */
  cancelPendingPayment: (tx: Tx, bookingId: string) => Promise<void>;
  /**
   * Before the owner records a payment by hand: an online checkout that may still take money is
   * closed (409/503 problems when it cannot be). Answers the payment's provider as it was.
   */
  closeCheckoutForManualPayment: (
    deps: Pick<AppDeps, 'payments' | 'log'>,
    tx: Tx,
    bookingId: string,
  ) => Promise<{ provider: string } | undefined>;
  /** The owner's mark-paid fields as stored: the received day checked (400) and defaulted. */
  manualReceiptOf: (
    deps: Pick<AppDeps, 'log' | 'ownerTimeZone'>,
    db: Db,
    now: Date,
    input: Pick<MarkPaidInput, 'method' | 'receivedOn' | 'receiptNumber'> & {
      note?: string | null;
    },
  ) => Promise<ManualReceipt>;
  /** The booking's payment received, with its receipt number and mail (409 when it cannot be). */
  receivePayment: (
    deps: BookingPaymentDeps,
    tx: Tx,
    booking: PaidBooking,
    client: PayingClient,
    options: { now: Date; manual?: ManualReceipt; providerPaymentId?: string | null },
  ) => Promise<ReceivedPayment>;
  /** The payments of a page of bookings, as the owner's records show them. */
  bookingPayments: (
    deps: Pick<AppDeps, 'db' | 'log'>,
    bookingIds: string[],
  ) => Promise<Map<string, BookingPayment>>;
  /** The client's bookings' payments, each with what is due by hand if anything. */
  clientBookingPayments: (
    deps: Pick<AppDeps, 'db' | 'log'>,
    bookings: BookingDueState[],
  ) => Promise<Map<string, { payment: BookingPayment; due: ManualPaymentDue | undefined }>>;
}
