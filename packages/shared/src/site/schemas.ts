/**
 * The public site's content (PRODUCT.md "Site content"), stored as the `site` settings document and
 * served by GET /api/site. Parsing with this schema also drops any key that is not public.
 */
import { z } from 'zod';
import { SERVICE_DESCRIPTION_MAX, SERVICE_SUMMARY_MAX, SERVICE_TITLE_MAX } from '../booking/limits';

const text = (max: number) => z.string().trim().min(1).max(max);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single dashes');

/**
 * A service as the landing page and /consultation show it. Served from the services table (active
 * ones, in the owner's order), so its bounds are the service's own: summary and description may be
 * empty.
 */
export const siteServiceSchema = z.object({
  slug,
  title: text(SERVICE_TITLE_MAX),
  summary: z.string().trim().max(SERVICE_SUMMARY_MAX),
  description: z.string().trim().max(SERVICE_DESCRIPTION_MAX),
  durationMinutes: z.number().int().min(15).max(240),
  /** In minor units of `currency` (cents); 0 is free. */
  priceMinor: z.number().int().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
  mode: z.enum(['video', 'phone', 'in_person']),
});
export type SiteService = z.infer<typeof siteServiceSchema>;

export const siteFaqEntrySchema = z.object({ question: text(200), answer: text(2000) });
export type SiteFaqEntry = z.infer<typeof siteFaqEntrySchema>;

export const siteContentSchema = z.object({
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
  /** May be empty: the owner can deactivate every service; the pages then say so. */
  services: z.array(siteServiceSchema),
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
export type SiteContent = z.infer<typeof siteContentSchema>;
