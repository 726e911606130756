/**
 * Gives memory back once the site goes quiet (decision 051). Under load V8 grows its heap to keep
 * collections rare, and keeps it grown for a long while after: a small server would hold 100 MB of
 * garbage-free space long after the visitors left. When requests have come and then none for
 * IDLE_MS, one full collection runs (about 20-50 ms, with nobody waiting), and V8 compacts the
 * heap and returns the free pages. Needs Node's `--expose-gc` (scripts/server-node-flags.mjs);
 * without it this does nothing.
 */
import type { FastifyInstance } from 'fastify';

const IDLE_MS = 2000;
const CHECK_EVERY_MS = 1000;

export function collectGarbageWhenIdle(app: FastifyInstance): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) return;
  let lastRequestAt = 0;
  let servedSinceCollection = false;
  // The HTTP server's own event: no hook in Fastify's request path.
  app.server.on('request', () => {
    lastRequestAt = performance.now();
    servedSinceCollection = true;
  });
  const timer = setInterval(() => {
    if (!servedSinceCollection || performance.now() - lastRequestAt < IDLE_MS) return;
    servedSinceCollection = false;
    collect();
  }, CHECK_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
