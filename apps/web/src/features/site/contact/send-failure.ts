import { CONTACT_TEXTS } from '@consult/shared';

/**
 * The toast for a failed send: 400–499 and 500+ have their message; any other
 * failure (no answer at all) shows none.
 */
export function sendFailureMessage(error: unknown): string | null {
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status !== 'number') return null;
  if (status >= 500) return CONTACT_TEXTS.serverError;
  if (status >= 400) return CONTACT_TEXTS.clientError;
  return null;
}
