/**
 * A booking's reference: the short code a client writes on a bank transfer and the owner searches
 * for (decision 035). Six characters from an alphabet without look-alikes (no 0/O, 1/I/L) and
 * without U, uppercase: 30⁶ ≈ 729 million codes. The server draws them with crypto randomness and
 * a unique index keeps them unique.
 */
export const BOOKING_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const BOOKING_REFERENCE_LENGTH = 6;

/** What a reference is by contract: 4–10 letters and digits (the database checks the same). */
export const BOOKING_REFERENCE_PATTERN = /^[0-9A-Z]{4,10}$/;

/** The line a client copies onto a transfer: "Write B7K3QX as the payment reference." */
export function paymentReferenceLine(reference: string): string {
  return `Write ${reference} as the payment reference.`;
}

/** Said when the owner has written no payment instructions: honest, never an empty block. */
export const NO_PAYMENT_INSTRUCTIONS_TEXT = 'The business will tell you how to pay.';
