/**
 * First run: the one-time setup code that creates the first owner account, and the owner's
 * checklist. The texts, limits and problem types; the schemas are in setup-schemas.ts, so the app's
 * start-up, which reads the problem type, does not load zod and the site's schemas (decision 048).
 */
import { paths } from '../paths';
import { SITE_LIMITS } from '../site/limits';

export const SETUP_MESSAGES = {
  codeRequired: 'The setup code is missing. Open the link the server printed when it started.',
  codeInvalid: 'This setup code is not right. Open the link the server printed when it started.',
  alreadyDone: 'This site already has an owner account. Sign in instead.',
} as const;

/** The 403 of a wrong setup code: not a session problem, so no token refresh follows. */
export const SETUP_CODE_INVALID_PROBLEM_TYPE = 'urn:consult:setup-code-invalid';
/** The 409 once an admin exists: the setup page sends the person to sign in. */
export const SETUP_DONE_PROBLEM_TYPE = 'urn:consult:setup-done';

/** The first run's limits: the city must fit the about section's line ("Based in …"). */
export const SETUP_LIMITS = { cityMax: 60, businessNameMax: SITE_LIMITS.nameMax } as const;

/** What a newly installed site still needs before it is the owner's own, in the order it is shown. */
export const SETUP_CHECKLIST_ITEMS = ['business', 'hours', 'services', 'payments', 'mail'] as const;
export type SetupChecklistItem = (typeof SETUP_CHECKLIST_ITEMS)[number];

/** The parts of the public site content (GET /api/site) that can still show the demo consultant. */
export const SITE_SECTIONS = [
  'consultant',
  'seo',
  'hero',
  'about',
  'portrait',
  'faq',
  'contact',
  'social',
  'terms',
  'services',
] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number];

/** The setup page with its code, as the server prints it at first start. */
export function setupPathFor(code: string): string {
  return `${paths.setup}?code=${encodeURIComponent(code)}`;
}
