/**
 * When the landing page starts its scripts (decision 048). The page is complete without them: its
 * links are plain anchors, its questions native disclosures, its text in the HTML. React and the
 * page's code (about 78 KB gzip) therefore load once the visitor shows they are there to use it (a
 * touch, a key, a pointer moving, a scroll), or after the first paint for a signed-in visitor,
 * whose header must lead to the Dashboard (their browser has React cached from the app). A visitor
 * who reads and leaves, or follows a link, downloads none of it.
 *
 * A button pressed before the page is interactive (Menu, Contact Me) is not lost: it is pressed
 * again once it is. The page has no form until then (the contact form loads with its popup).
 */
import { afterFirstPaint } from './after-first-paint';
import { hasSessionHint } from './session/session-hint';

/** What tells a person is using the page; passive, so scrolling never waits for them. */
const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'scroll',
  'wheel',
] as const;

/** `start` makes the page interactive and calls `whenInteractive` once it is. */
export function startOnIntent(start: (whenInteractive: () => void) => void) {
  let pressedEarly: HTMLButtonElement | null = null;
  let started = false;

  const holdEarlyPress = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) pressedEarly = button;
    begin();
  };

  const begin = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, begin, true);
    start(() => {
      document.removeEventListener('click', holdEarlyPress, true);
      // Hydration keeps the server's elements, so this is the button React now listens on.
      pressedEarly?.click();
      pressedEarly = null;
    });
  };

  document.addEventListener('click', holdEarlyPress, true);
  for (const type of INTENT_EVENTS) {
    window.addEventListener(type, begin, { capture: true, passive: true });
  }
  if (hasSessionHint()) afterFirstPaint(begin);
}
