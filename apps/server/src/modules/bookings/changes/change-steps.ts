/**
 * The steps every booking change shares, for a client or the owner (`actor`): the booking locked
 * in the change's transaction, the rules that allow the change, its booking_events line and its
 * mails. Each change is one transaction: the row, its event and the mails commit together or not
 * at all.
 */
import { randomBytes } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  BOOKING_RULE_BOUNDS,
  type BookingClient,
  type BookingEventAction,
  type BookingState,
  type MeetingLinks,
  type SchedulingSettings,
  SLOT_TAKEN_PROBLEM_TYPE,
} from '@consult/shared';
import type { AppDeps } from '../../../app-deps';
import type { Db, Tx } from '../../../db/client';
import { isUuid } from '../../../db/uuid';
import { insertAuditEntry } from '../../audit';
import { HttpProblem } from '../../../plugins/errors';
import { findUserById, type UserRow } from '../../users';
import { isSlotOffered, nearestSlots } from '../availability/availability-service';
import { bookingMailOwner, queueBookingMails, type BookingMailKind } from '../mails/booking-mails';
import { canClientChange, decideStateChange, type BookingActor } from '../booking-state';
import type { ViewContext } from '../booking-view';
import type { CancellationRefund } from '../booking-payment-hooks';
import {
  insertBookingEvent,
  lockBookingById,
  lockOwnerDays,
  type BookingRow,
} from '../bookings-repository';
import { loadSchedulingSettings } from '../scheduling-settings';
import type { ServiceRow } from '../services-repository';
import type { InstantRange, SlotService } from '../availability/slots';
import type { CalendarBusyTimes } from '../availability/calendar-busy';
import { DAY_MS, MINUTE_MS } from '../../clock';

/** What a booking change works with. */
export type BookingDeps = Pick<
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

/** A change that can spend, give back or forfeit a package credit (issue 24). */
export type CreditedBookingDeps = BookingDeps & Pick<AppDeps, 'bookingCredits'>;

/** A change that moves a booking to a time also checks the owner's calendars (decision 059). */
export type TimedBookingDeps = CreditedBookingDeps & Pick<AppDeps, 'calendarBusy'>;

/** Who makes the change: the booking's client, or the owner (any booking, any time). */
export interface BookingActorRef {
  type: 'client' | 'owner';
  userId: string;
}

/** A booking after a change, with what its views need. */
export interface BookingOutcome {
  booking: BookingRow;
  client: BookingClient;
  /** now and the cutoff in force, for toBookingRecord / toAdminBookingRecord. */
  view: ViewContext;
}

const OUTSIDE_HOURS_HORIZON_MS = BOOKING_RULE_BOUNDS.horizonDays[1] * DAY_MS;

export function notFound(): HttpProblem {
  return new HttpProblem(404, BOOKING_MESSAGES.bookingNotFound);
}

/** Thrown inside a transaction when the time is not offered; answered as the same 409 as a lost race. */
export class SlotUnavailable extends Error {}

function stateActor(actor: BookingActorRef): BookingActor {
  return { kind: actor.type, userId: actor.userId };
}

/** The scheduling settings in force, and what the records' views take from them. */
export async function changeContext(
  deps: Pick<AppDeps, 'db' | 'log'>,
  now: Date,
): Promise<{ settings: SchedulingSettings; view: ViewContext }> {
  const settings = await loadSchedulingSettings(deps.db, deps.log);
  return { settings, view: { now, cutoffHours: settings.rules.cancellationCutoffHours } };
}

/** 409 with booking-state.ts's reason unless `actor` may move the booking to `to` now. */
export function requireStateChange(
  booking: BookingRow,
  to: BookingState,
  actor: BookingActorRef,
  view: ViewContext,
): void {
  const decision = decideStateChange({
    booking: {
      state: booking.state,
      start: booking.startAt,
      end: booking.endAt,
      holdUntil: booking.holdUntil,
    },
    to,
    actor: stateActor(actor),
    now: view.now,
    cutoffHours: view.cutoffHours,
  });
  if (!decision.allowed) throw new HttpProblem(409, decision.message);
}

/** 409 unless the client may still change the booking, with the reason its clientChange shows. */
export function requireClientChange(booking: BookingRow, view: ViewContext): void {
  const change = canClientChange(
    { state: booking.state, start: booking.startAt },
    view.now,
    view.cutoffHours,
  );
  if (!change.allowed) throw new HttpProblem(409, change.message);
}

/**
 * The booking_events line of a change `actor` made to `booking` (the row before the change); a
 * change the owner made is also one audit entry with the state and time before and after.
 */
export async function recordChange(
  tx: Tx,
  actor: BookingActorRef,
  booking: BookingRow,
  change: { action: BookingEventAction; toState: BookingState; details?: Record<string, unknown> },
): Promise<void> {
  await insertBookingEvent(tx, {
    bookingId: booking.id,
    action: change.action,
    fromState: booking.state,
    toState: change.toState,
    actorType: actor.type,
    actorId: actor.userId,
    details: change.details ?? {},
  });
  if (actor.type === 'owner') {
    const { previousStart, start, ...rest } = change.details ?? {};
    await insertAuditEntry(tx, {
      actorId: actor.userId,
      action: `booking.${change.action}`,
      target: booking.id,
      details: {
        ...rest,
        before: { state: booking.state, start: previousStart ?? booking.startAt.toISOString() },
        after: { state: change.toState, start: start ?? booking.startAt.toISOString() },
      },
    });
  }
}

