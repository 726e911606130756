/**
 * The public site: the landing page, /consultation and /terms-and-conditions, under
 * one pathless route that loads the site content. The server renders these routes (entry-server.tsx).
 */
import type { RouteObject } from 'react-router';
import { paths } from '@consult/shared';
import { LoadingScreen } from '../components/loading-screen';
import { loadSiteContent, SITE_ROUTE_ID, SiteError } from '../features/site';
import { formPage, page } from './lazy-page';

export const publicRoutes: RouteObject[] = [
  {
    id: SITE_ROUTE_ID,
    loader: loadSiteContent,
    // The content is loaded once per visit to the public pages, not again on each click between them.
    shouldRevalidate: () => false,
    lazy: page(() => import('./routes/public-site')),
    HydrateFallback: LoadingScreen,
    ErrorBoundary: SiteError,
    children: [
      { path: paths.home, lazy: page(() => import('./routes/landing')) },
      { path: paths.consultation, lazy: formPage(() => import('./routes/consultation')) },
      { path: paths.terms, lazy: page(() => import('./routes/terms')) },
    ],
  },
];
