import { describe, expect, it } from 'vitest';
import { BOOKING_STATES, MEETING_MODES } from '@consult/shared';
import { SERVICE_MEETING_MODES, STORED_BOOKING_STATES } from './schema';

describe('bookings table enums', () => {
  it('match the shared meeting modes and booking states', () => {
    expect([...SERVICE_MEETING_MODES]).toEqual([...MEETING_MODES]);
    expect([...STORED_BOOKING_STATES]).toEqual([...BOOKING_STATES]);
  });
});
