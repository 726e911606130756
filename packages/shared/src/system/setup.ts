/** First run: the one-time setup code that creates the first owner account, and the owner's checklist. */
import { z } from 'zod';
import { emailSchema, nameSchema } from '../auth/fields';
import { passwordSchema } from '../auth/password';
import { currencyCodeSchema } from '../payments/currency';
import { paths } from '../paths';

export const SETUP_MESSAGES = {
  codeRequired: 'The setup code is missing. Open the link the server printed when it started.',
  codeInvalid: 'This setup code is not right. Open the link the server printed when it started.',
  alreadyDone: 'This site already has an owner account. Sign in instead.',
} as const;

/** The 403 of a wrong setup code: not a session problem, so no token refresh follows. */
export const SETUP_CODE_INVALID_PROBLEM_TYPE = 'urn:consult:setup-code-invalid';
/** The 409 once an admin exists: the setup page sends the person to sign in. */
export const SETUP_DONE_PROBLEM_TYPE = 'urn:consult:setup-done';

/** The fields the person fills in on /setup: the sign-up rules for name, e-mail and password. */
export const setupFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The site's currency (decision 037); without it the site keeps the one it has. */
  currency: currencyCodeSchema.optional(),
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

export const setupChecklistSchema = z.object({
  items: z.array(z.object({ id: z.enum(SETUP_CHECKLIST_ITEMS), done: z.boolean() })),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

/** The setup page with its code, as the server prints it at first start. */
export function setupPathFor(code: string): string {
  return `${paths.setup}?code=${encodeURIComponent(code)}`;
}
