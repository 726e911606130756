import {
  PORTRAIT_WIDTHS,
  portraitHeightFor,
  portraitSrcSet,
  portraitVariantPath,
  type SitePortrait,
} from '@consult/shared';

/** The frame is at most 24 rem wide (as the initials art), the page's width less its padding below that. */
export const PORTRAIT_SIZES = '(min-width: 26rem) 24rem, calc(100vw - 2rem)';

const FALLBACK_WIDTH = PORTRAIT_WIDTHS[1];

/**
 * The consultant's photo from the server's variants: the browser picks the width it needs, and the
 * width and height attributes keep the layout still while it loads.
 */
export function PortraitPhoto({
  portrait,
  loading = 'lazy',
}: {
  portrait: SitePortrait;
  loading?: 'lazy' | 'eager';
}) {
  return (
    <img
      src={portraitVariantPath(portrait.id, FALLBACK_WIDTH)}
      srcSet={portraitSrcSet(portrait.id)}
      sizes={PORTRAIT_SIZES}
      width={FALLBACK_WIDTH}
      height={portraitHeightFor(FALLBACK_WIDTH)}
      alt={portrait.alt}
      loading={loading}
      decoding="async"
      className="h-auto w-full max-w-sm rounded-3xl bg-brand object-cover shadow-lg"
    />
  );
}
