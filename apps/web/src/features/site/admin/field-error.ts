import { get } from 'react-hook-form';

/** The message of a field, or of a list (react-hook-form keeps a list's own message under `root`). */
export function errorAt(errors: unknown, path: string): string | undefined {
  const entry = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return entry?.message ?? entry?.root?.message;
}
