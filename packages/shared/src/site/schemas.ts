/**
 * The public site's content, stored as the `site` settings document and
 * served by GET /api/site. Parsing with this schema also drops any key that is not public.
 */
import { z } from 'zod';
import { serviceFieldsSchema } from '../booking/service';
import { intakeQuestionSchema } from '../booking/intake';

const text = (max: number) => z.string().trim().min(1).max(max);

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

export const siteFaqEntrySchema = z.object({ question: text(200), answer: text(2000) });
export type SiteFaqEntry = z.infer<typeof siteFaqEntrySchema>;

/**
 * The stored site document: everything the owner writes. Its services are not part of it: the pages
 * take them from the services table (a `services` key in an older document is ignored).
 */
export const siteDocumentSchema = z.object({
  consultant: z.object({
    name: text(80),
    /** What the consultant does, in a few words (e.g. "Business strategy consultant"). */
    role: text(80),
    tagline: text(160),
    location: text(80),
  }),
  seo: z.object({ title: text(70), description: text(200) }),
  hero: z.object({
    eyebrow: text(80),
    heading: text(120),
    lead: text(400),
    highlights: z.array(text(80)).max(4),
  }),
  about: z.object({
    heading: text(120),
    paragraphs: z.array(text(1200)).min(1).max(6),
    credentials: z.array(text(120)).max(8),
  }),
  faq: z.array(siteFaqEntrySchema).min(1).max(30),
  contact: z.object({ phone: text(32), email: z.email() }),
  social: z.object({
    professionalNetwork: z.url(),
    microblog: z.url(),
    chat: z.url(),
  }),
  terms: z.object({
    /** Day the terms last changed, YYYY-MM-DD. */
    updatedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    sections: z.array(z.object({ heading: text(120), body: z.array(text(2000)).min(1) })).min(1),
  }),
});
export type SiteDocument = z.infer<typeof siteDocumentSchema>;

/** The site as GET /api/site serves it: the document and the bookable services. */
export const siteContentSchema = siteDocumentSchema.extend({
  /** May be empty: the owner can deactivate every service; the pages then say so. */
  services: z.array(siteServiceSchema),
});
export type SiteContent = z.infer<typeof siteContentSchema>;
