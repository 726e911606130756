/**
 * The browser entry of / (decisions 016 and 048): hydrates the server-rendered landing page with
 * React only, once the visitor acts (lib/start-on-intent.ts). Every other page is served index.html
 * and main.tsx, the full app.
 */
import './lib/zod-without-eval';
import { loadFullStylesheet } from './lib/full-stylesheet';
import { startOnIntent } from './lib/start-on-intent';

startOnIntent((whenInteractive) => {
  void loadFullStylesheet();
  void import('./app/landing-hydrate').then(({ hydrateLanding }) =>
    hydrateLanding(whenInteractive),
  );
});
