/**
 * Booking a time. The database's exclusion constraint decides that no two bookings overlap; the
 * slot check before it gives the same answer for times that are simply not offered.
 */
import { createHash } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  COUPON_MESSAGES,
  CREDIT_UNAVAILABLE_PROBLEM_TYPE,
  EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
  intakeAnswersSchemaFor,
  intakeAnswerSnapshot,
  type IntakeAnswer,
  type SchedulingSettings,
} from '@consult/shared';
import type { AppDeps } from '../../../app-deps';
import type { Db, Tx } from '../../../db/client';
import { isUuid } from '../../../db/uuid';
import { HttpProblem } from '../../../plugins/errors';
import { insertAuditEntry } from '../../audit';
import { findUserById, type UserRow } from '../../users';
import { requireBookableService } from '../availability/availability-service';
import type { ServiceRow } from '../services-repository';
import { initialBookingState, initialReminderSentAt } from '../booking-state';
import {
  findBookingByIdempotencyKey,
  insertBookingEvent,
  insertBookingWithReference,
  serviceSnapshot,
  type BookingRow,
} from '../bookings-repository';
import { isExclusionViolation, isUniqueViolation } from '../../../db/database-errors';
import { requireUnderClientCaps } from './booking-caps';
import {
  addMinutes,
  changeContext,
  checkTimeFree,
  clientView,
  keptRange,
  mailChange,
  meetingUrlFor,
  notFound,
  SlotUnavailable,
  slotTakenProblem,
  type BookingActorRef,
  type TimedBookingDeps,
  type BookingOutcome,
} from './change-steps';

/** The discount code a booking was made with, for its answer. */
export interface BookingDiscount {
  code: string;
  originalMinor: number;
  discountMinor: number;
}

export interface CreateBookingInput {
  /** The client the booking is for; a client actor always books for themself. */
  clientId: string;
  /** The service's slug. */
  service: string;
  /** ISO 8601 instant with offset (already validated by the route's schema). */
  start: string;
  notes: string | null;
  /** Question id → answer for the service's intake questions; the owner may leave them out. */
  answers?: Record<string, string>;
  idempotencyKey?: string;
  /** Owner only: any free time, not just an offered slot (overlaps are still refused). */
  outsideHours?: boolean;
  /**
   * Pay with a package credit: a client's booking does by default when one covers the service;
   * the owner's only when asked. true with no credit usable is a 409.
   */
  useCredit?: boolean;
  /**
   * A discount code (issue 24, already upper-cased by the route's schema): the booking's price is
   * the discounted one; no credit is used with it. A code that cannot be used is a 409.
   */
  couponCode?: string;
}

/** What a request asked for: a retry with the same key must ask for exactly this again. */
export function requestFingerprint(
  service: string,
  start: Date,
  notes: string | null,
  answers: readonly IntakeAnswer[] = [],
  couponCode?: string,
): string {
  // Without answers (or a code) the fingerprint is the one requests had before they existed.
  const asked = answers.length > 0 ? `|${JSON.stringify(answers)}` : '';
  const code = couponCode !== undefined ? `|code:${couponCode}` : '';
  return createHash('sha256')
    .update(`${service}|${start.toISOString()}|${notes ?? ''}${asked}${code}`)
    .digest('hex');
}

/**
 * The answers checked against the service's questions as they are now, kept as a snapshot. A
 * client must answer the required ones; the owner booking for a client may leave any out.
 */
