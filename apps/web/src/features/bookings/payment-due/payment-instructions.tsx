/**
 * How to pay a booking whose payment is due by hand (bank transfer or in person): the amount, the
 * owner's instructions as written and the reference to write on the transfer (decision 035). The
 * client sees it on /dash, the booking's page and the confirmation screen while it is due.
 */
import { useId } from 'react';
import {
  formatMoney,
  formatPrice,
  NO_PAYMENT_INSTRUCTIONS_TEXT,
  type BookingRecord,
} from '@consult/shared';

/** Whether the record says a payment is due by hand: the server sends the instructions only then. */
export function hasManualPaymentDue(booking: BookingRecord): boolean {
  return booking.paymentInstructions !== undefined;
}

export function PaymentInstructions({
  booking,
  headingLevel = 3,
}: {
  booking: BookingRecord;
  headingLevel?: 3 | 4;
}) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const amount =
    booking.amountDueMinor !== undefined
      ? formatMoney(booking.amountDueMinor, booking.currency)
      : formatPrice(booking);
  const instructions = booking.paymentInstructions?.trim() ?? '';
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-lg bg-accent-soft px-4 py-3 text-sm text-ink"
    >
      <Heading id={headingId} className="text-base font-semibold">
        Payment due: <span className="tabular-nums">{amount}</span>
      </Heading>
      <p>Please pay {amount} before the session.</p>
      {instructions ? (
        <div>
          <p className="font-semibold">How to pay</p>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{instructions}</p>
        </div>
      ) : (
        <p>{NO_PAYMENT_INSTRUCTIONS_TEXT}</p>
      )}
      <p className="[overflow-wrap:anywhere]">
        Write{' '}
        <strong className="rounded bg-surface px-1.5 py-0.5 font-mono text-base tracking-wider">
          {booking.reference}
        </strong>{' '}
        as the payment reference.
      </p>
    </section>
  );
}
