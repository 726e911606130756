import { BOOKING_STATES, HOUR_MS, MINUTE_MS, type BookingState } from '@consult/shared';
import { describe, expect, it } from 'vitest';
import {
  initialReminderSentAt,
  canClientChange,
  canOwnerChange,
  canTransition,
  checkTransition,
  decideStateChange,
  initialBookingState,
  isHoldExpired,
  ownerActionsFor,
} from './booking-state';

const ALLOWED: [BookingState, BookingState][] = [
  ['pending_payment', 'confirmed'],
  ['pending_payment', 'cancelled'],
  ['pending_payment', 'expired'],
  ['confirmed', 'completed'],
  ['confirmed', 'no_show'],
  ['confirmed', 'cancelled'],
  // The owner's corrections of a wrong mark.
  ['completed', 'no_show'],
  ['no_show', 'completed'],
];

describe('booking transitions', () => {
  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(checkTransition(from, to)).toEqual({ allowed: true });
  });

  const refused = BOOKING_STATES.flatMap((from) =>
    BOOKING_STATES.filter((to) => !ALLOWED.some(([a, b]) => a === from && b === to)).map(
      (to) => [from, to] as [BookingState, BookingState],
    ),
  );

  it.each(refused)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(checkTransition(from, to).allowed).toBe(false);
  });

  it('explains a refused change in words', () => {
    expect(checkTransition('completed', 'cancelled')).toEqual({
      allowed: false,
      message: 'A booking that is completed cannot become cancelled',
    });
    expect(checkTransition('confirmed', 'pending_payment')).toEqual({
      allowed: false,
      message: 'A booking that is confirmed cannot become awaiting payment',
    });
  });

  it('never leaves a final state', () => {
    for (const final of ['cancelled', 'expired'] as const) {
      for (const to of BOOKING_STATES) expect(canTransition(final, to)).toBe(false);
    }
  });

  it('lets a finished meeting only switch between completed and no-show', () => {
    for (const to of BOOKING_STATES) {
      expect(canTransition('completed', to)).toBe(to === 'no_show');
      expect(canTransition('no_show', to)).toBe(to === 'completed');
    }
  });
});

describe('canClientChange', () => {
  const start = new Date('2026-06-10T10:00:00Z');
  const confirmed = { state: 'confirmed' as const, start };

  it('allows a change one millisecond before the cutoff', () => {
    const decision = canClientChange(confirmed, new Date('2026-06-09T09:59:59.999Z'), 24);
    expect(decision).toEqual({ allowed: true, cutoffAt: new Date('2026-06-09T10:00:00Z') });
  });

  it('refuses a change exactly at the cutoff, and after it', () => {
    for (const now of [
      '2026-06-09T10:00:00Z',
      '2026-06-09T10:00:00.001Z',
      '2026-06-10T11:00:00Z',
    ]) {
      const decision = canClientChange(confirmed, new Date(now), 24);
      expect(decision).toMatchObject({ allowed: false, reason: 'cutoff' });
    }
  });

  it('explains the cutoff in hours', () => {
    const decision = canClientChange(confirmed, new Date('2026-06-10T09:00:00Z'), 24);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) {
      expect(decision.message).toBe(
        'Bookings can be cancelled or rescheduled online until 24 hours before they start; please contact us instead',
      );
    }
    const oneHour = canClientChange(confirmed, new Date('2026-06-10T09:30:00Z'), 1);
    expect(!oneHour.allowed && oneHour.message).toContain('until 1 hour before');
  });

  it('with a cutoff of 0 allows changes until the start, not at it', () => {
    expect(canClientChange(confirmed, new Date('2026-06-10T09:59:59Z'), 0).allowed).toBe(true);
    const atStart = canClientChange(confirmed, start, 0);
    expect(atStart).toMatchObject({ allowed: false, reason: 'cutoff' });
    expect(!atStart.allowed && atStart.message).toBe(
      'Bookings can only be changed before they start',
    );
  });

  it('allows a pending-payment booking to be changed before the cutoff', () => {
    const decision = canClientChange(
      { state: 'pending_payment', start },
      new Date('2026-06-01T00:00:00Z'),
      24,
    );
    expect(decision.allowed).toBe(true);
  });

  it.each(['completed', 'no_show', 'cancelled', 'expired'] as const)(
    'refuses changing a %s booking, however early',
    (state) => {
      const decision = canClientChange({ state, start }, new Date('2026-01-01T00:00:00Z'), 24);
      expect(decision).toMatchObject({
        allowed: false,
        reason: 'state',
        message: 'This booking can no longer be changed',
      });
    },
  );
});

describe('canOwnerChange', () => {
  it('lets the owner change an open booking at any time, and no closed one', () => {
    expect(canOwnerChange({ state: 'confirmed' })).toBe(true);
    expect(canOwnerChange({ state: 'pending_payment' })).toBe(true);
    for (const state of ['completed', 'no_show', 'cancelled', 'expired'] as const) {
      expect(canOwnerChange({ state })).toBe(false);
    }
  });
});