export function clientView(user: UserRow): BookingClient {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    timeZone: user.timeZone,
  };
}

/** The link of a confirmed video meeting: the fixed URL, or a fresh unguessable room. */
export function meetingUrlFor(
  meetingMode: ServiceRow['meetingMode'],
  links: MeetingLinks,
): string | null {
  if (meetingMode !== 'video') return null;
  if (links.kind === 'fixed') return links.url;
  const room = `consult-${randomBytes(12).toString('base64url')}`;
  return links.baseUrl.endsWith('/') ? `${links.baseUrl}${room}` : `${links.baseUrl}/${room}`;
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * MINUTE_MS);
}

/** The time a booking at `start` keeps from the others: its session and the buffer after it. */
export function keptRange(
  start: Date,
  service: SlotService,
  settings: SchedulingSettings,
): InstantRange {
  return { start, end: addMinutes(start, service.durationMinutes + settings.rules.bufferMinutes) };
}

/** The 409 for a time that is not (or no longer) available, with free slots near it to offer. */
export async function slotTakenProblem(
  db: Db,
  calendars: CalendarBusyTimes,
  service: SlotService,
  start: Date,
  now: Date,
  settings: SchedulingSettings,
  exceptBookingId?: string,
): Promise<HttpProblem> {
  const nearest = await nearestSlots(db, calendars, service, start, now, settings, exceptBookingId);
  return new HttpProblem(409, BOOKING_MESSAGES.slotTaken, {
    type: SLOT_TAKEN_PROBLEM_TYPE,
    members: { nearestSlots: nearest },
  });
}

/**
 * Outside hours the owner still cannot book a time already past, nor one further ahead than the
 * longest horizon the rules allow (a typo's year 9999 would not even fit the database).
 */
export async function checkTimeFree(
  tx: Tx,
  calendars: CalendarBusyTimes,
  service: SlotService,
  start: Date,
  now: Date,
  settings: SchedulingSettings,
  options: { outsideHours: boolean; exceptBookingId?: string },
): Promise<void> {
  if (options.outsideHours && start.getTime() > now.getTime() + OUTSIDE_HOURS_HORIZON_MS) {
    throw new HttpProblem(400, BOOKING_MESSAGES.startTooFar, {
      errors: { start: [BOOKING_MESSAGES.startTooFar] },
    });
  }
  await lockOwnerDays(tx, keptRange(start, service, settings), settings.rules.timeZone);
  const free = options.outsideHours
    ? start.getTime() > now.getTime()
    : await isSlotOffered(tx, calendars, service, start, now, settings, options.exceptBookingId);
  if (!free) throw new SlotUnavailable();
}

/** The owner's instructions while the booking's payment is due by hand (null otherwise, Stripe included). */
async function manualPaymentInstructions(
  deps: Pick<AppDeps, 'log' | 'bookingPayments'>,
  tx: Tx,
  booking: BookingRow,
): Promise<string | null> {
  const payments = await deps.bookingPayments.clientBookingPayments({ db: tx, log: deps.log }, [
    booking,
  ]);
  return payments.get(booking.id)?.due?.paymentInstructions ?? null;
}

/** Queues the change's mails to the client and the owner in the change's transaction. */
export async function mailChange(
  deps: Pick<AppDeps, 'mailer' | 'log' | 'config' | 'bookingPayments'>,
  tx: Tx,
  kind: BookingMailKind,
  booking: BookingRow,
  client: UserRow,
  extra: { previousStart?: Date; reason?: string | null; refund?: CancellationRefund | null } = {},
): Promise<void> {
  await queueBookingMails(tx, deps.mailer, {
    kind,
    booking,
    client: {
      name: client.name,
      email: client.email,
      timeZone: client.timeZone,
      phone: client.phone,
    },
    owner: await bookingMailOwner(deps, tx),
    appUrl: deps.config.APP_URL,
    paymentInstructions: await manualPaymentInstructions(deps, tx, booking),
    ...extra,
  });
}

/** The booking's client; a client who is gone cannot have bookings (cascade), so this always finds one. */
export async function bookingClient(tx: Tx, booking: BookingRow): Promise<UserRow> {
  const client = await findUserById(tx, booking.clientId);
  if (!client) throw notFound();
  return client;
}

/** The booking locked for a change; 404 for a malformed id, an unknown one or another client's. */
export async function lockOwnBooking(
  tx: Tx,
  actor: BookingActorRef,
  id: string,
): Promise<BookingRow> {
  if (!isUuid(id)) throw notFound();
  const booking = await lockBookingById(tx, id);
  if (!booking || (actor.type === 'client' && booking.clientId !== actor.userId)) throw notFound();
  return booking;
}
