/**
 * Runs `run` once the browser has painted the page's content (decisions 016 and 048): a
 * server-rendered page is complete without scripts, so their start-up never delays its text.
 *
 * The first frame can come before any content is painted (the parser yields early on a long page),
 * so waiting for one frame is not enough: the signal is the first contentful paint. A browser
 * without paint timing starts after the next frame; a tab opened in the background, which reports
 * no paint until it is shown, after at most FALLBACK_MS.
 */
const FALLBACK_MS = 3000;

export function afterFirstPaint(run: () => void) {
  let done = false;
  const start = () => {
    if (done) return;
    done = true;
    // A task, so the paint that signalled is finished before the scripts run.
    setTimeout(run);
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(start);
    return;
  }
  if (painted()) {
    start();
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint' });
  setTimeout(() => {
    observer.disconnect();
    start();
  }, FALLBACK_MS);
}
