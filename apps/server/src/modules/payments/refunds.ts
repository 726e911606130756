/**
 * Refunds after they are recorded (`requestRefund`, in the transaction that decides them): a Stripe
 * refund is sent to Stripe once that transaction has committed and settled when its charge.refunded
 * webhook arrives; a manual refund is owed by the owner and settled only when they confirm they
 * sent it (`confirmRefundSent` in payments-service, decision 034). A Stripe refund is failed when Stripe reports it failed or
 * canceled, even after charge.refunded settled it. A refund that could not be sent is sent again
 * by the refund job with the same idempotency key, so a crash or an outage never loses one or pays
 * twice.
 */
import {
  isErasedAddress,
  MINUTE_MS,
  packageLine,
  statusAfterRefund,
  type RefundMethod,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import type { Job } from '../../jobs/job-runner';
import { findUserContacts } from '../users';
import { mailFacts, type PaymentDeps } from './payment-steps';
import { loadPaymentSettings } from './payment-settings';
import { refundMail, refundOwedMail } from './payment-mails';
import {
  findBookingFacts,
  findRefund,
  listUnsentRefunds,
  lockPayment,
  lockRefund,
  updatePayment,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './payments-repository';
import { providerOf } from './providers';

export const REFUND_RETRY_INTERVAL_MS = MINUTE_MS;
/** A refund this old and still unsent was not sent by the request that recorded it. */
const UNSENT_AFTER_MS = MINUTE_MS;

/**
 * What a payment mail to its client says of the booking, the client and the business; null when
 * there is nobody to mail (the booking is gone, or the account was erased).
 */
export async function clientMailFacts(deps: PaymentDeps, tx: Tx, payment: PaymentRow) {
  const [client] = await findUserContacts(tx, [payment.clientId]);
  if (!client || isErasedAddress(client.email)) return null;
  if (!payment.bookingId) {
    // A package's payment: what was bought, from the packages module (no booking, no reference).
    const bought = (await deps.packagePayments.purchasesOfPayments(tx, [payment.id])).get(
      payment.id,
    );
    if (!bought) return null;
    const settings = await loadPaymentSettings(tx, deps.log);
    return {
      appUrl: deps.config.APP_URL,
      to: client.email,
      clientName: client.name,
      paymentId: payment.id,
      serviceTitle: packageLine(bought),
      bookingReference: null,
      when: null,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      businessName: settings.businessName,
    };
  }
  const booking = await findBookingFacts(tx, payment.bookingId);
  if (!booking) return null;
  const settings = await loadPaymentSettings(tx, deps.log);
  return mailFacts(deps, payment, booking, client, settings.businessName);
}

/** The refund mail to the client, queued in `tx`. */
async function mailRefund(
  deps: PaymentDeps,
  tx: Tx,
  payment: PaymentRow,
  refund: {
    amountMinor: number;
    reason: string | null;
    sentMethod?: RefundMethod | null;
    sentOn?: string | null;
  },
): Promise<void> {
  const facts = await clientMailFacts(deps, tx, payment);
  if (!facts) return;
  const sent =
    refund.sentMethod && refund.sentOn ? { method: refund.sentMethod, on: refund.sentOn } : null;
  await deps.mailer.queueMail(
    refundMail({ ...facts, refundMinor: refund.amountMinor, reason: refund.reason, sent }),
    tx,
  );
}

/** The mail telling the client a manual refund will be sent to them by the business. */
export async function mailRefundOwed(
  deps: PaymentDeps,
  tx: Tx,
  payment: PaymentRow,
  refund: { amountMinor: number; reason: string | null },
): Promise<void> {
  const facts = await clientMailFacts(deps, tx, payment);
  if (!facts) return;
  await deps.mailer.queueMail(
    refundOwedMail({ ...facts, refundMinor: refund.amountMinor, reason: refund.reason }),
    tx,
  );
}

/**
 * Confirmed refunds of `payment` (locked): each pending one in `settled` succeeded, and the payment's
 * refunded total becomes `refundedMinor` (Stripe's own total, which also counts refunds made in its
 * dashboard). Mails the client for each.
 */
export async function settleRefunds(
  deps: PaymentDeps,
  tx: Tx,
  payment: PaymentRow,
  settled: RefundRow[],
  refundedMinor: number,
): Promise<PaymentRow> {
  let pending = payment.refundPendingMinor;
  for (const refund of settled) {
    await updateRefund(tx, refund.id, { status: 'succeeded' });
    pending -= refund.amountMinor;
    await mailRefund(deps, tx, payment, refund);
  }
  const total = Math.min(payment.amountMinor, refundedMinor);
  return updatePayment(tx, payment.id, {
    refundedMinor: total,
    refundPendingMinor: Math.max(0, Math.min(pending, payment.amountMinor - total)),
    status: statusAfterRefund(payment.amountMinor, total),
  });
}

/**
 * A refund the provider turned down, at once or later (its webhook): failed, and its amount may be
 * asked for again. `payment` and `refund` are locked, in that order.
 */
export async function failRefund(
  deps: Pick<AppDeps, 'packagePayments'>,
  tx: Tx,
  payment: PaymentRow,
  refund: RefundRow,
): Promise<PaymentRow> {
  await updateRefund(tx, refund.id, { status: 'failed' });
  const failed = await updatePayment(tx, payment.id, {
    refundPendingMinor: Math.max(0, payment.refundPendingMinor - refund.amountMinor),
  });
  if (failed.purpose === 'package') await deps.packagePayments.refundFailed(tx, failed, refund.id);
  return failed;
}

/**
 * A refund the provider had made and later reported failed (Stripe settles a refund on
 * charge.refunded while its bank may still send it back): failed, and the payment's refunded total
 * goes down by it (never below 0), its status following. The receipt stays: the payment was
 * received. `payment` and `refund` are locked, in that order.
 */
export async function reverseRefund(
  deps: Pick<AppDeps, 'packagePayments'>,
  tx: Tx,
  payment: PaymentRow,
  refund: RefundRow,
): Promise<PaymentRow> {
  await updateRefund(tx, refund.id, { status: 'failed' });
  const refundedMinor = Math.max(0, payment.refundedMinor - refund.amountMinor);
  const reversed = await updatePayment(tx, payment.id, {
    refundedMinor,
    status: statusAfterRefund(payment.amountMinor, refundedMinor),
  });
  if (reversed.purpose === 'package') {
    await deps.packagePayments.refundFailed(tx, reversed, refund.id);
  }
  return reversed;
}

/**
 * Sends one recorded refund to its provider. Answers 'unsent' when the provider could not be
 * reached (the refund job tries again), else what became of it.
 */
export async function sendRefund(
  deps: PaymentDeps,
  refundId: number,
): Promise<'sent' | 'settled' | 'failed' | 'unsent' | 'skipped' | 'owed'> {
  // Payment first, then its refund: the order the webhook locks them in, so the two never deadlock.
  const lockBoth = async (tx: Tx) => {
    const paymentId = (await findRefund(tx, refundId))?.paymentId;
    const payment = paymentId ? await lockPayment(tx, paymentId) : undefined;
    const refund = payment ? await lockRefund(tx, refundId) : undefined;
    return payment && refund ? { payment, refund } : null;
  };
  const found = await deps.db.transaction(async (tx) => {
    const both = await lockBoth(tx);
    const { refund } = both ?? {};
    return refund?.status === 'pending' && !refund.providerReference ? both : null;
  });
  if (!found) return 'skipped';
  const { refund, payment } = found;
  // The owner sends a manual refund by hand and confirms it; nothing leaves from here.
  if (payment.provider === 'manual') return 'owed';
  let sent;
  try {
    sent = await providerOf(deps.payments, payment.provider).sendRefund({
      providerPaymentId: payment.providerPaymentId,
      amountMinor: refund.amountMinor,
      currency: payment.currency,
      idempotencyKey: `refund-${refund.id}`,
      paymentId: payment.id,
      bookingId: payment.bookingId,
    });
  } catch (err) {
    deps.log.error({ err, refundId, paymentId: payment.id }, 'refund could not be sent');
    return 'unsent';
  }
  return deps.db.transaction(async (tx) => {
    const both = await lockBoth(tx);
    if (!both || both.refund.status !== 'pending') return 'skipped';
    const { payment: locked, refund: current } = both;
    if (sent.status === 'failed') {
      await failRefund(deps, tx, locked, current);
      return 'failed';
    }
    await updateRefund(tx, refundId, { providerReference: sent.reference });
    if (sent.status === 'pending') return 'sent';
    await settleRefunds(deps, tx, locked, [current], locked.refundedMinor + current.amountMinor);
    return 'settled';
  });
}

/**
 * Takes back a refund the owner asked for that could not be sent: failed, its amount free again.
 * If the provider did take it after all, its webhook records it as a refund made at the provider.
 */
export async function withdrawRefund(
  deps: Pick<AppDeps, 'db' | 'packagePayments'>,
  refundId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const paymentId = (await findRefund(tx, refundId))?.paymentId;
    const payment = paymentId ? await lockPayment(tx, paymentId) : undefined;
    const refund = payment ? await lockRefund(tx, refundId) : undefined;
    if (!payment || !refund || refund.status !== 'pending' || refund.providerReference) return;
    await failRefund(deps, tx, payment, refund);
  });
}

/** Sends the unsent refunds of one booking's payment, oldest first. */
export async function sendRefundsOfBooking(deps: PaymentDeps, bookingId: string): Promise<void> {
  const unsent = await listUnsentRefunds(deps.db, { bookingId });
  for (const refund of unsent) await sendRefund(deps, refund.id);
}

/** The refunds an earlier request recorded and did not send (a crash, an outage). */
export async function sendUnsentRefunds(
  deps: PaymentDeps,
  now: Date = deps.clock(),
): Promise<number> {
  const unsent = await listUnsentRefunds(deps.db, {
    createdBefore: new Date(now.getTime() - UNSENT_AFTER_MS),
  });
  let sent = 0;
  for (const refund of unsent) {
    const outcome = await sendRefund(deps, refund.id);
    if (outcome !== 'unsent' && outcome !== 'skipped') sent += 1;
  }
  return sent;
}

/** The jobs app.ts registers with the runner. */
export function paymentJobs(deps: PaymentDeps): Job[] {
  return [
    {
      name: 'payment-refunds',
      intervalMs: REFUND_RETRY_INTERVAL_MS,
      run: async () => {
        await sendUnsentRefunds(deps);
      },
    },
  ];
}
