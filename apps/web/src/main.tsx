/**
 * The browser entry of every page but / (which has its own, landing-main.tsx). On a page the server
 * rendered, the app is started only after the first paint, as on / (decision 048): its text is
 * already there, and React's start-up then never counts against it. A page rendered in the browser
 * starts at once. The server preloads the app's chunks either way, so they download meanwhile.
 */
import './lib/zod-without-eval';
import { afterFirstPaint } from './lib/after-first-paint';
import './styles.css';

function start() {
  void import('./app/start').then(({ startApp }) => startApp());
}

if (document.getElementById('root')?.hasChildNodes()) afterFirstPaint(start);
else start();
