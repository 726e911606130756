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
import { inTasks } from './lib/next-task';
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

function start() {
  void import('./app/start').then(({ startApp }) => startApp());
}

// A page rendered in the browser shows nothing until the app runs: it starts at once, in one go.
if (document.getElementById('root')?.hasChildNodes()) {
  afterFirstPaint(() => void inTasks(STEPS).then(start));
} else start();
