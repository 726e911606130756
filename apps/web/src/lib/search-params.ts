/**
 * The address of `path` with the current search parameters changed: `null` removes one. List pages
 * keep their filters, page and open panel in the address, so every link is built this way.
 */
export function hrefWithParams(
  path: string,
  params: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return `${path}${query ? `?${query}` : ''}`;
}
