/**
 * Server rendering hand-over. The server puts the router's data into a JSON script element (not
 * executed, so the CSP's script-src 'self' holds); the browser loads the lazy route modules the URL
 * needs before hydrating, so its first render matches the server's HTML.
 */
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';

export const HYDRATION_DATA_ID = 'router-hydration-data';

/** JSON safe inside <script>: no `<` can close the element or open a comment. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function readHydrationData(): HydrationState | null {
  const element = document.getElementById(HYDRATION_DATA_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as HydrationState) : null;
}

export async function loadLazyMatches(routes: RouteObject[], location: Location) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
