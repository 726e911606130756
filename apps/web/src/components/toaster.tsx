import { useSyncExternalStore } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { MOBILE_BREAKPOINT_PX, TOAST_AUTO_CLOSE_MS } from '@consult/shared';

const wideQuery = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void) {
  const media = window.matchMedia(wideQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const isWide = () => window.matchMedia(wideQuery).matches;
// The server has no screen; it renders no toast, so its guess never shows.
const isWideOnServer = () => true;

/** Toasts top-right on wide screens, top-center below 768 px, closing after 6000 ms. */
export function Toaster() {
  const wide = useSyncExternalStore(subscribe, isWide, isWideOnServer);
  return (
    <SonnerToaster
      position={wide ? 'top-right' : 'top-center'}
      duration={TOAST_AUTO_CLOSE_MS}
      closeButton
      richColors
    />
  );
}
