/** The schemas of the portrait photo (decision 033): as the site content holds it, and an upload's answer. */
import { z } from 'zod';
import { PORTRAIT_ALT_MAX, PORTRAIT_MESSAGES } from './portrait';

/** A content hash of the uploaded photo (32 hex digits). */
export const portraitIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Unknown photo');

/** The portrait as the site content holds it. */
export const sitePortraitSchema = z.object({
  id: portraitIdSchema,
  alt: z
    .string()
    .trim()
    .min(1, PORTRAIT_MESSAGES.altRequired)
    .max(PORTRAIT_ALT_MAX, PORTRAIT_MESSAGES.altTooLong),
});
export type SitePortrait = z.infer<typeof sitePortraitSchema>;

/** The answer to an upload: the new photo, not yet on the site until the content is saved with it. */
export const portraitUploadedSchema = z.object({
  portrait: z.object({
    id: portraitIdSchema,
    /** The description sent with the upload, or empty: the owner still has to write one. */
    alt: z.string(),
    widths: z.array(z.number().int()),
    height: z.number().int(),
    width: z.number().int(),
    type: z.literal('image/webp'),
  }),
});
export type PortraitUploaded = z.infer<typeof portraitUploadedSchema>;
