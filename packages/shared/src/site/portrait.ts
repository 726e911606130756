/**
 * The consultant's portrait photo: its limits, the variants the server keeps, where they are served,
 * and the problems an upload can answer with (decision 033). The schemas are in portrait-schemas.ts,
 * so the landing page's photo does not load zod (decision 048).
 */
import { API_BASE } from '../constants';

/** The largest file the owner may upload. */
export const PORTRAIT_MAX_BYTES = 5 * 1024 * 1024;
/** Widths the server keeps, in pixels; each a WebP cropped to the portrait's aspect ratio. */
export const PORTRAIT_WIDTHS = [320, 640, 960] as const;
export type PortraitWidth = (typeof PORTRAIT_WIDTHS)[number];
/** Width to height of the photo frame on the landing page (the initials art has the same shape). */
export const PORTRAIT_ASPECT = { width: 16, height: 19 } as const;
/** The smallest photo that fills the narrowest variant without blurring. */
export const PORTRAIT_MIN_SIZE = { width: 320, height: 380 } as const;
/** Uploads an admin may send in a window: enough for a few tries, not for a flood of re-encoding. */
export const PORTRAIT_UPLOAD_RATE_LIMIT = { max: 20, windowMinutes: 10 } as const;
export const PORTRAIT_ALT_MAX = 200;
/** The types an upload may be, told from the file's first bytes, never from its name. */
export const PORTRAIT_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export function portraitHeightFor(width: number): number {
  return Math.round((width * PORTRAIT_ASPECT.height) / PORTRAIT_ASPECT.width);
}

/** Where a variant of an uploaded portrait is served (immutable: the id is a hash of the photo). */
export function portraitVariantPath(id: string, width: PortraitWidth): string {
  return `${API_BASE}/site/portrait/${id}/${width}.webp`;
}

/** `srcset` of a portrait: every variant with its width. */
export function portraitSrcSet(id: string): string {
  return PORTRAIT_WIDTHS.map((width) => `${portraitVariantPath(id, width)} ${width}w`).join(', ');
}

export const PORTRAIT_MESSAGES = {
  altRequired: 'Describe the photo for people who cannot see it',
  altTooLong: `The description must be at most ${PORTRAIT_ALT_MAX} characters`,
  missingFile: 'Choose a photo to upload.',
  tooLarge: `The photo must be at most ${PORTRAIT_MAX_BYTES / 1024 / 1024} MB.`,
  unsupported: 'The file is not a JPEG, PNG or WebP photo.',
  tooSmall: `The photo must be at least ${PORTRAIT_MIN_SIZE.width} × ${PORTRAIT_MIN_SIZE.height} pixels.`,
} as const;

/** Problem types of an upload, so the editor reacts to the kind of failure, not its wording. */
export const PORTRAIT_TOO_LARGE_PROBLEM_TYPE = 'urn:consult:portrait-too-large';
export const PORTRAIT_UNSUPPORTED_PROBLEM_TYPE = 'urn:consult:portrait-unsupported';
export const PORTRAIT_TOO_SMALL_PROBLEM_TYPE = 'urn:consult:portrait-too-small';
