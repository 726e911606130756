/** One mapping from an API error (RFC 9457 problem+json, or no answer at all) to what a screen shows. */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import {
  COUPON_REFUSAL_REASONS,
  COUPON_REFUSED_PROBLEM_TYPE,
  problemSchema,
  type CouponRefusalReason,
  type Problem,
} from '@consult/shared';

export const NO_RESPONSE_MESSAGE = 'No response from server';
const UNEXPECTED_MESSAGE = 'Something went wrong. Please try again.';

export function readProblem(
  error: FetchBaseQueryError | SerializedError | undefined,
): Problem | null {
  if (!error || !('status' in error) || typeof error.status !== 'number') return null;
  const parsed = problemSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Why a booking's or purchase's discount code was refused (a 409 of COUPON_REFUSED_PROBLEM_TYPE),
 * or null for any other answer: the screen says it in the shared words of the reason.
 */
export function readCouponRefusal(
  error: FetchBaseQueryError | SerializedError | undefined,
): CouponRefusalReason | null {
  // Read by hand, not with the problem's schema: this module is in every page's first JavaScript
  // and the discount codes' schemas are not (decision 048's budgets).
  if (readProblem(error)?.type !== COUPON_REFUSED_PROBLEM_TYPE) return null;
  const reason = (error as { data: { reason?: unknown } }).data.reason;
  return COUPON_REFUSAL_REASONS.find((known) => known === reason) ?? null;
}

export function errorStatus(
  error: FetchBaseQueryError | SerializedError | undefined,
): number | null {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : null;
}

/** The sentence to show for a failed call: the server's `detail`, or a plain fallback. */
export function errorMessage(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (!error) return UNEXPECTED_MESSAGE;
  const problem = readProblem(error);
  if (problem) return problem.detail;
  if ('status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')) {
    return NO_RESPONSE_MESSAGE;
  }
  return UNEXPECTED_MESSAGE;
}

/** Per-field messages of a 400 (the first one of each field). */
export function fieldErrors(
  error: FetchBaseQueryError | SerializedError | undefined,
): Record<string, string> {
  const problem = readProblem(error);
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(problem?.errors ?? {})) {
    if (messages[0]) result[field] = messages[0];
  }
  return result;
}
