/**
 * The browser entry of / (decisions 016 and 048): hydrates the server-rendered landing page with
 * React only. Every other page is served index.html and main.tsx, the full app.
 *
 * The page is complete without JavaScript: its links are plain anchors, its questions native
 * disclosures. React and the page's code (about 75 KB gzip) are therefore fetched only once the
 * visitor shows they are there to use it (a touch, a key, a pointer moving, a scroll), or at once
 * for a signed-in visitor, whose header must lead to the Dashboard (their browser has React cached
 * from the app). A visitor who reads and leaves, or follows a link, downloads none of it. A button
 * pressed before React runs (Menu, Contact Me) is not lost: it is pressed again once React runs.
 */
import './lib/zod-without-eval';
import { afterFirstPaint } from './lib/after-first-paint';
import { hasSessionHint } from './lib/session/session-hint';

/** What tells a person is using the page; passive, so scrolling never waits for them. */
const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'scroll',
  'wheel',
];

let pressedEarly: HTMLButtonElement | null = null;
let started = false;

function holdEarlyPress(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) pressedEarly = button;
  hydrate();
}

function hydrate() {
  if (started) return;
  started = true;
  for (const type of INTENT_EVENTS) window.removeEventListener(type, hydrate, true);
  void import('./app/landing-hydrate').then(({ hydrateLanding }) =>
    hydrateLanding(() => {
      document.removeEventListener('click', holdEarlyPress, true);
      // Hydration keeps the server's elements, so this is the button React now listens on.
      pressedEarly?.click();
      pressedEarly = null;
    }),
  );
}

document.addEventListener('click', holdEarlyPress, true);
for (const type of INTENT_EVENTS) {
  window.addEventListener(type, hydrate, { capture: true, passive: true });
}
if (hasSessionHint()) afterFirstPaint(hydrate);
