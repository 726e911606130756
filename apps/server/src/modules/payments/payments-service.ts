/** The client's payments and receipts, and the owner's payments screen and actions. */
import {
  BOOKING_MESSAGES,
  formatMoney,
  formatReceiptNumber,
  isRefundable,
  PAYMENT_MESSAGES,
  REFUND_NOT_POSSIBLE_ONLINE_PROBLEM_TYPE,
  refundableMinor,
  taxBreakdown,
  VOID_WINDOW_MS,
  voidRefusal,
  type ConfirmRefundSentInput,
  type MarkPaidInput,
  type VoidPaymentInput,
  type AdminPaymentDetail,
  type AdminPaymentRecord,
  type AdminPaymentsPage,
  type AdminPaymentsQuery,
  type PaymentDetail,
  type PaymentRecord,
  type PaymentsList,
  type PaymentSettings,
  type Receipt,
  type RefundPaymentInput,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry } from '../audit';
import { rangeForDays } from '../clock';
import { lockBookingById, updateBooking, markBookingPaid } from '../bookings';
import { storableBound } from '../../db/storable-bound';
import { pageWindow } from '../../db/page-window';
import type { UserRow } from '../users';
import { unusedShareMinor, type PackageOfPayment } from './package-payments';
import { receiptVoidedMail } from './payment-mails';
import { loadPaymentSettings } from './payment-settings';
import { ownerDayUpTo, requestRefund, type PaymentDeps } from './payment-steps';
import {
  clientMailFacts,
  mailRefundOwed,
  sendRefund,
  settleRefunds,
  withdrawRefund,
} from './refunds';
import {
  adminPaymentTotals,
  findBookingFacts,
  findPayment,
  insertVoidedReceipt,
  listAdminPayments,
  listClientPayments,
  listRefunds,
  listVoidedReceipts,
  lockPayment,
  lockRefund,
  peekNextReceiptSequence,
  updatePayment,
  updateRefund,
  type AdminPaymentsFilter,
  type JoinedPayment,
  type RefundRow,
  type VoidedReceiptRow,
} from './payments-repository';
import { isStripeChargeable, stripeChargeableStep } from './stripe-amounts';

export const ADMIN_PAYMENTS_PAGE_SIZE = 20;

function notFound(): HttpProblem {
  return new HttpProblem(404, PAYMENT_MESSAGES.notFound);
}

/** What package payments bought, by payment id (the packages module's purchases). */
type Bought = Map<string, PackageOfPayment>;

async function purchasesOf(
  deps: Pick<AppDeps, 'db' | 'packagePayments'>,
  rows: JoinedPayment[],
): Promise<Bought> {
  const ids = rows.filter((row) => row.payment.purpose === 'package').map((row) => row.payment.id);
  return ids.length === 0 ? new Map() : deps.packagePayments.purchasesOfPayments(deps.db, ids);
}

function toRecord({ payment, booking, receiptVoid }: JoinedPayment, bought: Bought): PaymentRecord {
  const purchase = bought.get(payment.id);
  return {
    _id: payment.id,
    id: payment.id,
    kind: payment.purpose,
    bookingId: payment.bookingId,
    bookingReference: booking?.reference ?? null,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    provider: payment.provider,
    status: payment.status,
    refundedMinor: payment.refundedMinor,
    refundPendingMinor: payment.refundPendingMinor,
    receiptNumber: payment.receiptNumber,
    receiptVoid,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    paidMethod: payment.paidMethod,
    receivedOn: payment.receivedOn,
    service: booking ? { title: booking.serviceTitle, start: booking.startAt.toISOString() } : null,
    package: purchase
      ? { purchaseId: purchase.purchaseId, title: purchase.title, sessions: purchase.sessions }
      : null,
  };
}

function toAdminRecord(row: JoinedPayment, bought: Bought): AdminPaymentRecord {
  return {
    ...toRecord(row, bought),
    client: row.client,
    providerReference: row.payment.providerReference,
    note: row.payment.note,
  };
}

