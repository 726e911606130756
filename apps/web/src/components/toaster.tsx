import { useEffect, useState } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { MOBILE_BREAKPOINT_PX, TOAST_AUTO_CLOSE_MS } from '@consult/shared';

const wideQuery = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** Toasts top-right on wide screens, top-center below 768 px, closing after 6000 ms (seed spec §2). */
export function Toaster() {
  const [wide, setWide] = useState(() => window.matchMedia(wideQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(wideQuery);
    const onChange = () => setWide(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return (
    <SonnerToaster
      position={wide ? 'top-right' : 'top-center'}
      duration={TOAST_AUTO_CLOSE_MS}
      closeButton
      richColors
    />
  );
}
