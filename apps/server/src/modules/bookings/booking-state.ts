/**
 * A booking's life: which state changes are allowed, when a client may still cancel or reschedule
 * (only before the cancellation cutoff, a number of hours before the start set in the scheduling
 * rules), and the state a new booking starts in (a free service is confirmed at once, a paid one
 * under the manual provider too, with its payment due).
 */
import { REMINDER_LEAD_HOURS, type BookingState, type OwnerActions } from '@consult/shared';
import { HOUR_MS, MINUTE_MS } from '../clock';

/**
 * Every allowed change; cancelled and expired are final. completed ↔ no_show exist only as the
 * owner's corrections of a wrong mark (`decideStateChange` refuses them to anyone else).
 */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingState, readonly BookingState[]>> = {
  pending_payment: ['confirmed', 'cancelled', 'expired'],
  confirmed: ['completed', 'no_show', 'cancelled'],
  completed: ['no_show'],
  no_show: ['completed'],
  cancelled: [],
  expired: [],
};

export function canTransition(from: BookingState, to: BookingState): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

const STATE_WORDS: Record<BookingState, string> = {
  pending_payment: 'awaiting payment',
  confirmed: 'confirmed',
  completed: 'completed',
  no_show: 'a no-show',
  cancelled: 'cancelled',
  expired: 'expired',
};

export type TransitionCheck = { allowed: true } | { allowed: false; message: string };

/** Whether `from` may become `to`, with a message for the refusal (e.g. a 409's detail). */
export function checkTransition(from: BookingState, to: BookingState): TransitionCheck {
  if (canTransition(from, to)) return { allowed: true };
  return {
    allowed: false,
    message: `A booking that is ${STATE_WORDS[from]} cannot become ${STATE_WORDS[to]}`,
  };
}

/** States in which a booking can still be cancelled or rescheduled by anyone. */
export function isChangeable(state: BookingState): boolean {
  return state === 'pending_payment' || state === 'confirmed';
}

export interface ChangeableBooking {
  state: BookingState;
  start: Date;
}

export type ClientChangeDecision =
  | { allowed: true; cutoffAt: Date }
  | { allowed: false; reason: 'state' | 'cutoff'; cutoffAt: Date; message: string };

export const CHANGE_MESSAGES = {
  notChangeable: 'This booking can no longer be changed',
  pastCutoff: (hours: number) =>
    hours === 0
      ? 'Bookings can only be changed before they start'
      : `Bookings can be cancelled or rescheduled online until ${hours} ${hours === 1 ? 'hour' : 'hours'} before they start; please contact us instead`,
} as const;

/** The cancellation cutoff of a booking starting at `start`: `cutoffHours` before it. */
export function cancellationCutoff(start: Date, cutoffHours: number): Date {
  return new Date(start.getTime() - cutoffHours * HOUR_MS);
}

/**
 * The one cancellation policy (issue 24): strictly before the cutoff a cancellation is in time.
 * It decides whether the client may cancel (and so be refunded their share of a payment) and
 * whether a package credit comes back, whoever cancels; at or after it the credit is forfeited.
 */
export function beforeCancellationCutoff(start: Date, now: Date, cutoffHours: number): boolean {
  return now.getTime() < cancellationCutoff(start, cutoffHours).getTime();
}

/**
 * Whether the client may cancel or reschedule now. The cutoff is `cutoffHours` before the start;
 * changes are allowed strictly before it, so at exactly the cutoff they are already closed. The
 * owner is not bound by it (see `canOwnerChange`).
 */
export function canClientChange(
  booking: ChangeableBooking,
  now: Date,
  cutoffHours: number,
): ClientChangeDecision {
  const cutoffAt = cancellationCutoff(booking.start, cutoffHours);
  if (!isChangeable(booking.state)) {
    return { allowed: false, reason: 'state', cutoffAt, message: CHANGE_MESSAGES.notChangeable };
  }
  if (!beforeCancellationCutoff(booking.start, now, cutoffHours)) {
    return {
      allowed: false,
      reason: 'cutoff',
      cutoffAt,
      message: CHANGE_MESSAGES.pastCutoff(cutoffHours),
    };
  }
  return { allowed: true, cutoffAt };
}

/** The owner may cancel or reschedule at any time, as long as the booking is still open. */
export function canOwnerChange(booking: Pick<ChangeableBooking, 'state'>): boolean {
  return isChangeable(booking.state);
}

/** Payment providers: manual is settled by the owner (who marks it paid), stripe online. */
export type PaymentProviderName = 'manual' | 'stripe';

export interface InitialBookingState {
  state: Extract<BookingState, 'confirmed' | 'pending_payment'>;
  /** True while a paid booking's payment has not been received. */
  paymentDue: boolean;
  /** Until when a pending_payment booking holds its slot; null otherwise. */
  holdUntil: Date | null;
}

/**
 * Free services confirm at once. A paid service under the manual provider confirms at once with
 * its payment due (the owner marks it paid). Under an online provider it waits in pending_payment,
 * holding the slot for `holdMinutes`, until the payment confirms it or the hold expires.
 */
export function initialBookingState(input: {
  priceMinor: number;
  provider: PaymentProviderName;
  now: Date;
  holdMinutes: number;
}): InitialBookingState {
  if (input.priceMinor === 0) return { state: 'confirmed', paymentDue: false, holdUntil: null };
  if (input.provider === 'manual') return { state: 'confirmed', paymentDue: true, holdUntil: null };
  return {
    state: 'pending_payment',
    paymentDue: true,
    holdUntil: new Date(input.now.getTime() + input.holdMinutes * MINUTE_MS),
  };
}