function toReceipt(
  row: JoinedPayment,
  bought: Bought,
  refunds: RefundRow[],
  voided: VoidedReceiptRow[],
  settings: PaymentSettings,
): Receipt {
  const current = row.receiptVoid
    ? voided.find((receipt) => receipt.number === row.payment.receiptNumber)
    : undefined;
  const rate = settings.taxRateBasisPoints;
  const { netMinor, taxMinor } = taxBreakdown(row.payment.amountMinor, rate);
  const purchase = bought.get(row.payment.id);
  return {
    business: {
      name: settings.businessName,
      address: settings.businessAddress,
      taxId: settings.taxId,
    },
    client: { name: row.client.name, email: row.client.email },
    service: row.booking
      ? {
          title: row.booking.serviceTitle,
          start: row.booking.startAt.toISOString(),
          durationMinutes: row.booking.durationMinutes,
        }
      : null,
    package: purchase ? { title: purchase.title, sessions: purchase.sessions } : null,
    taxRateBasisPoints: rate,
    netMinor,
    taxMinor,
    discount:
      row.payment.discountCode === null
        ? null
        : {
            code: row.payment.discountCode,
            originalMinor: row.payment.amountMinor + row.payment.discountMinor,
            discountMinor: row.payment.discountMinor,
          },
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amountMinor: refund.amountMinor,
      reason: refund.reason,
      at: refund.createdAt.toISOString(),
      status: refund.status,
      owed: isOwed(row.payment.provider, refund),
      sent:
        refund.sentMethod && refund.sentOn
          ? { method: refund.sentMethod, on: refund.sentOn }
          : null,
    })),
    footer: settings.receiptFooter,
    void: current !== undefined,
    voidedAt: current?.voidedAt.toISOString() ?? null,
    voidReason: current?.reason ?? null,
    voidedReceipts: voided
      .filter((receipt) => receipt !== current)
      .map((receipt) => ({
        number: receipt.number,
        voidedAt: receipt.voidedAt.toISOString(),
        reason: receipt.reason,
      })),
  };
}

/**
 * A package payment's refund as the owner's dialog suggests it: the unused credits' share of the
 * price, at most what is left to refund, with the sentence that explains it.
 */
function packageRefundOf(
  payment: JoinedPayment['payment'],
  purchase: PackageOfPayment | undefined,
): AdminPaymentDetail['packageRefund'] {
  if (!purchase) return null;
  const share = unusedShareMinor(payment.amountMinor, purchase.sessions, purchase.creditsRemaining);
  return {
    sessions: purchase.sessions,
    creditsRemaining: purchase.creditsRemaining,
    unusedShareMinor: share,
    suggestedMinor: Math.min(share, Math.max(0, refundableMinor(payment))),
    explanation: PAYMENT_MESSAGES.packageRefundShare(
      purchase.creditsRemaining,
      purchase.sessions,
      formatMoney(share, payment.currency),
      formatMoney(payment.amountMinor, payment.currency),
    ),
  };
}

/** A manual payment's refund the owner has not confirmed sending. */
function isOwed(provider: JoinedPayment['payment']['provider'], refund: RefundRow): boolean {
  return provider === 'manual' && refund.status === 'pending' && !refund.providerReference;
}

async function receiptParts(deps: Pick<AppDeps, 'db'>, id: string) {
  const [refunds, voided] = await Promise.all([
    listRefunds(deps.db, id),
    listVoidedReceipts(deps.db, id),
  ]);
  return { refunds, voided };
}

/** Whether the client still has to pay this one by hand: the owner's instructions apply. */
const isDueByHand = (payment: JoinedPayment['payment']) =>
  payment.provider === 'manual' && payment.status === 'pending';

/** The signed-in client's payments, newest first, with how to pay the ones due by hand. */
export async function listOwnPayments(
  deps: Pick<AppDeps, 'db' | 'log' | 'ownerTimeZone' | 'packagePayments'>,
  client: UserRow,
): Promise<PaymentsList> {
  const rows = await listClientPayments(deps.db, client.id);
  const bought = await purchasesOf(deps, rows);
  const instructions = rows.some((row) => isDueByHand(row.payment))
    ? (await loadPaymentSettings(deps.db, deps.log)).manualInstructions
    : null;
  return { payments: rows.map((row) => toRecord(row, bought)), instructions };
}

/** One of the client's payments with its receipt; another client's is not found. */
export async function viewOwnPayment(
  deps: Pick<AppDeps, 'db' | 'log' | 'ownerTimeZone' | 'packagePayments'>,
  client: UserRow,
  id: string,
): Promise<PaymentDetail> {
  const row = isUuid(id) ? await findPayment(deps.db, id) : undefined;
  if (!row || row.payment.clientId !== client.id) throw notFound();
  const settings = await loadPaymentSettings(deps.db, deps.log);
  const { refunds, voided } = await receiptParts(deps, id);
  const bought = await purchasesOf(deps, [row]);
  return {
    ...toRecord(row, bought),
    receipt: toReceipt(row, bought, refunds, voided, settings),
    instructions: isDueByHand(row.payment) ? settings.manualInstructions : null,
  };
}

