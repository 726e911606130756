/**
 * Removes NUL characters: PostgreSQL text cannot hold them (a query with one fails) and they carry
 * no meaning in names, notes or searches. Used with zod's `.overwrite()` before trim and length.
 */
export function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '');
}
