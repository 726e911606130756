/**
 * The site module's public face (decision 053): the public site's content, the contact form and
 * portraits.
 */
export { adminSiteRoutes } from './admin-routes';
export { contactRoutes } from './contact-routes';
export { demoSiteContent, demoStringsIn } from './demo-site-content';
export { adminPortraitRoutes, portraitRoutes } from './portrait-routes';
export { siteRoutes } from './routes';
export { contactMessages } from './schema';
export { writeOwnerFacts } from './site-editor-service';
export { getPublicSiteContent, getSiteDocument, seedSiteContent } from './site-service';
export type { SiteServiceCatalogue } from './site-services';
