/**
 * The client's privacy rights (decision 029): download everything the practice holds about them,
 * and delete the account. Deleting cancels the bookings still to come (with the refund the
 * cancellation rules give), ends every session and erases what identifies the client; payments and
 * receipts stay for accounting, under the name "Deleted client".
 */
import { randomBytes } from 'node:crypto';
import {
  ERASED_CLIENT_NAME,
  erasedAddress,
  isErasedAddress,
  PRIVACY_MESSAGES,
  type AccountExport,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { AccountPrivacy } from '../account';
import type { Db, Tx } from '../../db/client';
import { HttpProblem } from '../../plugins/errors';
import { auditChange, insertAuditEntry, redactAuditEntries, redactAuditDetails } from '../audit';
import { verifyPassword, countRecoveryCodesLeft, findTwoFactor } from '../auth';
import {
  canClientChange,
  insertBookingEvent,
  updateBooking,
  bookingMailOwner,
  loadSchedulingSettings,
  withdrawFromOwnerCancellationDigests,
} from '../bookings';
import { formatMailTime, simpleMail } from '../mail';
import { settlePaymentOnCancel, sendRefundsOfBooking } from '../payments';
import { assertNotLastAdmin, findUserOr404 } from './user-admin-service';
import { toUserView, deleteUser, type UserRow } from '../users';
import {
  auditTracesOf,
  clientRecords,
  eraseClientData,
  lockFutureBookings,
  lockUserAndCountRecords,
  messagesFrom,
  sessionsOf,
} from './privacy-repository';

export type PrivacyDeps = Pick<
  AppDeps,
  | 'db'
  | 'mailer'
  | 'log'
  | 'config'
  | 'clock'
  | 'payments'
  | 'ownerTimeZone'
  | 'bookingPayments'
  | 'packagePayments'
>;

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/** Everything about the signed-in client, as one JSON document (no owner's private notes). */
/** Two-factor sign-in as the export tells it: on or not, since when, codes left (no secret). */
async function twoFactorFacts(db: Db, userId: string): Promise<AccountExport['twoFactor']> {
  const row = await findTwoFactor(db, userId);
  const enabledAt = row?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: iso(enabledAt),
    recoveryCodesLeft: enabledAt === null ? 0 : await countRecoveryCodesLeft(db, userId),
  };
}

export async function exportAccount(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
): Promise<AccountExport> {
  const records = await clientRecords(deps.db, user.id);
  const history = new Map<string, { action: string; at: string }[]>();
  for (const event of records.events) {
    const list = history.get(event.bookingId) ?? [];
    list.push({ action: event.action, at: event.at.toISOString() });
    history.set(event.bookingId, list);
  }
  return {
    exportedAt: deps.clock().toISOString(),
    profile: toUserView(user),
    bookings: records.bookings.map((booking) => ({
      id: booking.id,
      reference: booking.reference,
      service: booking.serviceTitle,
      start: booking.startAt.toISOString(),
      end: booking.endAt.toISOString(),
      state: booking.state,
      notes: booking.notes,
      answers: booking.answers,
      priceMinor: booking.priceMinor,
      currency: booking.currency,
      createdAt: booking.createdAt.toISOString(),
      cancelledAt: iso(booking.cancelledAt),
      history: history.get(booking.id) ?? [],
    })),
    payments: records.payments.map((payment) => ({
      id: payment.id,
      bookingId: payment.bookingId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      provider: payment.provider,
      status: payment.status,
      refundedMinor: payment.refundedMinor,
      receiptNumber: payment.receiptNumber,
      createdAt: payment.createdAt.toISOString(),
      paidAt: iso(payment.paidAt),
      refunds: records.refunds
        .filter((refund) => refund.paymentId === payment.id)
        .map((refund) => ({
          amountMinor: refund.amountMinor,
          status: refund.status,
          at: refund.createdAt.toISOString(),
        })),
    })),
    tasks: records.tasks.map((task) => ({
      id: task.id,
      bookingId: task.bookingId,
      title: task.title,
      details: task.details,
      dueDate: task.dueDate,
      status: task.status,
      completedAt: iso(task.completedAt),
      createdAt: task.createdAt.toISOString(),
    })),
    messages: (await messagesFrom(deps.db, user.email)).map((message) => ({
      name: message.name,
      email: message.email,
      phone: message.phone,
      type: message.type,
      message: message.message,
      receivedAt: message.createdAt.toISOString(),
    })),
    twoFactor: await twoFactorFacts(deps.db, user.id),
    sessions: (await sessionsOf(deps.db, user.id)).map((session) => ({
      startedAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      userAgent: session.userAgent,
      ip: session.ip,
      expiresAt: session.expiresAt.toISOString(),
      endedAt: iso(session.endedAt),
    })),
  };
}

/**
 * Deletes the signed-in account after checking its password (400, nothing changed, when wrong;
 * 409 for the last admin). See `eraseAccount` for what deleting does.
 */
export async function deleteAccount(
  deps: PrivacyDeps,
  user: UserRow,
  password: string,
  now: Date = deps.clock(),
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new HttpProblem(400, PRIVACY_MESSAGES.passwordWrong, {
      errors: { password: [PRIVACY_MESSAGES.passwordWrong] },
    });
  }
  const cancelledIds = await deps.db.transaction(async (tx) => {
    const current = await findUserOr404(tx, user.id);
    await assertNotLastAdmin(tx, current);
    return eraseAccount(deps, tx, current, null, now);
  });
  for (const id of cancelledIds) await sendRefundsOfBooking(deps, id);
}

