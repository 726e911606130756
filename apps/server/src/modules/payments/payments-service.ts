/** The client's payments and receipts, and the owner's payments screen and actions. */
import {
  BOOKING_MESSAGES,
  formatMoney,
  PAYMENT_MESSAGES,
  refundableMinor,
  taxBreakdown,
  type AdminPaymentDetail,
  type AdminPaymentRecord,
  type AdminPaymentsPage,
  type AdminPaymentsQuery,
  type PaymentDetail,
  type PaymentRecord,
  type PaymentSettings,
  type Receipt,
  type RefundPaymentInput,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry } from '../audit/audit-repository';
import { rangeForDays } from '../bookings/availability/slots';
import { storableBound } from '../bookings/bookings-repository';
import { markBookingPaid } from '../bookings/changes/owner-changes';
import { pageWindow } from '../bookings/past-bookings-page';
import { loadSchedulingSettings } from '../bookings/scheduling-settings';
import type { UserRow } from '../users/users-repository';
import { loadPaymentSettings } from './payment-settings';
import { requestRefund, type PaymentDeps } from './payment-steps';
import { sendRefund, withdrawRefund } from './refunds';
import {
  adminPaymentTotals,
  findPayment,
  listAdminPayments,
  listClientPayments,
  listRefunds,
  lockPayment,
  type AdminPaymentsFilter,
  type JoinedPayment,
  type RefundRow,
} from './payments-repository';

export const ADMIN_PAYMENTS_PAGE_SIZE = 20;

function notFound(): HttpProblem {
  return new HttpProblem(404, PAYMENT_MESSAGES.notFound);
}

function toRecord({ payment, booking }: JoinedPayment): PaymentRecord {
  return {
    _id: payment.id,
    id: payment.id,
    bookingId: payment.bookingId,
    bookingReference: booking.reference,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    provider: payment.provider,
    status: payment.status,
    refundedMinor: payment.refundedMinor,
    refundPendingMinor: payment.refundPendingMinor,
    receiptNumber: payment.receiptNumber,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    service: { title: booking.serviceTitle, start: booking.startAt.toISOString() },
  };
}

function toAdminRecord(row: JoinedPayment): AdminPaymentRecord {
  return {
    ...toRecord(row),
    client: row.client,
    providerReference: row.payment.providerReference,
    note: row.payment.note,
  };
}

function toReceipt(row: JoinedPayment, refunds: RefundRow[], settings: PaymentSettings): Receipt {
  const rate = settings.taxRateBasisPoints;
  const { netMinor, taxMinor } = taxBreakdown(row.payment.amountMinor, rate);
  return {
    business: {
      name: settings.businessName,
      address: settings.businessAddress,
      taxId: settings.taxId,
    },
    client: { name: row.client.name, email: row.client.email },
    service: {
      title: row.booking.serviceTitle,
      start: row.booking.startAt.toISOString(),
      durationMinutes: row.booking.durationMinutes,
    },
    taxRateBasisPoints: rate,
    netMinor,
    taxMinor,
    refunds: refunds.map((refund) => ({
      amountMinor: refund.amountMinor,
      reason: refund.reason,
      at: refund.createdAt.toISOString(),
      status: refund.status,
    })),
    footer: settings.receiptFooter,
  };
}

/** The signed-in client's payments, newest first. */
export async function listOwnPayments(deps: Pick<AppDeps, 'db'>, client: UserRow) {
  const rows = await listClientPayments(deps.db, client.id);
  return { payments: rows.map(toRecord) };
}

/** One of the client's payments with its receipt; another client's is not found. */
export async function viewOwnPayment(
  deps: Pick<AppDeps, 'db' | 'log'>,
  client: UserRow,
  id: string,
): Promise<PaymentDetail> {
  const row = isUuid(id) ? await findPayment(deps.db, id) : undefined;
  if (!row || row.payment.clientId !== client.id) throw notFound();
  const settings = await loadPaymentSettings(deps.db, deps.log);
  const refunds = await listRefunds(deps.db, id);
  const due = row.payment.provider === 'manual' && row.payment.status === 'pending';
  return {
    ...toRecord(row),
    receipt: toReceipt(row, refunds, settings),
    instructions: due ? settings.manualInstructions : null,
  };
}

