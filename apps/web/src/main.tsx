/**
 * The browser entry of every page but / (which has its own, landing-main.tsx). A page rendered in
 * the browser starts at once. A page the server rendered is complete without the app: it starts
 * when the visitor acts, as / does (decision 069), unless its address asks for something only the
 * app shows (/consultation?service=… shows its calendar once the app runs), in which case it
 * starts after the first contentful paint (decision 048), so React's start-up never delays its text.
 */
import './lib/zod-without-eval';
import { afterFirstPaint } from './lib/after-first-paint';
import { loadFullStylesheet } from './lib/full-stylesheet';
import { inTasks } from './lib/next-task';
import { startOnIntent } from './lib/start-on-intent';
import './styles.css';

/**
 * A rendered page's start-up in steps, each evaluated in a task of its own before the app's code
 * (decision 052): imported at once they made one task of 150–300 ms under a phone's CPU, which
 * blocked input and counted as Total Blocking Time. React DOM; the router (through the hydration hand-over, which
 * uses it); Redux (through the session's slice); the API layer in its store. Our own modules
 * rather than the packages, so what each package contributes stays tree-shaken.
 */
const STEPS = [
  () => import('react-dom/client'),
  () => import('./app/hydration'),
  () => import('./lib/session/auth-slice'),
  () => import('./app/store'),
];

function start(whenInteractive?: () => void) {
  void import('./app/start').then(({ startApp }) => startApp(whenInteractive));
}

/** A rendered page's start: the whole stylesheet (decision 070) and the steps, begun together. */
function startInSteps(whenInteractive?: () => void) {
  void loadFullStylesheet();
  void inTasks(STEPS).then(() => start(whenInteractive));
}

if (!document.getElementById('root')?.hasChildNodes()) {
  // A page rendered in the browser shows nothing until the app runs: it starts at once, in one go.
  start();
} else if (window.location.search) {
  afterFirstPaint(() => startInSteps());
} else {
  startOnIntent(startInSteps);
}
