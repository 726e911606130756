/**
 * The page's data for hydration, in a JSON script element (not executed, so the CSP's
 * script-src 'self' holds). Free of the router, so the landing page's own entry can read it too.
 */
import type { HydrationState } from 'react-router';

export const HYDRATION_DATA_ID = 'router-hydration-data';

/** JSON safe inside <script>: no `<` can close the element or open a comment. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The page's data: the router's state for the app, the site content for the landing entry. */
export function readHydrationData<T = HydrationState>(): T | null {
  const element = document.getElementById(HYDRATION_DATA_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as T) : null;
}