export function answersSnapshot(
  service: ServiceRow,
  actor: BookingActorRef,
  answers: Record<string, string>,
): IntakeAnswer[] {
  const schema = intakeAnswersSchemaFor(service.questions, {
    enforceRequired: actor.type === 'client',
  });
  const result = schema.safeParse(answers);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      (errors[['answers', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
    }
    const detail = result.error.issues[0]?.message ?? BOOKING_MESSAGES.serviceUnknown;
    throw new HttpProblem(400, detail, { errors });
  }
  return intakeAnswerSnapshot(service.questions, result.data);
}

/** The client to book for: the verified client themself, or (owner) an existing, enabled client. */
export async function resolveClient(
  db: Db,
  actor: BookingActorRef,
  clientId: string,
): Promise<UserRow> {
  if (actor.type === 'client') {
    const user = await findUserById(db, actor.userId);
    if (!user) throw notFound();
    if (user.emailVerifiedAt === null) {
      throw new HttpProblem(403, BOOKING_MESSAGES.emailNotVerified, {
        type: EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
      });
    }
    return user;
  }
  const user = isUuid(clientId) ? await findUserById(db, clientId) : undefined;
  if (!user || user.disabledAt !== null) {
    throw new HttpProblem(400, BOOKING_MESSAGES.clientUnknown, {
      errors: { clientId: [BOOKING_MESSAGES.clientUnknown] },
    });
  }
  return user;
}

/** A retry of a request already made with this key: the same booking, or 422 for another request. */
function replayed(existing: BookingRow, fingerprint: string): BookingRow {
  if (existing.requestFingerprint !== fingerprint) {
    throw new HttpProblem(422, BOOKING_MESSAGES.idempotencyKeyReused, {
      errors: { 'idempotency-key': [BOOKING_MESSAGES.idempotencyKeyReused] },
    });
  }
  return existing;
}

/** What one new booking is made of, whether on its own or as a session of a series. */
export interface NewBookingStep {
  client: UserRow;
  service: ServiceRow;
  start: Date;
  notes: string | null;
  answers: IntakeAnswer[];
  settings: SchedulingSettings;
  now: Date;
  /** Pay with a package credit when one covers the service (see CreateBookingInput.useCredit). */
  wantsCredit: boolean;
  useCredit: boolean | undefined;
  /** A discount code the price is lowered by (see CreateBookingInput.couponCode). */
  couponCode: string | undefined;
  idempotencyKey: string | null;
  requestFingerprint: string | null;
  seriesId: string | null;
  /** Throws when the time is not free (SlotUnavailable, or a 400), after the caps are checked. */
  checkTime: () => Promise<void>;
}

/** A discount code applied to one booking (the discount codes' own record of it). */
type AppliedCode = NonNullable<Awaited<ReturnType<AppDeps['discountCodes']['applyCode']>>>;

/**
 * Inserts one booking in `tx` with its credit or payment (a discount code lowering its price), its
 * event and (owner) audit entry; the caller mails it. A credit that pays it confirms it at once;
 * `useCredit: true` without one is a 409. A client at a cap can book no time at all: said before
 * whether this one is free.
 */
export async function insertNewBooking(
  deps: TimedBookingDeps & Pick<AppDeps, 'discountCodes'>,
  tx: Tx,
  actor: BookingActorRef,
  step: NewBookingStep,
): Promise<{
  row: BookingRow;
  credit: { purchaseId: string } | null;
  applied: AppliedCode | null;
}> {
  const { client, service, start, settings, now, couponCode } = step;
  // A package credit pays the booking whole: it is confirmed with nothing to pay (issue 24).
  const credit = step.wantsCredit
    ? await deps.bookingCredits.spendCredit(tx, { clientId: client.id, serviceId: service.id, now })
    : null;
  if (step.useCredit === true && service.priceMinor > 0 && !credit) {
    throw new HttpProblem(409, BOOKING_MESSAGES.creditUnavailable, {
      type: CREDIT_UNAVAILABLE_PROBLEM_TYPE,
      errors: { useCredit: [BOOKING_MESSAGES.creditUnavailable] },
    });
  }
  // A discount code lowers the price the booking is made at: its payment (and a Stripe
  // Checkout's amount) is what is left; nothing left confirms it as a free booking.
  const applied =
    couponCode !== undefined
      ? await deps.discountCodes.applyCode(tx, {
          code: couponCode,
          clientId: client.id,
          target: { kind: 'service', serviceId: service.id },
          priceMinor: service.priceMinor,
          currency: service.currency,
          now,
        })
      : null;
  const price = credit ? 0 : (applied?.totalMinor ?? service.priceMinor);
  // The owner booking for a client arranges the payment with them: it is recorded by hand.
  const provider =
    actor.type === 'owner' ? 'manual' : await deps.bookingPayments.providerForNewBooking(deps, tx);
  if (actor.type === 'client') {
    await requireUnderClientCaps(tx, {
      clientId: client.id,
      priceMinor: price,
      provider,
      rules: settings.rules,
      now,
    });
  }
  await step.checkTime();
  const initial = initialBookingState({
    priceMinor: price,
    provider,
    now,
    holdMinutes: settings.rules.holdMinutes,
  });
  const end = addMinutes(start, service.durationMinutes);
  const row = await insertBookingWithReference(tx, {
    clientId: client.id,
    ...serviceSnapshot(service),
    ...(applied && { priceMinor: applied.totalMinor }),
    startAt: start,
    endAt: end,
    blockedUntil: keptRange(start, service, settings).end,
    state: initial.state,
    notes: step.notes,
    answers: step.answers,
    paymentDue: initial.paymentDue,
    holdUntil: initial.holdUntil,
    meetingUrl:
      initial.state === 'confirmed'
        ? meetingUrlFor(service.meetingMode, settings.meetingLinks)
        : null,
    reminderSentAt: initial.state === 'confirmed' ? initialReminderSentAt(start, now) : null,
    idempotencyKey: step.idempotencyKey,
    requestFingerprint: step.requestFingerprint,
    seriesId: step.seriesId,
    createdBy: actor.userId,
  });
  if (credit) {
    await deps.bookingCredits.recordCreditUse(tx, {
      purchaseId: credit.purchaseId,
      bookingId: row.id,
      actorId: actor.userId,
    });
  } else {
    await deps.bookingPayments.openPayment(
      tx,
      row,
      provider,
      applied ? { code: applied.code, discountMinor: applied.discountMinor } : undefined,
    );
  }
  if (applied) await deps.discountCodes.recordUse(tx, applied, { bookingId: row.id });
  await insertBookingEvent(tx, {
    bookingId: row.id,
    action: 'created',
    fromState: null,
    toState: row.state,
    actorType: actor.type,
    actorId: actor.userId,
    details: {
      start: row.startAt.toISOString(),
      service: row.serviceSlug,
      ...(credit && { creditPurchaseId: credit.purchaseId }),
      ...(applied && { couponCode: applied.code, discountMinor: applied.discountMinor }),
      ...(step.seriesId && { seriesId: step.seriesId }),
    },
  });
  if (actor.type === 'owner') {
    await insertAuditEntry(tx, {
      actorId: actor.userId,
      action: 'booking.created',
      target: row.id,
      details: {
        before: null,
        after: {
          state: row.state,
          start: row.startAt.toISOString(),
          service: row.serviceSlug,
          clientId: client.id,
          ...(step.seriesId && { seriesId: step.seriesId }),
        },
      },
    });
  }
  return { row, credit, applied };
}

/**
 * Books `input.start` for the service. A client needs a verified e-mail and an offered slot; the
 * owner may pass `outsideHours`. Free services and paid ones under the manual provider confirm at
 * once (paid: paymentDue); under Stripe a paid one is held for payment (see `deps.bookingPayments`).
 * A client's paid booking over their caps is refused (booking-caps.ts). The same Idempotency-Key
 * with the same request returns the first booking without a second row or mail.
 */
export async function createBooking(
  deps: TimedBookingDeps & Pick<AppDeps, 'discountCodes'>,
  actor: BookingActorRef,
  input: CreateBookingInput,
  now: Date = deps.clock(),
): Promise<
  BookingOutcome & { credit: { purchaseId: string } | null; discount: BookingDiscount | null }
> {
  const { db } = deps;
  const client = await resolveClient(db, actor, input.clientId);
  const service = await requireBookableService(db, input.service);
  const { settings, view } = await changeContext(deps, now);
  const start = new Date(input.start);
  const { notes } = input;
  const answers = answersSnapshot(service, actor, input.answers ?? {});
  const fingerprint = requestFingerprint(service.slug, start, notes, answers, input.couponCode);
  const key = input.idempotencyKey;
  const { couponCode } = input;
  if (couponCode !== undefined && input.useCredit === true) {
    throw new HttpProblem(400, COUPON_MESSAGES.couponWithCredit, {
      errors: { couponCode: [COUPON_MESSAGES.couponWithCredit] },
    });
  }
  const outcome = (
    booking: BookingRow,
    credit: { purchaseId: string } | null,
    discount: BookingDiscount | null,
  ) => ({ booking, client: clientView(client), view, credit, discount });
  // A code is asked for to pay less: it is not spent on a booking a credit pays.
  const wantsCredit =
    service.priceMinor > 0 &&
    couponCode === undefined &&
    (input.useCredit ?? actor.type === 'client') !== false;

  if (key !== undefined) {
    const existing = await findBookingByIdempotencyKey(db, client.id, key);
    if (existing) return replay(existing);
  }

  async function replay(booking: BookingRow) {
    const [credits, discount] = await Promise.all([
      deps.bookingCredits.creditsOfBookings(db, [booking.id]),
      deps.discountCodes.discountOfBooking(db, booking.id),
    ]);
    const purchaseId = credits.get(booking.id);
    return outcome(replayed(booking, fingerprint), purchaseId ? { purchaseId } : null, discount);
  }

  try {
    const { booking, credit, discount } = await db.transaction(async (tx) => {
      const { row, credit, applied } = await insertNewBooking(deps, tx, actor, {
        client,
        service,
        start,
        notes,
        answers,
        settings,
        now,
        wantsCredit,
        useCredit: input.useCredit,
        couponCode,
        idempotencyKey: key ?? null,
        requestFingerprint: key !== undefined ? fingerprint : null,
        seriesId: null,
        checkTime: () =>
          checkTimeFree(tx, deps.calendarBusy, service, start, now, settings, {
            outsideHours: actor.type === 'owner' && input.outsideHours === true,
          }),
      });
      if (row.state === 'confirmed') await mailChange(deps, tx, 'confirmed', row, client);
      const discount = applied && {
        code: applied.code,
        originalMinor: applied.originalMinor,
        discountMinor: applied.discountMinor,
      };
      return { booking: row, credit, discount };
    });
    return outcome(booking, credit, discount);
  } catch (error) {
    const slotTaken = error instanceof SlotUnavailable || isExclusionViolation(error);
    // The same request sent twice at once: the first one's booking took the slot (or the key);
    // the second answers with it instead of a conflict.
    if (key !== undefined && (slotTaken || isUniqueViolation(error))) {
      const winner = await findBookingByIdempotencyKey(db, client.id, key);
      if (winner) return replay(winner);
    }
    if (slotTaken)
      throw await slotTakenProblem(db, deps.calendarBusy, service, start, now, settings);
    throw error;
  }
}
