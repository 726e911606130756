/**
 * Work a request starts but does not wait for, so its answer takes the same time whatever the
 * work finds (an address with an account or without one). It starts once the current turn of the
 * event loop is over, after the answer is on its way. A failure is logged, never lost silently;
 * closing the app waits for what is still running.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface AfterResponse {
  run(name: string, work: () => Promise<unknown>): void;
  /** Resolves when everything started so far has finished (app close, tests). */
  drain(): Promise<void>;
}

export function createAfterResponse(log: FastifyBaseLogger): AfterResponse {
  const running = new Set<Promise<void>>();
  return {
    run(name, work) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, work: name }, 'work after the response failed'),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async drain() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
