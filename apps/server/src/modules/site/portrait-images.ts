/**
 * Turns an uploaded photo into the portrait's variants. The type is told from the file's first bytes
 * (never its name or Content-Type) before the image library sees it, so an SVG, HTML or script is
 * refused unread; the photo is then decoded, turned upright, cropped to the frame and re-encoded,
 * which drops every byte of the original, EXIF and GPS included (decision 033).
 */
import { createHash } from 'node:crypto';
import {
  PORTRAIT_MESSAGES,
  PORTRAIT_MIN_SIZE,
  PORTRAIT_TOO_SMALL_PROBLEM_TYPE,
  PORTRAIT_UNSUPPORTED_PROBLEM_TYPE,
  PORTRAIT_WIDTHS,
  portraitHeightFor,
} from '@consult/shared';
import { HttpProblem } from '../../plugins/errors';

export type PortraitSourceType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface PortraitVariant {
  width: number;
  height: number;
  contentType: 'image/webp';
  bytes: Buffer;
}

/** A photo of more pixels than this is refused before decoding (a small file can claim a huge size). */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The photo's type from its magic number, or null for anything that is not a JPEG, PNG or WebP. */
export function detectPortraitType(bytes: Uint8Array): PortraitSourceType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/** The id of a photo: its content hash, so the same upload twice is one image and URLs never go stale. */
export function portraitIdOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

const FORMAT_OF_TYPE: Record<PortraitSourceType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

function unsupported(): HttpProblem {
  return new HttpProblem(400, PORTRAIT_MESSAGES.unsupported, {
    type: PORTRAIT_UNSUPPORTED_PROBLEM_TYPE,
    errors: { file: [PORTRAIT_MESSAGES.unsupported] },
  });
}

/** Every variant of PORTRAIT_WIDTHS as WebP, cropped to the portrait's frame; 400 for a bad photo. */
export async function renderPortraitVariants(bytes: Buffer): Promise<PortraitVariant[]> {
  const type = detectPortraitType(bytes);
  if (!type) throw unsupported();
  // Loaded on the first photo: the image library and libvips are about 12 MB the server need not hold.
  const { default: sharp } = await import('sharp');
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, options).metadata();
    // The decoder must agree with the magic number: a PNG header on a JPEG body is not a photo.
    if (metadata.format !== FORMAT_OF_TYPE[type]) throw unsupported();
    const upright = (metadata.orientation ?? 1) >= 5;
    width = upright ? metadata.height : metadata.width;
    height = upright ? metadata.width : metadata.height;
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw unsupported();
  }
  if (width < PORTRAIT_MIN_SIZE.width || height < PORTRAIT_MIN_SIZE.height) {
    throw new HttpProblem(400, PORTRAIT_MESSAGES.tooSmall, {
      type: PORTRAIT_TOO_SMALL_PROBLEM_TYPE,
      errors: { file: [PORTRAIT_MESSAGES.tooSmall] },
    });
  }
  try {
    // Decoded once; each variant is cut from the upright full picture.
    const upright = sharp(bytes, options).rotate();
    return await Promise.all(
      PORTRAIT_WIDTHS.map(async (variantWidth) => {
        const variantHeight = portraitHeightFor(variantWidth);
        const output = await upright
          .clone()
          .resize(variantWidth, variantHeight, { fit: 'cover', position: 'attention' })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        return {
          width: variantWidth,
          height: variantHeight,
          contentType: 'image/webp' as const,
          bytes: output,
        };
      }),
    );
  } catch {
    // The header was fine but the picture data is broken (truncated, corrupt).
    throw unsupported();
  }
}
