import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageMeta } from './page-meta';
import { useSiteContent } from './site-data';

/** Keeps the tab's title right after client-side navigation (the server sets it on first load). */
export function usePageTitle() {
  const site = useSiteContent();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageMeta(pathname, site).title;
  }, [pathname, site]);
}
