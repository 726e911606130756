/** First run: the one-time setup code that creates the first owner account, and the owner's checklist. */
import { z } from 'zod';
import { emailSchema, nameSchema } from '../auth/fields';
import { passwordSchema } from '../auth/password';
import { currencyCodeSchema } from '../payments/currency';
import { paths } from '../paths';
import { SITE_LIMITS } from '../site/limits';
import { SITE_MESSAGES } from '../site/messages';
import { optionalSitePhoneSchema } from '../site/schemas';
import { isSingleLineText, TEXT_MESSAGES, withoutNul } from '../text';

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

/** A one-line text the owner may leave out: empty (or null) means not given. */
function optionalLine(label: string, max: number) {
  return z
    .string({ error: SITE_MESSAGES.required(label) })
    .overwrite(withoutNul)
    .trim()
    .max(max, SITE_MESSAGES.tooLong(label, max))
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine)
    .nullish()
    .transform((value) => value || undefined);
}

/**
 * The fields the person fills in on /setup: the sign-up rules for name, e-mail and password, and the
 * practice's facts every public page needs (the name is the consultant's, the e-mail the site's
 * contact address). The facts are optional, so callers that send only the account keep working;
 * the example text of the demo is replaced unless `keepExampleText` (decision 036).
 */
export const setupFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The site's currency (decision 037); without it the site keeps the one it has. */
  currency: currencyCodeSchema.optional(),
  /** The name the site's header, titles and receipts show; the consultant's name when left out. */
  businessName: optionalLine('Business name', SETUP_LIMITS.businessNameMax),
  /** Where the practice is, as visitors should read it ("Manchester"). */
  city: optionalLine('City', SETUP_LIMITS.cityMax),
  /** The footer's phone; none when left out. */
  phone: optionalSitePhoneSchema.nullable().transform((value) => value || undefined),
  /** Keep the demo's biography, credentials, FAQ, social links and terms instead of neutral text. */
  keepExampleText: z.boolean({ error: 'Keep the example text is yes or no' }).default(false),
});

/** POST /api/setup: the fields plus the code from the link. */
export const setupSchema = setupFieldsSchema.extend({
  code: z
    .string({ error: SETUP_MESSAGES.codeRequired })
    .trim()
    .min(1, SETUP_MESSAGES.codeRequired)
    .max(200, SETUP_MESSAGES.codeInvalid),
});
export type SetupInput = z.input<typeof setupSchema>;

export const setupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

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

export const setupChecklistSchema = z.object({
  items: z.array(
    z.object({
      id: z.enum(SETUP_CHECKLIST_ITEMS),
      done: z.boolean(),
      /** For `business`: the parts of the site that still show the demo consultant's details. */
      demoIn: z.array(z.enum(SITE_SECTIONS)).optional(),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

/** The setup page with its code, as the server prints it at first start. */
export function setupPathFor(code: string): string {
  return `${paths.setup}?code=${encodeURIComponent(code)}`;
}
