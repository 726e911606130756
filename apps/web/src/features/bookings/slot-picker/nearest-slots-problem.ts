import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { SLOT_TAKEN_PROBLEM_TYPE, bookingConflictProblemSchema } from '@consult/shared';

/**
 * The free times a 409 'This time is no longer available' offers instead; null for any other error
 * (a 409 for a passed cutoff, say, has nothing to offer).
 */
export function readNearestSlots(
  error: FetchBaseQueryError | SerializedError | undefined,
): string[] | null {
  if (!error || !('status' in error) || error.status !== 409) return null;
  const parsed = bookingConflictProblemSchema.safeParse(error.data);
  if (!parsed.success || parsed.data.type !== SLOT_TAKEN_PROBLEM_TYPE) return null;
  return parsed.data.nearestSlots ?? [];
}
