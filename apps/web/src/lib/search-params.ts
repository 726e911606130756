/**
 * List pages keep their filters, page and open panel in the address: every link and every filter
 * change is the current search parameters with some changed. `null` or '' removes one.
 */
export function paramsWith(
  params: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The address of `path` with the current search parameters changed. */
export function hrefWithParams(
  path: string,
  params: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const query = paramsWith(params, changes).toString();
  return `${path}${query ? `?${query}` : ''}`;
}
