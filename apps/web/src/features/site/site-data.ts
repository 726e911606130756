/**
 * The site content the public pages render. A pathless route above them loads it once: the server
 * render fills it in directly, the browser gets it with the page (hydration data) or from GET /api/site.
 */
import { useRouteLoaderData } from 'react-router';
import { API_BASE, type SiteContent } from '@consult/shared';

export const SITE_ROUTE_ID = 'public-site';

export async function loadSiteContent({ request }: { request: Request }): Promise<SiteContent> {
  const response = await fetch(`${API_BASE}/site`, {
    headers: { accept: 'application/json' },
    signal: request.signal,
  });
  if (!response.ok)
    throw new Response('The site content could not be loaded.', { status: response.status });
  // Our own API, which validates the document with the shared schema before answering.
  return (await response.json()) as SiteContent;
}

export function useSiteContent(): SiteContent {
  const site = useRouteLoaderData(SITE_ROUTE_ID) as SiteContent | undefined;
  if (!site) throw new Error('useSiteContent is used outside the public site routes');
  return site;
}