/** `from`/`to` are the owner's calendar days (both included) and select by creation. */
async function filterOf(
  deps: Pick<AppDeps, 'db' | 'log' | 'ownerTimeZone' | 'packagePayments'>,
  query: AdminPaymentsQuery,
): Promise<AdminPaymentsFilter> {
  if (query.from && query.to && query.from > query.to) {
    throw new HttpProblem(400, BOOKING_MESSAGES.rangeReversed, {
      errors: { to: [BOOKING_MESSAGES.rangeReversed] },
    });
  }
  const zone = await deps.ownerTimeZone.get(deps.db);
  return {
    status: query.status,
    clientId: query.client,
    provider: query.provider,
    createdRange: {
      start: query.from
        ? storableBound(rangeForDays(query.from, query.from, zone).start)
        : undefined,
      end: query.to ? storableBound(rangeForDays(query.to, query.to, zone).end) : undefined,
    },
    kind: query.kind,
    search: query.q
      ? { text: query.q, packageTitleMatches: deps.packagePayments.paymentTitleMatches }
      : undefined,
    refundsOwed: query.refunds === 'owed',
  };
}

export async function listPaymentsPage(
  deps: Pick<AppDeps, 'db' | 'log' | 'ownerTimeZone' | 'packagePayments'>,
  query: AdminPaymentsQuery,
): Promise<AdminPaymentsPage> {
  const filter = await filterOf(deps, query);
  const { total, totals } = await adminPaymentTotals(deps.db, filter);
  const window = pageWindow(total, query.page, ADMIN_PAYMENTS_PAGE_SIZE);
  const rows = await listAdminPayments(deps.db, filter, window);
  const bought = await purchasesOf(deps, rows);
  return {
    payments: rows.map((row) => toAdminRecord(row, bought)),
    currentPage: window.currentPage,
    totalPages: window.totalPages,
    totalPayments: total,
    totals,
  };
}

export async function viewPayment(
  deps: Pick<AppDeps, 'db' | 'log' | 'clock' | 'ownerTimeZone' | 'packagePayments'>,
  id: string,
): Promise<AdminPaymentDetail> {
  const row = isUuid(id) ? await findPayment(deps.db, id) : undefined;
  if (!row) throw notFound();
  const settings = await loadPaymentSettings(deps.db, deps.log);
  const { refunds, voided } = await receiptParts(deps, id);
  const { payment } = row;
  const now = deps.clock();
  // The year receivePayment numbers by; another payer may take this number first.
  const year = now.getUTCFullYear();
  const nextReceiptNumber =
    payment.status === 'pending'
      ? formatReceiptNumber(year, await peekNextReceiptSequence(deps.db, year))
      : null;
  const voidableUntil =
    payment.purpose === 'booking' && payment.paidAt && voidRefusal(payment, now) === null
      ? new Date(payment.paidAt.getTime() + VOID_WINDOW_MS).toISOString()
      : null;
  const refundNotes = Object.fromEntries(
    refunds.flatMap((refund) => (refund.sentNote ? [[String(refund.id), refund.sentNote]] : [])),
  );
  const bought = await purchasesOf(deps, [row]);
  return {
    ...toAdminRecord(row, bought),
    receipt: toReceipt(row, bought, refunds, voided, settings),
    nextReceiptNumber,
    voidableUntil,
    refundNotes,
    packageRefund: packageRefundOf(payment, bought.get(payment.id)),
  };
}

/**
 * The owner records a payment as received, with how and on which day it arrived (the booking's own
 * "paid" step does the work and audits it).
 */
export async function markPaymentPaid(
  deps: PaymentDeps,
  owner: UserRow,
  id: string,
  input: MarkPaidInput,
): Promise<AdminPaymentDetail> {
  const row = isUuid(id) ? await findPayment(deps.db, id) : undefined;
  if (!row) throw notFound();
  if (row.payment.status !== 'pending') throw new HttpProblem(409, PAYMENT_MESSAGES.notPending);
  // A package purchase is marked paid where its credits are given: the client's record.
  if (!row.payment.bookingId) throw new HttpProblem(409, PAYMENT_MESSAGES.packageMarkPaidElsewhere);
  await markBookingPaid(deps, { type: 'owner', userId: owner.id }, row.payment.bookingId, input);
  return viewPayment(deps, id);
}

/** Why a payment cannot be voided, as the owner reads it. */
const VOID_REFUSALS = {
  not_manual: PAYMENT_MESSAGES.voidNotManual,
  not_paid: PAYMENT_MESSAGES.voidNotPaid,
  has_refunds: PAYMENT_MESSAGES.voidHasRefunds,
  too_late: PAYMENT_MESSAGES.voidTooLate,
} as const;

