/**
 * Server rendering of the public pages (/, /consultation, /terms-and-conditions) and /signin: the first HTML
 * already carries the page's text, title and description. Built with `vite build --ssr` and called
 * by the server's web-app plugin with the site content it read from the database.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { paths, type SiteContent } from '@consult/shared';
import { HYDRATION_DATA_ID, serializeForScript, type AppHydrationData } from './app/hydration';
import { LandingApp, type LandingData } from './app/landing-app';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { pageMeta, SITE_ROUTE_ID, type PageMeta } from './features/site';

export interface RenderedPage {
  status: number;
  /** The app's markup, for inside <div id="root">. */
  html: string;
  /** The <script type="application/json"> element with the router's data, for after the root. */
  dataScript: string;
  meta: PageMeta;
  /** Which browser entry hydrates it: the landing page's own (decision 016) or the full app. */
  entry: 'landing' | 'app';
}

function dataScript(data: unknown) {
  return `<script type="application/json" id="${HYDRATION_DATA_ID}">${serializeForScript(data)}</script>`;
}

/** `url` is absolute (the server knows its origin); null when the URL is not a page to render. */
export async function render(url: string, site: SiteContent): Promise<RenderedPage | null> {
  const { pathname } = new URL(url);
  if (pathname === paths.home) {
    // The landing page's own entry (landing-main.tsx) hydrates this same tree, without the router.
    const data: LandingData = { site };
    return {
      status: 200,
      html: renderToString(
        <StrictMode>
          <LandingApp {...data} />
        </StrictMode>,
      ),
      dataScript: dataScript(data),
      meta: pageMeta(pathname, site),
      entry: 'landing',
    };
  }
  // On the server the site content comes from the database, not from GET /api/site.
  const serverRoutes: RouteObject[] = routes.map((route) =>
    route.id === SITE_ROUTE_ID ? { ...route, loader: () => site } : route,
  );
  const handler = createStaticHandler(serverRoutes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The brand mark of /signin (and of the app's other screens) reads the name from GET /api/site
  // once the app runs; the page carries it from the start, so it does not shift in.
  const brand = { name: site.consultant.name, initials: site.consultant.initials };
  const html = renderToString(
    <StrictMode>
      <AppProvider brand={brand}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const hydrationData: AppHydrationData = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: context.errors,
    brand,
  };
  return {
    status: context.statusCode,
    html,
    dataScript: dataScript(hydrationData),
    meta: pageMeta(pathname, site),
    entry: 'app',
  };
}
