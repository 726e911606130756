import { describe, expect, it } from 'vitest';
import {
  BOOKING_REFERENCE_ALPHABET,
  BOOKING_REFERENCE_LENGTH,
  BOOKING_REFERENCE_PATTERN,
} from '@consult/shared';
import { newBookingReference } from './booking-reference';

describe('newBookingReference', () => {
  it('draws six characters of the alphabet, which has no look-alikes (0/O, 1/I/L) and is uppercase', () => {
    expect(BOOKING_REFERENCE_LENGTH).toBe(6);
    expect(BOOKING_REFERENCE_ALPHABET).toHaveLength(30);
    expect(BOOKING_REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(BOOKING_REFERENCE_ALPHABET).toBe(BOOKING_REFERENCE_ALPHABET.toUpperCase());
    expect(new Set(BOOKING_REFERENCE_ALPHABET).size).toBe(30);
    for (let i = 0; i < 2000; i += 1) {
      const reference = newBookingReference();
      expect(reference).toHaveLength(6);
      expect(reference).toMatch(BOOKING_REFERENCE_PATTERN);
      for (const character of reference) expect(BOOKING_REFERENCE_ALPHABET).toContain(character);
    }
  });

  it('uses every character of the alphabet and rarely draws the same code twice', () => {
    const seen = new Set<string>();
    const codes = new Set<string>();
    for (let i = 0; i < 5000; i += 1) {
      const reference = newBookingReference();
      codes.add(reference);
      for (const character of reference) seen.add(character);
    }
    expect(seen.size).toBe(30);
    // 5000 draws from 729 million codes: a repeat has odds of about 1 in 60.
    expect(codes.size).toBeGreaterThanOrEqual(4998);
  });
});
