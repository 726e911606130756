import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { fieldErrors } from './problem';

/**
 * Puts the server's per-field messages (problem+json `errors`) under the form's fields.
 * Returns true when at least one landed on a field, so the form need not repeat it on top.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: FetchBaseQueryError | SerializedError | undefined,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const match = fields.find((name) => name === field);
    if (match) {
      setError(match, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
