/**
 * An audit entry's details with a person's content taken out (decision 029): when a client is
 * erased, what the entries about them said (task titles, names, addresses, times) goes, and what
 * they were stays — the action, time, actor and target live in their own columns, and in the
 * details the record ids, the amounts and the yes/no facts stay, under the same keys.
 */
export const AUDIT_ERASED_TEXT = '(erased)';

const ID_KEY = /^(_?id|target)$|Ids?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function redactValue(value: unknown, key: string): unknown {
  if (typeof value === 'string') {
    return ID_KEY.test(key) || UUID.test(value) ? value : AUDIT_ERASED_TEXT;
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, key));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [name, redactValue(inner, name)]),
    );
  }
  return value;
}

/** Every text replaced by "(erased)" except record ids; numbers, booleans and nulls kept. */
export function redactAuditDetails(details: unknown): Record<string, unknown> {
  const redacted = redactValue(details, '');
  const shape =
    typeof redacted === 'object' && redacted !== null && !Array.isArray(redacted)
      ? (redacted as Record<string, unknown>)
      : { value: redacted };
  return { ...shape, erased: true };
}