/** `from`/`to` are the owner's calendar days (both included) and select by creation. */
async function filterOf(
  deps: Pick<AppDeps, 'db' | 'log'>,
  query: AdminPaymentsQuery,
): Promise<AdminPaymentsFilter> {
  if (query.from && query.to && query.from > query.to) {
    throw new HttpProblem(400, BOOKING_MESSAGES.rangeReversed, {
      errors: { to: [BOOKING_MESSAGES.rangeReversed] },
    });
  }
  const zone = (await loadSchedulingSettings(deps.db, deps.log)).rules.timeZone;
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
    search: query.q || undefined,
  };
}

export async function listPaymentsPage(
  deps: Pick<AppDeps, 'db' | 'log'>,
  query: AdminPaymentsQuery,
): Promise<AdminPaymentsPage> {
  const filter = await filterOf(deps, query);
  const { total, totals } = await adminPaymentTotals(deps.db, filter);
  const window = pageWindow(total, query.page, ADMIN_PAYMENTS_PAGE_SIZE);
  const rows = await listAdminPayments(deps.db, filter, window);
  return {
    payments: rows.map(toAdminRecord),
    currentPage: window.currentPage,
    totalPages: window.totalPages,
    totalPayments: total,
    totals,
  };
}

export async function viewPayment(
  deps: Pick<AppDeps, 'db' | 'log'>,
  id: string,
): Promise<AdminPaymentDetail> {
  const row = isUuid(id) ? await findPayment(deps.db, id) : undefined;
  if (!row) throw notFound();
  const settings = await loadPaymentSettings(deps.db, deps.log);
  const refunds = await listRefunds(deps.db, id);
  return { ...toAdminRecord(row), receipt: toReceipt(row, refunds, settings) };
}

/** The owner records a payment as received (the booking's own "paid" step does the work and audits it). */
export async function markPaymentPaid(
  deps: PaymentDeps,
  owner: UserRow,
  id: string,
  note: string | null,
): Promise<AdminPaymentDetail> {
  const row = isUuid(id) ? await findPayment(deps.db, id) : undefined;
  if (!row) throw notFound();
  if (row.payment.status !== 'pending') throw new HttpProblem(409, PAYMENT_MESSAGES.notPending);
  await markBookingPaid(
    deps,
    { type: 'owner', userId: owner.id },
    row.payment.bookingId,
    deps.clock(),
    note,
  );
  return viewPayment(deps, id);
}

/**
 * The owner gives back part or all of what is left of a received payment. Recorded first, then sent
 * to the provider: a manual refund is final at once, a Stripe one when Stripe confirms it. A Stripe
 * refund Stripe could not take is not kept: 503, and the owner may try again.
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
    const left = refundableMinor(payment);
    if (left <= 0) throw new HttpProblem(409, PAYMENT_MESSAGES.notRefundable);
    const amountMinor = input.amountMinor ?? left;
    if (amountMinor > left) {
      const detail = PAYMENT_MESSAGES.refundTooLarge(formatMoney(left, payment.currency));
      throw new HttpProblem(400, detail, { errors: { amountMinor: [detail] } });
    }
    const reason = input.reason ?? null;
    const row = await requestRefund(tx, payment, { amountMinor, reason, by: owner.id });
    await insertAuditEntry(tx, {
      actorId: owner.id,
      action: 'payment.refund',
      target: id,
      details: {
        currency: payment.currency,
        reason,
        refundId: row.id,
        // What was refunded (or on its way) before and after this refund.
        before: { refundedMinor: payment.amountMinor - left },
        after: { refundedMinor: payment.amountMinor - left + amountMinor },
      },
    });
    return row;
  });
  const outcome = await sendRefund(deps, refund.id);
  if (outcome === 'unsent') {
    await withdrawRefund(deps.db, refund.id);
    throw new HttpProblem(503, PAYMENT_MESSAGES.refundUnavailable);
  }
  return viewPayment(deps, id);
}
