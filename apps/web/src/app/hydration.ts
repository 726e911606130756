/**
 * Server rendering hand-over. The server puts the router's data into a JSON script element (not
 * executed, so the CSP's script-src 'self' holds); the browser loads the lazy route modules the URL
 * needs before hydrating, so its first render matches the server's HTML.
 */
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { nextTask } from '../lib/next-task';
import type { SiteBrand } from '../lib/site-brand-context';

export { HYDRATION_DATA_ID, readHydrationData, serializeForScript } from './hydration-data';

/** What a page rendered for the app carries: the router's state and the brand it was rendered with. */
export interface AppHydrationData extends HydrationState {
  brand?: SiteBrand;
}

/**
 * One route after the other, each in a task of its own (decision 052): a route module and its
 * libraries (zod, the form) evaluate in one task, and together they made a long one.
 */
export async function loadLazyMatches(routes: RouteObject[], location: Location) {
  const matches = matchRoutes(routes, location) ?? [];
  for (const { route } of matches) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    Object.assign(route, { ...loaded, lazy: undefined });
    await nextTask();
  }
}
