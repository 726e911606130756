/**
 * The public site's content, stored as the `site` settings document and
 * served by GET /api/site. Parsing with this schema also drops any key that is not public.
 */
import { z } from 'zod';
import { serviceFieldsSchema } from '../booking/service';
import { intakeQuestionSchema } from '../booking/intake';
import { contactPhoneSchema } from '../contact/schemas';
import { isSingleLineText, isVisibleText, TEXT_MESSAGES, withoutNul } from '../text';
import { SITE_LIMITS as L } from './limits';
import { SITE_MESSAGES as M } from './messages';
import { sitePortraitSchema } from './portrait-schemas';
import { MAIL_DELIVERY_MODES } from '../system/outbox';

/** A required text of the site: its label fills in the messages ("Heading is required"). */
function siteText(label: string, max: number, { multiline = false } = {}) {
  return z
    .string({ error: M.required(label) })
    .overwrite(withoutNul)
    .trim()
    .min(1, { error: M.required(label), abort: true })
    .max(max, M.tooLong(label, max))
    .refine(multiline ? isVisibleText : isSingleLineText, {
      error: multiline ? TEXT_MESSAGES.hiddenCharacters : TEXT_MESSAGES.singleLine,
    });
}

/**
 * An optional field of the site (decision 039): "", blanks or null empty it, and an empty field is
 * left out of the document, so GET /api/site omits it and the pages show nothing in its place.
 * Anything else must pass `schema`, with its own messages.
 */
function emptiable(schema: z.ZodType<string, string>) {
  // A codec, not a transform: the response schemas are encoded too (a stored value stays as it is).
  return z.codec(z.union([z.string(), z.null()]).optional(), schema.optional(), {
    decode: (value) => {
      const text = value === null || value === undefined ? '' : withoutNul(value).trim();
      return text === '' ? undefined : text;
    },
    encode: (value) => value,
  });
}

/** A list of at least `min` (0 or 1) and at most `max` items, named in the messages. */
function siteList<T extends z.ZodType>(
  item: T,
  name: { one: string; many: string },
  min: 0 | 1,
  max: number,
) {
  return z
    .array(item, { error: M.tooFew(name.one) })
    .min(min, M.tooFew(name.one))
    .max(max, M.tooMany(name.many, max));
}

/**
 * The phone the footer shows, as the owner writes it ("+92 300 1234567"): the contact form's phone
 * rule and messages (seed: + and a country code, 8 to 16 characters once cleaned, a valid number).
 */
export const sitePhoneSchema = z
  .string({ error: M.required('Phone') })
  .overwrite(withoutNul)
  .trim()
  .superRefine(addPhoneIssues);

function addPhoneIssues(value: string, ctx: z.RefinementCtx) {
  const checked = contactPhoneSchema.safeParse(value);
  if (!checked.success)
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message });
}

/**
 * A phone the owner may leave out (the first run's, the footer's): absent or empty means none, and
 * the pages then show no phone; anything else follows the phone rule above. No transform: the
 * site document's schema also serializes GET /api/site.
 */
export const optionalSitePhoneSchema = z
  .string({ error: M.required('Phone') })
  .overwrite(withoutNul)
  .trim()
  .superRefine((value, ctx) => {
    if (value !== '') addPhoneIssues(value, ctx);
  })
  .optional();

/**
 * Links to other sites: https only, so no page links out over plain http or to a script; and
 * plain, so the address a visitor reads is the site it opens: no user or password before the host
 * (`https://x.com@evil.example/` opens evil.example), no spaces, no backslashes (read as slashes).
 */