/**
 * The owner's delete (`DELETE /api/admin/users/:id`, never the last admin): an account with no
 * bookings and no payments goes entirely; one with them is erased exactly as if the client had
 * deleted it (`eraseAccount`), so the accounting stays. Deleting an erased account again changes
 * nothing.
 */
export async function deleteAccountForOwner(
  deps: PrivacyDeps,
  actor: UserRow,
  id: string,
  now: Date = deps.clock(),
): Promise<void> {
  const cancelledIds = await deps.db.transaction(async (tx) => {
    const user = await findUserOr404(tx, id);
    await assertNotLastAdmin(tx, user);
    // Locks the row first, so a booking made at this moment is either counted or refused.
    const kept = await lockUserAndCountRecords(tx, id);
    if (kept.bookings === 0 && kept.payments === 0) {
      await redactAuditEntries(tx, await auditTracesOf(tx, user), redactAuditDetails);
      await deleteUser(tx, id);
      await insertAuditEntry(tx, {
        actorId: actor.id === id ? null : actor.id,
        action: 'user.delete',
        target: id,
        // Without the name: the account's going is recorded, not who it identified.
        details: { ...auditChange({ role: user.role }, null) },
      });
      return [];
    }
    if (isErasedAddress(user.email)) return [];
    return eraseAccount(deps, tx, user, actor.id === id ? null : actor, now);
  });
  for (const cancelledId of cancelledIds) await sendRefundsOfBooking(deps, cancelledId);
}

/**
 * Erases `user` in `tx` (decision 029) and answers the bookings it cancelled, whose refunds the
 * caller sends once `tx` commits. Bookings still to come are cancelled: before the cutoff as the
 * client's own cancellation (its payment refunded by the owner's share), after it without a refund,
 * like a late cancellation. Sessions end and what identifies the client goes, from the audit log's
 * entries too (their details redacted, the entries kept); payments and receipts stay under
 * "Deleted client". The client gets a confirmation whose outbox row is erased once sent;
 * when the client deleted it themselves (`owner` null) the owner is told which times came free.
 */
async function eraseAccount(
  deps: PrivacyDeps,
  tx: Tx,
  user: UserRow,
  owner: UserRow | null,
  now: Date,
): Promise<string[]> {
  const scheduling = await loadSchedulingSettings(tx, deps.log);
  const mailOwner = await bookingMailOwner(deps, tx);
  const freed: string[] = [];
  const ids: string[] = [];
  for (const booking of await lockFutureBookings(tx, user.id, now)) {
    const beforeCutoff = canClientChange(
      { state: booking.state, start: booking.startAt },
      now,
      scheduling.rules.cancellationCutoffHours,
    ).allowed;
    await updateBooking(tx, booking.id, {
      state: 'cancelled',
      cancelledAt: now,
      holdUntil: null,
      icsSequence: booking.icsSequence + 1,
    });
    await insertBookingEvent(tx, {
      bookingId: booking.id,
      action: 'cancelled',
      fromState: booking.state,
      toState: 'cancelled',
      actorType: owner ? 'owner' : 'client',
      actorId: owner?.id ?? user.id,
      details: { reason: owner ? 'account deleted by the owner' : 'account deleted' },
    });
    await settlePaymentOnCancel(deps, tx, booking, {
      type: beforeCutoff ? 'client' : 'system',
      userId: owner?.id ?? user.id,
    });
    ids.push(booking.id);
    freed.push(
      `${booking.serviceTitle}, ${formatMailTime(booking.startAt, scheduling.rules.timeZone)}`,
    );
  }
  // The log keeps what was done and to which record, not what it said about the client.
  await redactAuditEntries(tx, await auditTracesOf(tx, user), redactAuditDetails);
  // Before the client's mails go: a digest still waiting keeps the other clients' lines.
  await withdrawFromOwnerCancellationDigests(tx, deps.mailer, user.email);
  await eraseClientData(tx, user, {
    name: ERASED_CLIENT_NAME,
    email: erasedAddress(user.id),
    passwordHash: `erased:${randomBytes(32).toString('hex')}`,
    now,
  });
  await insertAuditEntry(tx, {
    actorId: owner?.id ?? null,
    action: 'user.erase',
    target: user.id,
    // Before and after say only that it was erased: the name and address are what erasure removes.
    details: {
      ...auditChange({ erased: false }, { erased: true }),
      role: user.role,
      cancelledBookings: ids.length,
    },
  });
  if (freed.length > 0 && !owner) {
    for (const to of mailOwner.copyTo ?? []) {
      await deps.mailer.queueMail(
        simpleMail(to, 'A client deleted their account', [
          'A client deleted their account. Their bookings still to come were cancelled, and these times are free again:',
          ...freed,
          'Payments and receipts stay on /admin/payments under the name “Deleted client”.',
        ]),
        tx,
      );
    }
  }
  await deps.mailer.queueMail(
    {
      ...simpleMail(user.email, 'Your account is deleted', [
        owner
          ? `Hello ${user.name}, your account at ${deps.config.APP_URL} was deleted by ${mailOwner.name}.`
          : `Hello ${user.name}, your account at ${deps.config.APP_URL} is deleted, as you asked.`,
        ids.length > 0
          ? `Your ${ids.length === 1 ? 'booking still to come was' : `${ids.length} bookings still to come were`} cancelled; any refund due goes back the way you paid.`
          : 'You had no bookings still to come.',
        'Payment records and receipts are kept for accounting as the law requires, without your name. Everything else that identified you is erased, including this e-mail once it is sent.',
      ]),
      eraseAfterSend: true,
    },
    tx,
  );
  return ids;
}

/** What `modules/account` declares for its export and delete routes. */
export const accountPrivacy: AccountPrivacy = { exportAccount, deleteAccount };
