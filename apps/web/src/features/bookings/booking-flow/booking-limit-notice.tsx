/**
 * What the booking flow says when the client is at one of their caps (decision 045): nothing was
 * booked, and trying again will not help until they pay for or cancel a booking they hold.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { Link } from 'react-router';
import {
  BOOKING_LIMIT_PROBLEM_TYPE,
  bookingConflictProblemSchema,
  paths,
  type BookingLimitKind,
} from '@consult/shared';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';

export interface BookingLimit {
  kind: BookingLimitKind;
  message: string;
}

/** The cap a refused booking hit, from its problem type; null for any other answer. */
export function readBookingLimit(
  error: FetchBaseQueryError | SerializedError | undefined,
): BookingLimit | null {
  if (!error || !('status' in error) || error.status !== 409) return null;
  const parsed = bookingConflictProblemSchema.safeParse(error.data);
  if (!parsed.success || parsed.data.type !== BOOKING_LIMIT_PROBLEM_TYPE) return null;
  return { kind: parsed.data.bookingLimit?.kind ?? 'unpaid', message: parsed.data.detail };
}

const TITLES: Record<BookingLimitKind, string> = {
  held: 'Pay for a booking you hold first',
  unpaid: 'Pay for an upcoming booking first',
};

export function BookingLimitNotice({ limit }: { limit: BookingLimit }) {
  return (
    <Alert tone="error" title={TITLES[limit.kind]}>
      <p>{limit.message} Your choice is still here.</p>
      <div className="mt-3">
        <Link to={paths.bookings} className={buttonClasses('secondary')}>
          Go to your bookings
        </Link>
      </div>
    </Alert>
  );
}