export const siteHttpsUrlSchema = z
  .string({ error: M.httpsOnly })
  .trim()
  .max(L.urlMax, M.tooLong('Link', L.urlMax))
  .superRefine((value, ctx) => {
    const message = linkProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Everything up to the first `/`, `?` or `#` after the scheme: where credentials would be. */
const CREDENTIALS = /^https:\/\/[^/?#]*@/i;

function linkProblem(value: string): string | undefined {
  if (/[\s\\]/.test(value)) return /^https:\/\//i.test(value) ? M.linkCharacters : M.httpsOnly;
  if (!isHttpsUrl(value)) return M.httpsOnly;
  if (CREDENTIALS.test(value)) return M.linkCredentials;
  return undefined;
}

const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });

function isHttpsUrl(value: string): boolean {
  return httpsUrl.safeParse(value).success;
}

/**
 * A service as the landing page and /consultation show it: the owner's service (one schema,
 * booking/service.ts) without its settings. Served from the services table, active ones in the
 * owner's order.
 */
export const siteServiceSchema = serviceFieldsSchema
  .pick({
    slug: true,
    title: true,
    summary: true,
    description: true,
    durationMinutes: true,
    priceMinor: true,
    currency: true,
    meetingMode: true,
  })
  .extend({
    /** The questions the booking flow asks before confirming. */
    questions: z.array(intakeQuestionSchema),
  });
export type SiteService = z.infer<typeof siteServiceSchema>;

export const siteFaqEntrySchema = z.object({
  question: siteText('Question', L.faqQuestionMax),
  answer: siteText('Answer', L.faqAnswerMax, { multiline: true }),
});
export type SiteFaqEntry = z.infer<typeof siteFaqEntrySchema>;

const HIGHLIGHTS = { one: 'highlight', many: 'highlights' };

/** What the owner edits in /admin/config: the whole document but the terms' date, which the server keeps. */
export const siteEditSchema = z.object({
  consultant: z.object({
    /** The business name the headers, titles and mails show. */
    name: siteText('Business name', L.nameMax),
    /** What the consultant does, in a few words (e.g. "Business strategy consultant"). */
    role: emptiable(siteText('Role', L.roleMax)),
    tagline: emptiable(siteText('Tagline', L.taglineMax)),
    /** The letters of the logo and of the portrait's stand-in. */
    initials: z
      .string({ error: M.initials })
      .trim()
      .regex(new RegExp(`^\\p{L}{1,${L.initialsMax}}$`, 'u'), M.initials),
    location: emptiable(siteText('Location', L.locationMax)),
  }),
  seo: z.object({
    title: siteText('Page title', L.seoTitleMax),
    description: siteText('Page description', L.seoDescriptionMax),
  }),
  hero: z.object({
    /** The small line above the heading. */
    eyebrow: emptiable(siteText('Kicker', L.kickerMax)),
    heading: siteText('Heading', L.headingMax),
    lead: siteText('Text', L.leadMax, { multiline: true }),
    highlights: siteList(siteText('Highlight', L.highlightMax), HIGHLIGHTS, 0, L.heroHighlightsMax),
  }),
  about: z.object({
    heading: siteText('Heading', L.headingMax),
    paragraphs: siteList(
      siteText('Paragraph', L.paragraphMax, { multiline: true }),
      { one: 'paragraph', many: 'paragraphs' },
      1,
      L.aboutParagraphsMax,
    ),
    credentials: siteList(
      siteText('Highlight', L.credentialMax),
      HIGHLIGHTS,
      0,
      L.aboutCredentialsMax,
    ),
  }),
  /** The about section's photo (uploaded by the portrait routes); none shows the initials art. */
  portrait: sitePortraitSchema.nullable(),
  faq: siteList(siteFaqEntrySchema, { one: 'question', many: 'questions' }, 1, L.faqEntriesMax),
  contact: z.object({
    phone: emptiable(sitePhoneSchema),
    email: emptiable(siteText('E-mail', L.emailMax).pipe(z.email({ error: M.emailInvalid }))),
  }),
  social: z.object({
    professionalNetwork: emptiable(siteHttpsUrlSchema),
    microblog: emptiable(siteHttpsUrlSchema),
    chat: emptiable(siteHttpsUrlSchema),
  }),
  terms: z.object({
    /** Markdown; the pages render it without raw HTML and with http(s) and mailto links only. */
    markdown: siteText('Terms', L.termsMax, { multiline: true }),
  }),
});
export type SiteEditInput = z.input<typeof siteEditSchema>;
export type SiteEdit = z.output<typeof siteEditSchema>;

/**
 * The stored site document: everything the owner writes. Its services are not part of it: the pages
 * take them from the services table (a `services` key in an older document is ignored).
 */
export const siteDocumentSchema = siteEditSchema.extend({
  terms: siteEditSchema.shape.terms.extend({
    /** Day the terms last changed, YYYY-MM-DD; the server sets it when the text changes. */
    updatedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
});
export type SiteDocument = z.infer<typeof siteDocumentSchema>;

/** The site as GET /api/site serves it: the document and the bookable services. */
export const siteContentSchema = siteDocumentSchema.extend({
  /** May be empty: the owner can deactivate every service; the pages then say so. */
  services: z.array(siteServiceSchema),
});
export type SiteContent = z.infer<typeof siteContentSchema>;

/**
 * GET /api/site: the site content and whether mail is delivered (`none`: no SMTP_URL), so the
 * screens after a sign-up, a reset request or an invitation never promise a mail that will not come.
 */
export const publicSiteSchema = siteContentSchema.extend({
  mailDelivery: z.enum(MAIL_DELIVERY_MODES),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;
