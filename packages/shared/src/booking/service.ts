/**
 * A consultation service the owner offers: slug, title, summary and description, 15–240 minutes,
 * a price in minor units of an ISO 4217 currency (0 is free), a meeting mode (video, phone, or in
 * person at an address), an active flag and a position in lists.
 */
import { z } from 'zod';
import {
  SERVICE_ADDRESS_MAX,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_DURATION_MAX_MINUTES,
  SERVICE_DURATION_MIN_MINUTES,
  SERVICE_ORDER_MAX,
  SERVICE_PRICE_MAX_MINOR,
  SERVICE_SLUG_MAX,
  SERVICE_SUMMARY_MAX,
  SERVICE_TITLE_MAX,
} from './limits';
import { withoutNul, isSingleLineText, isVisibleText, TEXT_MESSAGES } from '../text';
import { BOOKING_MESSAGES as M } from './messages';
import { intakeQuestionSchema, intakeQuestionsInputSchema } from './intake';
import { currencyCodeSchema } from '../payments/currency';

export const MEETING_MODES = ['video', 'phone', 'in_person'] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];

export const meetingModeSchema = z.enum(MEETING_MODES, { error: M.meetingModeInvalid });

export const serviceSlugSchema = z
  .string({ error: M.slugRequired })
  .min(1, { error: M.slugRequired, abort: true })
  .max(SERVICE_SLUG_MAX, { error: M.slugTooLong, abort: true })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, M.slugInvalid);

/**
 * The address name a title suggests, as the service editor fills it in while the owner types:
 * "Strategy Session (60 min)" → "strategy-session-60-min"; accents dropped, other signs become
 * single dashes, cut to the limit at a word.
 */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SERVICE_SLUG_MAX) return slug || word.slice(0, SERVICE_SLUG_MAX);
    slug = next;
  }
  return slug;
}

const serviceFields = {
  slug: serviceSlugSchema,
  title: z
    .string({ error: M.titleRequired })
    .overwrite(withoutNul)
    .trim()
    .min(1, M.titleRequired)
    .max(SERVICE_TITLE_MAX, M.titleTooLong)
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine),
  /** One line for the service cards on the landing page and /consultation. */
  summary: z
    .string({ error: M.summaryInvalid })
    .overwrite(withoutNul)
    .trim()
    .max(SERVICE_SUMMARY_MAX, M.summaryTooLong)
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine)
    .default(''),
  description: z
    .string({ error: M.descriptionInvalid })
    .overwrite(withoutNul)
    .trim()
    .max(SERVICE_DESCRIPTION_MAX, M.descriptionTooLong)
    .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters)
    .default(''),
  durationMinutes: z
    .number({ error: M.durationInvalid })
    .int(M.durationInvalid)
    .min(SERVICE_DURATION_MIN_MINUTES, M.durationTooShort)
    .max(SERVICE_DURATION_MAX_MINUTES, M.durationTooLong),
  /** In minor units of `currency` (cents); 0 is free. */
  priceMinor: z
    .number({ error: M.priceInvalid })
    .int(M.priceInvalid)
    .min(0, M.priceNegative)
    .max(SERVICE_PRICE_MAX_MINOR, M.priceTooHigh),
  currency: currencyCodeSchema,
  meetingMode: meetingModeSchema,
  /** Where in-person meetings happen; required for them, ignored by the other modes. */
  address: z
    .string({ error: M.addressRequired })
    .overwrite(withoutNul)
    .trim()
    .max(SERVICE_ADDRESS_MAX, M.addressTooLong)
    .refine(isVisibleText, TEXT_MESSAGES.hiddenCharacters)
    .nullable()
    .default(null),
  active: z.boolean({ error: M.activeInvalid }).default(true),
  /** Position in lists, smallest first. */
  order: z
    .number({ error: M.orderInvalid })
    .int(M.orderInvalid)
    .min(0, M.orderInvalid)
    .max(SERVICE_ORDER_MAX, M.orderTooHigh)
    .default(0),
  /** What the booking flow asks before confirming (intake.ts); new questions get their id on save. */
  questions: intakeQuestionsInputSchema,
};

/** In-person meetings need their address: the rule the service forms apply too. */
export function requireAddressInPerson(
  service: { meetingMode: MeetingMode; address: string | null },
  ctx: z.RefinementCtx,
): void {
  if (service.meetingMode === 'in_person' && !service.address) {
    ctx.addIssue({ code: 'custom', path: ['address'], message: M.addressRequired });
  }
}

/** A service's fields, unrefined: the one description other views of a service pick from. */
export const serviceFieldsSchema = z.object(serviceFields);

/**
 * What the owner sends to create or replace a service. Without a currency, or with the site's, the
 * service follows the site's currency; another one is that service's own (decision 037).
 */
export const serviceInputSchema = serviceFieldsSchema
  .extend({ currency: currencyCodeSchema.optional() })
  .superRefine(requireAddressInPerson);
export type ServiceInput = z.input<typeof serviceInputSchema>;

/** A stored service as the API returns it. */
export const consultationServiceSchema = z
  .object({
    id: z.string(),
    ...serviceFields,
    questions: z.array(intakeQuestionSchema),
    /** Charged in a currency the owner chose for this service; false: it follows the site's. */
    ownCurrency: z.boolean(),
  })
  .superRefine(requireAddressInPerson);
export type ConsultationService = z.infer<typeof consultationServiceSchema>;
