/** Drawing a booking's reference (decision 035): crypto randomness over the shared alphabet. */
import { randomInt } from 'node:crypto';
import { BOOKING_REFERENCE_ALPHABET, BOOKING_REFERENCE_LENGTH } from '@consult/shared';

/** Six characters, each drawn without bias from the 30 of the alphabet (crypto.randomInt). */
export function newBookingReference(): string {
  let code = '';
  for (let i = 0; i < BOOKING_REFERENCE_LENGTH; i += 1) {
    code += BOOKING_REFERENCE_ALPHABET[randomInt(BOOKING_REFERENCE_ALPHABET.length)];
  }
  return code;
}