describe('initialBookingState', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('confirms a free service at once, with nothing to pay', () => {
    for (const provider of ['manual', 'stripe'] as const) {
      expect(initialBookingState({ priceMinor: 0, provider, now, holdMinutes: 30 })).toEqual({
        state: 'confirmed',
        paymentDue: false,
        holdUntil: null,
      });
    }
  });

  it('confirms a paid service under the manual provider with its payment due', () => {
    expect(
      initialBookingState({ priceMinor: 12000, provider: 'manual', now, holdMinutes: 30 }),
    ).toEqual({
      state: 'confirmed',
      paymentDue: true,
      holdUntil: null,
    });
  });

  it('holds a paid service under an online provider for the hold time', () => {
    expect(
      initialBookingState({ priceMinor: 12000, provider: 'stripe', now, holdMinutes: 30 }),
    ).toEqual({
      state: 'pending_payment',
      paymentDue: true,
      holdUntil: new Date('2026-06-01T12:30:00Z'),
    });
  });
});

describe('isHoldExpired', () => {
  const holdUntil = new Date('2026-06-01T12:30:00Z');

  it('expires a pending hold at exactly its end, not before', () => {
    const pending = { state: 'pending_payment' as const, holdUntil };
    expect(isHoldExpired(pending, new Date('2026-06-01T12:29:59.999Z'))).toBe(false);
    expect(isHoldExpired(pending, holdUntil)).toBe(true);
  });

  it('never expires a booking that is no longer pending', () => {
    expect(isHoldExpired({ state: 'confirmed', holdUntil }, new Date('2027-01-01T00:00:00Z'))).toBe(
      false,
    );
  });
});

describe('decideStateChange', () => {
  const start = new Date('2026-06-10T10:00:00Z');
  const end = new Date('2026-06-10T11:00:00Z');
  const confirmed = { state: 'confirmed' as const, start, end, holdUntil: null };
  const pending = {
    state: 'pending_payment' as const,
    start,
    end,
    holdUntil: new Date('2026-06-01T12:30:00Z'),
  };
  const client = { kind: 'client', userId: 'c1' } as const;
  const owner = { kind: 'owner', userId: 'o1' } as const;
  const system = { kind: 'system' } as const;
  const early = new Date('2026-06-01T12:00:00Z');

  it('records who cancelled and when', () => {
    expect(
      decideStateChange({
        booking: confirmed,
        to: 'cancelled',
        actor: client,
        now: early,
        cutoffHours: 24,
      }),
    ).toEqual({
      allowed: true,
      change: { from: 'confirmed', to: 'cancelled', actor: client, at: early },
    });
  });

  it('lets a client cancel only before the cutoff, and nothing else', () => {
    const late = new Date('2026-06-09T10:00:00Z');
    expect(
      decideStateChange({
        booking: confirmed,
        to: 'cancelled',
        actor: client,
        now: late,
        cutoffHours: 24,
      }),
    ).toMatchObject({ allowed: false, reason: 'cutoff' });
    expect(
      decideStateChange({
        booking: confirmed,
        to: 'completed',
        actor: client,
        now: end,
        cutoffHours: 24,
      }),
    ).toEqual({
      allowed: false,
      reason: 'actor',
      message: 'Clients can only cancel their bookings',
    });
  });

  it('lets the owner cancel past the cutoff, even after the start', () => {
    const decision = decideStateChange({
      booking: confirmed,
      to: 'cancelled',
      actor: owner,
      now: new Date('2026-06-10T10:30:00Z'),
      cutoffHours: 24,
    });
    expect(decision.allowed).toBe(true);
  });

  it('lets the owner mark completed or no-show only once the booking has started', () => {
    for (const to of ['completed', 'no_show'] as const) {
      expect(
        decideStateChange({ booking: confirmed, to, actor: owner, now: early, cutoffHours: 24 }),
      ).toMatchObject({ allowed: false, reason: 'too_early' });
      expect(
        decideStateChange({ booking: confirmed, to, actor: owner, now: start, cutoffHours: 24 })
          .allowed,
      ).toBe(true);
    }
  });

  it('lets only the owner switch completed and no-show, to correct a wrong mark', () => {
    const completed = { ...confirmed, state: 'completed' as const };
    const noShow = { ...confirmed, state: 'no_show' as const };
    const later = new Date('2026-06-11T09:00:00Z');
    expect(
      decideStateChange({
        booking: completed,
        to: 'no_show',
        actor: owner,
        now: later,
        cutoffHours: 24,
      }),
    ).toEqual({
      allowed: true,
      change: { from: 'completed', to: 'no_show', actor: owner, at: later },
    });
    expect(
      decideStateChange({
        booking: noShow,
        to: 'completed',
        actor: owner,
        now: later,
        cutoffHours: 24,
      }).allowed,
    ).toBe(true);
    for (const actor of [client, system]) {
      expect(
        decideStateChange({ booking: noShow, to: 'completed', actor, now: later, cutoffHours: 24 }),
      ).toEqual({
        allowed: false,
        reason: 'actor',
        message: 'Only the owner can correct a booking marked completed or no-show',
      });
    }
    expect(
      decideStateChange({
        booking: completed,
        to: 'cancelled',
        actor: owner,
        now: later,
        cutoffHours: 24,
      }),
    ).toMatchObject({ allowed: false, reason: 'transition' });
  });

  it('refuses a transition the state machine does not allow, whoever asks', () => {
    const cancelled = { ...confirmed, state: 'cancelled' as const };
    for (const actor of [client, owner, system]) {
      expect(
        decideStateChange({
          booking: cancelled,
          to: 'confirmed',
          actor,
          now: early,
          cutoffHours: 24,
        }),
      ).toMatchObject({ allowed: false, reason: 'transition' });
    }
  });

  it('lets the system expire a hold only once it has run out, and not the owner', () => {
    expect(
      decideStateChange({
        booking: pending,
        to: 'expired',
        actor: system,
        now: early,
        cutoffHours: 24,
      }),
    ).toMatchObject({ allowed: false, reason: 'hold_active' });
    expect(
      decideStateChange({
        booking: pending,
        to: 'expired',
        actor: system,
        now: pending.holdUntil,
        cutoffHours: 24,
      }).allowed,
    ).toBe(true);
    expect(
      decideStateChange({
        booking: pending,
        to: 'expired',
        actor: owner,
        now: pending.holdUntil,
        cutoffHours: 24,
      }),
    ).toMatchObject({ allowed: false, reason: 'actor' });
  });

  it('lets the system confirm a paid hold and complete a booking once it has ended', () => {
    expect(
      decideStateChange({
        booking: pending,
        to: 'confirmed',
        actor: system,
        now: early,
        cutoffHours: 24,
      }).allowed,
    ).toBe(true);
    expect(
      decideStateChange({
        booking: confirmed,
        to: 'completed',
        actor: system,
        now: start,
        cutoffHours: 24,
      }),
    ).toMatchObject({ allowed: false, reason: 'too_early' });
    expect(
      decideStateChange({
        booking: confirmed,
        to: 'completed',
        actor: system,
        now: end,
        cutoffHours: 24,
      }).allowed,
    ).toBe(true);
    expect(
      decideStateChange({
        booking: confirmed,
        to: 'cancelled',
        actor: system,
        now: end,
        cutoffHours: 24,
      }),
    ).toMatchObject({ allowed: false, reason: 'actor' });
  });
});

