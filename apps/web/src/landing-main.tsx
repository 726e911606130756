/**
 * The browser entry of / (decision 016): hydrates the server-rendered landing page with React only.
 * Every other page is served index.html and main.tsx, the full app.
 *
 * The page is complete without JavaScript, so React and the page's code are fetched only after the
 * first paint: on a slow or busy phone their download and start-up never delay the text showing.
 * A button pressed meanwhile (Menu, Contact Me) is not lost: it is pressed again once React runs.
 */
let pressedEarly: HTMLButtonElement | null = null;

function holdEarlyPress(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) pressedEarly = button;
}

function afterFirstPaint(run: () => void) {
  // The frame's callbacks run just before it paints; a task queued from there runs after it.
  requestAnimationFrame(() => setTimeout(run));
}

document.addEventListener('click', holdEarlyPress, true);
afterFirstPaint(() => {
  void import('./app/landing-hydrate').then(({ hydrateLanding }) =>
    hydrateLanding(() => {
      document.removeEventListener('click', holdEarlyPress, true);
      // Hydration keeps the server's elements, so this is the button React now listens on.
      pressedEarly?.click();
      pressedEarly = null;
    }),
  );
});
