/**
 * For store-level tests without a page: `fetch` answered by `server`, and `Request` resolving
 * relative addresses against the site's origin as a page does. Undo with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

const PAGE_ORIGIN = 'https://consultant.example.test';

export function stubPageFetch(server: typeof fetch): void {
  vi.stubGlobal('fetch', vi.fn(server));
  vi.stubGlobal(
    'Request',
    class PageRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, PAGE_ORIGIN) : input, init);
      }
    },
  );
}
