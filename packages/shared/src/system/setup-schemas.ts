/** The first run's schemas: POST /api/setup, its status and the owner's checklist (setup.ts). */
import { z } from 'zod';
import { emailSchema, nameSchema } from '../auth/fields';
import { passwordSchema } from '../auth/password';
import { currencyCodeSchema } from '../payments/currency';
import { SITE_MESSAGES } from '../site/messages';
import { optionalSitePhoneSchema } from '../site/schemas';
import { isSingleLineText, TEXT_MESSAGES, withoutNul } from '../text';
import { SETUP_CHECKLIST_ITEMS, SETUP_LIMITS, SETUP_MESSAGES, SITE_SECTIONS } from './setup';

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
