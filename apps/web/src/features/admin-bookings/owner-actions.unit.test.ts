import { describe, expect, it } from 'vitest';
import { ownerActions } from './owner-actions';

const start = '2026-03-10T09:00:00.000Z';
const before = Date.parse(start) - 60_000;
const after = Date.parse(start) + 60_000;

describe("the owner's actions on a booking", () => {
  it('offers cancel and reschedule while the booking holds its time, attendance once started', () => {
    const booking = { state: 'confirmed' as const, start, paymentDue: false };
    expect(ownerActions(booking, before)).toEqual({
      cancel: true,
      reschedule: true,
      complete: false,
      noShow: false,
      paid: false,
    });
    expect(ownerActions(booking, after)).toMatchObject({ complete: true, noShow: true });
  });

  it('lets a completed booking be corrected to a no-show and back, but not cancelled', () => {
    expect(ownerActions({ state: 'completed', start, paymentDue: false }, after)).toEqual({
      cancel: false,
      reschedule: false,
      complete: false,
      noShow: true,
      paid: false,
    });
    expect(ownerActions({ state: 'no_show', start, paymentDue: false }, after)).toMatchObject({
      complete: true,
      noShow: false,
    });
  });

  it('offers "paid" only while a payment is due on a booking that is not closed', () => {
    expect(ownerActions({ state: 'confirmed', start, paymentDue: true }, before).paid).toBe(true);
    expect(ownerActions({ state: 'cancelled', start, paymentDue: true }, before)).toEqual({
      cancel: false,
      reschedule: false,
      complete: false,
      noShow: false,
      paid: false,
    });
  });
});
