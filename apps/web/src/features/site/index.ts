export { pageMeta, type PageMeta } from './page-meta';
export { SimpleHeader } from './simple-header';
export { SiteError } from './site-error';
export { SiteLogo, initialsOf } from './site-logo';
export { SITE_ROUTE_ID, loadSiteContent, useSiteContent } from './site-data';
export { usePageTitle } from './use-page-title';
export { FaqList } from './faq-list';
