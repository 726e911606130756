/**
 * When a server-rendered page starts its scripts (decision 048): `/`, and the app's rendered pages
 * that need nothing from the browser to show (decision 069). The page is complete without them:
 * its links are plain anchors, its questions native disclosures, its text in the HTML. React and
 * the page's code therefore load once the visitor shows they are there to use it (a touch, a key,
 * a pointer moving, a scroll), or after the first paint for a signed-in visitor, whose header must
 * lead to the Dashboard (their browser has React cached from the app). A visitor who reads and
 * leaves, or follows a link, downloads none of it.
 *
 * A button pressed, or a choice ticked, before the page is interactive is not lost: it is pressed
 * again once it is. Text typed meanwhile stays in its field (hydration leaves user input alone).
 */
import { afterFirstPaint } from './after-first-paint';
import { hasSessionHint } from './session/session-hint';

/**
 * What tells a person is using the page; passive, so scrolling never waits for them. `input` too:
 * text pasted or filled in by the browser arrives without a key.
 */
const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'input',
  'focusin',
  'scroll',
  'wheel',
] as const;

/** What a press before the page is interactive is replayed on (a click on a label reaches its input). */
const PRESSABLE = 'button, input[type="radio"], input[type="checkbox"]';

/**
 * Presses `element` again with React listening. A radio or checkbox (the only inputs PRESSABLE
 * holds) the browser already ticked before then is first put back, so that the press ticks it
 * again and React hears of the change.
 */
function pressAgain(element: HTMLElement) {
  if (element instanceof HTMLInputElement) {
    element.checked = element.type === 'checkbox' && !element.checked;
  }
  element.click();
}

/** `start` makes the page interactive and calls `whenInteractive` once it is. */
export function startOnIntent(start: (whenInteractive: () => void) => void) {
  let pressedEarly: HTMLElement | null = null;
  let started = false;

  const holdEarlyPress = (event: MouseEvent) => {
    const pressed = event.target instanceof Element ? event.target.closest(PRESSABLE) : null;
    if (pressed instanceof HTMLElement) pressedEarly = pressed;
    begin();
  };

  // Chromium also sends a pointer move that did not move when the page is laid out under a pointer
  // resting on it: not the visitor acting.
  const onIntent = (event: Event) => {
    const { type, movementX, movementY } = event as PointerEvent;
    if (type !== 'pointermove' || movementX || movementY) begin();
  };

  const begin = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
    start(() => {
      document.removeEventListener('click', holdEarlyPress, true);
      // Hydration keeps the server's elements, so this is the one React now listens on.
      if (pressedEarly) pressAgain(pressedEarly);
      pressedEarly = null;
    });
  };

  document.addEventListener('click', holdEarlyPress, true);
  for (const type of INTENT_EVENTS) {
    window.addEventListener(type, onIntent, { capture: true, passive: true });
  }
  // A field focused before this script ran (a quick visitor, a slow connection): the visitor is
  // already here, and what they type next may come without another of the events above.
  const focused = document.activeElement;
  if (focused && focused !== document.body) begin();
  else if (hasSessionHint()) afterFirstPaint(begin);
}