/**
 * The owner undoes a mistaken mark-paid within 24 hours: the receipt is kept as void (its number
 * is never given again), the payment and the booking are due again, the client is mailed a short
 * correction, and the change is audited. 409 for a payment not marked paid by hand, one with a
 * refund, or after the window.
 */
export async function voidPayment(
  deps: PaymentDeps,
  owner: UserRow,
  id: string,
  input: VoidPaymentInput,
): Promise<AdminPaymentDetail> {
  const found = isUuid(id) ? await findPayment(deps.db, id) : undefined;
  if (!found) throw notFound();
  const bookingId = found.payment.bookingId;
  // Undoing a package's mark-paid would take back credits perhaps already spent: refund it instead.
  if (!bookingId) throw new HttpProblem(409, PAYMENT_MESSAGES.packageVoidNotOffered);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    // The booking first, then its payment: the order marking it paid locks them in.
    const booking = await lockBookingById(tx, bookingId);
    const payment = await lockPayment(tx, id);
    if (!booking || !payment) throw notFound();
    const refusal = voidRefusal(payment, now);
    if (refusal) throw new HttpProblem(409, VOID_REFUSALS[refusal]);
    const receiptNumber = payment.receiptNumber!;
    await insertVoidedReceipt(tx, {
      number: receiptNumber,
      paymentId: payment.id,
      paidAt: payment.paidAt!,
      paidMethod: payment.paidMethod,
      receivedOn: payment.receivedOn,
      reason: input.reason,
      voidedBy: owner.id,
      voidedAt: now,
    });
    const open = booking.state !== 'cancelled' && booking.state !== 'expired';
    const voided = await updatePayment(tx, payment.id, {
      status: open ? 'pending' : 'cancelled',
      paidAt: null,
      paidMethod: null,
      receivedOn: null,
      note: null,
    });
    await updateBooking(tx, booking.id, { paymentDue: open, paidAt: null });
    await insertAuditEntry(tx, {
      actorId: owner.id,
      action: 'payment.void',
      target: payment.id,
      details: {
        bookingId: booking.id,
        receiptNumber,
        reason: input.reason,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        before: {
          status: payment.status,
          paidMethod: payment.paidMethod,
          receivedOn: payment.receivedOn,
        },
        after: { status: voided.status, receiptVoid: true },
      },
    });
    const facts = await clientMailFacts(deps, tx, voided);
    if (facts) await deps.mailer.queueMail(receiptVoidedMail({ ...facts, receiptNumber }), tx);
  });
  return viewPayment(deps, id);
}

/**
 * The owner confirms they sent an owed manual refund (how, on which of their days, a note): it
 * succeeds, the payment's refunded total grows, the client is mailed that it was sent, and the
 * change is audited. 404 for a refund of another payment; 409 for one not owed (already confirmed,
 * failed, or a Stripe refund); 400 for a day after the owner's today.
 */
export async function confirmRefundSent(
  deps: PaymentDeps,
  owner: UserRow,
  id: string,
  refundId: string,
  input: ConfirmRefundSentInput,
): Promise<AdminPaymentDetail> {
  const refundKey = /^[1-9]\d{0,15}$/.test(refundId) ? Number(refundId) : null;
  if (!isUuid(id) || refundKey === null)
    throw new HttpProblem(404, PAYMENT_MESSAGES.refundNotFound);
  const now = deps.clock();
  const sentOn = await ownerDayUpTo(
    deps,
    deps.db,
    now,
    input.sentOn,
    'sentOn',
    PAYMENT_MESSAGES.sentOnFuture,
  );
  await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, id);
    if (!payment) throw notFound();
    const refund = await lockRefund(tx, refundKey);
    if (!refund || refund.paymentId !== payment.id) {
      throw new HttpProblem(404, PAYMENT_MESSAGES.refundNotFound);
    }
    if (!isOwed(payment.provider, refund))
      throw new HttpProblem(409, PAYMENT_MESSAGES.refundNotOwed);
    const note = input.note ?? null;
    await updateRefund(tx, refund.id, { sentMethod: input.method, sentOn, sentNote: note });
    const settled = await settleRefunds(
      deps,
      tx,
      payment,
      [{ ...refund, sentMethod: input.method, sentOn, sentNote: note }],
      payment.refundedMinor + refund.amountMinor,
    );
    await insertAuditEntry(tx, {
      actorId: owner.id,
      action: 'payment.refund_sent',
      target: payment.id,
      details: {
        refundId: refund.id,
        amountMinor: refund.amountMinor,
        currency: payment.currency,
        method: input.method,
        sentOn,
        note,
        before: { refundStatus: 'pending', refundedMinor: payment.refundedMinor },
        after: { refundStatus: 'succeeded', refundedMinor: settled.refundedMinor },
      },
    });
  });
  return viewPayment(deps, id);
}

