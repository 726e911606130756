/** Each public page's title and description, for the server's <head> and the browser's tab. */
import { paths, type SiteContent } from '@consult/shared';

export interface PageMeta {
  title: string;
  description: string;
}

export function pageMeta(pathname: string, site: SiteContent): PageMeta {
  const name = site.consultant.name;
  switch (pathname) {
    case paths.consultation:
      return {
        title: `Book a consultation · ${name}`,
        description: `What a consultation with ${name} covers, how it works, and the sessions on offer with their prices and durations.`,
      };
    case paths.terms:
      return {
        title: `Terms and Conditions · ${name}`,
        description: `The terms that apply to consultations booked with ${name}.`,
      };
    case paths.signIn:
      // The title the page itself sets (useDocumentTitle), so it does not change when the app starts.
      return {
        title: 'Sign in · Consult',
        description: `Sign in to book and manage your consultations with ${name}.`,
      };
    default:
      return { title: site.seo.title, description: site.seo.description };
  }
}
