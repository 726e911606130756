/**
 * The browser entry of every page but / (which has its own, landing-main.tsx). On a page the server
 * rendered, the app starts only after the first contentful paint (decision 048): its text is already
 * there, and React's start-up then never counts against it. A page rendered in the browser starts at
 * once. The server preloads the app's chunks either way, so they download meanwhile.
 *
 * These pages do not wait for the visitor to act, as / does: /consultation?service=… shows its
 * calendar only once the app runs.
 */
import './lib/zod-without-eval';
import { afterFirstPaint } from './lib/after-first-paint';
import './styles.css';

function start() {
  void import('./app/start').then(({ startApp }) => startApp());
}

if (document.getElementById('root')?.hasChildNodes()) afterFirstPaint(start);
else start();
