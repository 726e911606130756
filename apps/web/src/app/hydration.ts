/**
 * Server rendering hand-over. The server puts the router's data into a JSON script element (not
 * executed, so the CSP's script-src 'self' holds); the browser loads the lazy route modules the URL
 * needs before hydrating, so its first render matches the server's HTML.
 */
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import type { SiteBrand } from '../lib/site-brand-context';

export { HYDRATION_DATA_ID, readHydrationData, serializeForScript } from './hydration-data';

/** What a page rendered for the app carries: the router's state and the brand it was rendered with. */
export interface AppHydrationData extends HydrationState {
  brand?: SiteBrand;
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