describe('initialReminderSentAt', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('counts the confirmation as the reminder inside the 24-hour window', () => {
    expect(initialReminderSentAt(new Date('2026-03-11T12:00:00Z'), now)).toEqual(now);
    expect(initialReminderSentAt(new Date('2026-03-10T13:00:00Z'), now)).toEqual(now);
  });
  it('leaves the reminder to the job for a booking further ahead', () => {
    expect(initialReminderSentAt(new Date('2026-03-11T12:01:00Z'), now)).toBeNull();
  });
});

describe("the owner's actions on a booking", () => {
  const start = new Date('2026-03-10T09:00:00.000Z');
  const at = (state: BookingState, paymentDue = false) => ({
    state,
    start,
    end: new Date(start.getTime() + HOUR_MS),
    holdUntil: null,
    paymentDue,
  });
  const before = new Date(start.getTime() - MINUTE_MS);
  const after = new Date(start.getTime() + MINUTE_MS);

  it('offers cancel and reschedule while the booking holds its time, attendance once started', () => {
    expect(ownerActionsFor(at('confirmed'), before)).toEqual({
      cancel: true,
      reschedule: true,
      complete: false,
      noShow: false,
      paid: false,
    });
    expect(ownerActionsFor(at('confirmed'), after)).toMatchObject({ complete: true, noShow: true });
  });

  it('lets a completed booking be corrected to a no-show and back, but not cancelled', () => {
    expect(ownerActionsFor(at('completed'), after)).toEqual({
      cancel: false,
      reschedule: false,
      complete: false,
      noShow: true,
      paid: false,
    });
    expect(ownerActionsFor(at('no_show'), after)).toMatchObject({
      complete: true,
      noShow: false,
    });
  });

  it('offers "paid" only while a payment is due on a booking that is not closed', () => {
    expect(ownerActionsFor(at('confirmed', true), before).paid).toBe(true);
    expect(ownerActionsFor(at('cancelled', true), before)).toEqual({
      cancel: false,
      reschedule: false,
      complete: false,
      noShow: false,
      paid: false,
    });
  });

  it('agrees with what the state change itself decides for every state, before and after the start', () => {
    const owner = { kind: 'owner' as const, userId: 'someone' };
    for (const state of BOOKING_STATES) {
      for (const now of [before, after]) {
        const actions = ownerActionsFor(at(state), now);
        for (const [action, to] of [
          ['cancel', 'cancelled'],
          ['complete', 'completed'],
          ['noShow', 'no_show'],
        ] as const) {
          const decision = decideStateChange({
            booking: at(state),
            to,
            actor: owner,
            now,
            cutoffHours: 24,
          });
          expect(actions[action], `${state} → ${to}`).toBe(decision.allowed);
        }
      }
    }
  });
});