/**
 * The owner gives back part or all of what is left of a received payment. Recorded first; a Stripe
 * refund is then sent to Stripe and final when Stripe confirms it (one Stripe could not take is not
 * kept: 503, and the owner may try again); a manual refund is owed, the client is mailed that the
 * business will send it, and it is final when the owner confirms sending it. 409 for a payment never
 * received, and for a Stripe payment with no PaymentIntent (Stripe would refuse it every time); 400
 * when nothing (or less than asked) is left to refund.
 */
export async function refundPayment(
  deps: PaymentDeps,
  owner: UserRow,
  id: string,
  input: RefundPaymentInput,
): Promise<AdminPaymentDetail> {
  if (!isUuid(id)) throw notFound();
  const refund = await deps.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, id);
    if (!payment) throw notFound();
    if (!isRefundable(payment) && payment.status !== 'refunded') {
      throw new HttpProblem(409, PAYMENT_MESSAGES.notRefundable);
    }
    const left = refundableMinor(payment);
    if (left <= 0) {
      const detail = PAYMENT_MESSAGES.nothingLeftToRefund(
        formatMoney(payment.refundedMinor, payment.currency),
        payment.refundPendingMinor > 0
          ? formatMoney(payment.refundPendingMinor, payment.currency)
          : null,
      );
      throw new HttpProblem(400, detail, { errors: { amountMinor: [detail] } });
    }
    // Stripe refunds a PaymentIntent: without one every try fails (decision 046). Said, not retried.
    if (payment.provider === 'stripe' && !payment.providerPaymentId) {
      const booking = payment.bookingId ? await findBookingFacts(tx, payment.bookingId) : undefined;
      throw new HttpProblem(
        409,
        booking
          ? PAYMENT_MESSAGES.refundNotPossibleOnline(booking.reference)
          : PAYMENT_MESSAGES.packageRefundNotPossibleOnline(payment.id),
        {
          type: REFUND_NOT_POSSIBLE_ONLINE_PROBLEM_TYPE,
        },
      );
    }
    const amountMinor = input.amountMinor ?? left;
    if (amountMinor > left) {
      const detail = PAYMENT_MESSAGES.refundTooLarge(formatMoney(left, payment.currency));
      throw new HttpProblem(400, detail, { errors: { amountMinor: [detail] } });
    }
    if (payment.provider === 'stripe' && !isStripeChargeable(amountMinor, payment.currency)) {
      const step = formatMoney(stripeChargeableStep(payment.currency), payment.currency);
      const detail = PAYMENT_MESSAGES.refundNotChargeable(step);
      throw new HttpProblem(400, detail, { errors: { amountMinor: [detail] } });
    }
    const reason = input.reason ?? null;
    const row = await requestRefund(tx, payment, { amountMinor, reason, by: owner.id });
    // A package's unused credits are withdrawn first, in this transaction (decision 064).
    const credits =
      payment.purpose === 'package'
        ? await deps.packagePayments.refundRecorded(tx, payment, {
            id: row.id,
            amountMinor,
            actorId: owner.id,
          })
        : null;
    await insertAuditEntry(tx, {
      actorId: owner.id,
      action: 'payment.refund',
      target: id,
      details: {
        currency: payment.currency,
        reason,
        refundId: row.id,
        owed: payment.provider === 'manual',
        ...(credits
          ? {
              package: {
                purchaseId: credits.purchaseId,
                creditsWithdrawn: credits.creditsWithdrawn,
                creditsRemaining: credits.creditsRemaining,
                state: credits.state,
              },
            }
          : {}),
        // What was refunded (or on its way, or owed) before and after this refund.
        before: { refundedMinor: payment.amountMinor - left },
        after: { refundedMinor: payment.amountMinor - left + amountMinor },
      },
    });
    if (payment.provider === 'manual')
      await mailRefundOwed(deps, tx, payment, { amountMinor, reason });
    return row;
  });
  const outcome = await sendRefund(deps, refund.id);
  if (outcome === 'unsent') {
    await withdrawRefund(deps, refund.id);
    throw new HttpProblem(503, PAYMENT_MESSAGES.refundUnavailable);
  }
  return viewPayment(deps, id);
}
