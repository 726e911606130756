import { createBrowserRouter, type DOMRouterOpts, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { registerNavigator } from '../lib/navigation';
import { accountRoutes } from './account-routes';
import { publicRoutes } from './public-routes';

/** Every route; the server renders the public ones with the same tree (entry-server.tsx). */
export const routes: RouteObject[] = [
  ...publicRoutes,
  ...accountRoutes,
  { path: '*', Component: NotFoundPage },
];

export function createRouter(options?: DOMRouterOpts) {
  const router = createBrowserRouter(routes, options);
  // The API layer sends an expired session to /signin without a page load.
  registerNavigator((to, options) => router.navigate(to, options));
  return router;
}