/** Whether a pending_payment booking's hold has run out (at exactly holdUntil it has). */
export function isHoldExpired(
  booking: { state: BookingState; holdUntil: Date | null },
  now: Date,
): boolean {
  return (
    booking.state === 'pending_payment' &&
    booking.holdUntil !== null &&
    now.getTime() >= booking.holdUntil.getTime()
  );
}

/** Who changes a booking: its client, an owner (admin), or the server's own jobs and webhooks. */
export type BookingActor =
  { kind: 'client'; userId: string } | { kind: 'owner'; userId: string } | { kind: 'system' };

/** One recorded state change: what, who, when. */
export interface BookingStateChange {
  from: BookingState;
  to: BookingState;
  actor: BookingActor;
  at: Date;
}

export type StateChangeDecision =
  | { allowed: true; change: BookingStateChange }
  | {
      allowed: false;
      reason: 'transition' | 'actor' | 'cutoff' | 'too_early' | 'hold_active';
      message: string;
    };

export const STATE_CHANGE_MESSAGES = {
  clientMayOnlyCancel: 'Clients can only cancel their bookings',
  notYetStarted: 'A booking can be marked completed or no-show only once it has started',
  notYetEnded: 'A booking is completed automatically only once it has ended',
  holdActive: 'The payment hold has not run out yet',
  systemNotAllowed: 'This change needs a person to make it',
  ownerCannotExpire: 'Only an unpaid hold that ran out can expire',
  onlyOwnerCorrects: 'Only the owner can correct a booking marked completed or no-show',
} as const;

/** A finished meeting's mark being switched (completed ↔ no_show), not a step forward. */
function isCorrection(from: BookingState): boolean {
  return from === 'completed' || from === 'no_show';
}

/**
 * Whether `actor` may move `booking` to `to` now, and the change to record if so:
 * - clients may only cancel, and only before the cutoff (`canClientChange`);
 * - owners may make any allowed change at any time, except expiring a hold;
 * - the system confirms (payment received), expires a hold once it has run out, and completes a
 *   booking once it has ended;
 * - completed and no-show need the booking to have started (ended, for the system);
 * - only the owner may switch completed ↔ no_show, to correct a wrong mark.
 */
export function decideStateChange(input: {
  booking: ChangeableBooking & { end: Date; holdUntil: Date | null };
  to: BookingState;
  actor: BookingActor;
  now: Date;
  cutoffHours: number;
}): StateChangeDecision {
  const { booking, to, actor, now } = input;
  const transition = checkTransition(booking.state, to);
  if (!transition.allowed) {
    return { allowed: false, reason: 'transition', message: transition.message };
  }
  const refuse = (reason: 'actor' | 'too_early' | 'hold_active', message: string) =>
    ({ allowed: false, reason, message }) as const;
  if (isCorrection(booking.state) && actor.kind !== 'owner') {
    return refuse('actor', STATE_CHANGE_MESSAGES.onlyOwnerCorrects);
  }

  if (actor.kind === 'client') {
    if (to !== 'cancelled') return refuse('actor', STATE_CHANGE_MESSAGES.clientMayOnlyCancel);
    const decision = canClientChange(booking, now, input.cutoffHours);
    if (!decision.allowed) return { allowed: false, reason: 'cutoff', message: decision.message };
  } else if (actor.kind === 'owner') {
    if (to === 'expired') return refuse('actor', STATE_CHANGE_MESSAGES.ownerCannotExpire);
    if ((to === 'completed' || to === 'no_show') && now < booking.start) {
      return refuse('too_early', STATE_CHANGE_MESSAGES.notYetStarted);
    }
  } else {
    if (to === 'expired' && !isHoldExpired(booking, now)) {
      return refuse('hold_active', STATE_CHANGE_MESSAGES.holdActive);
    }
    if (to === 'completed' && now < booking.end) {
      return refuse('too_early', STATE_CHANGE_MESSAGES.notYetEnded);
    }
    if (to === 'cancelled' || to === 'no_show') {
      return refuse('actor', STATE_CHANGE_MESSAGES.systemNotAllowed);
    }
  }
  return { allowed: true, change: { from: booking.state, to, actor, at: now } };
}

/** Any owner: the rules do not depend on which admin acts. */
const OWNER: BookingActor = { kind: 'owner', userId: 'any' };

/**
 * What the owner may do with `booking` now, with the answers the actions themselves give:
 * cancel and attendance as `decideStateChange` decides them, reschedule while the booking is open,
 * "paid" while a payment is due on a booking that still takes place.
 */
export function ownerActionsFor(
  booking: ChangeableBooking & { end: Date; holdUntil: Date | null; paymentDue: boolean },
  now: Date,
): OwnerActions {
  const allows = (to: BookingState) =>
    decideStateChange({ booking, to, actor: OWNER, now, cutoffHours: 0 }).allowed;
  return {
    cancel: allows('cancelled'),
    reschedule: canOwnerChange(booking),
    complete: allows('completed'),
    noShow: allows('no_show'),
    paid: booking.paymentDue && booking.state !== 'cancelled' && booking.state !== 'expired',
  };
}

/**
 * The reminder_sent_at a booking confirmed (or moved) at `now` starts with: inside the reminder
 * window the confirmation mail is the reminder, so the reminder job must not send another one
 * minutes later; outside it the job sends one REMINDER_LEAD_HOURS before the start.
 */
export function initialReminderSentAt(start: Date, now: Date): Date | null {
  return start.getTime() - now.getTime() <= REMINDER_LEAD_HOURS * HOUR_MS ? now : null;
}
