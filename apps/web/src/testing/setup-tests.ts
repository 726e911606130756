/** Set-up of the `web` Vitest project: Testing Library's matchers and the mock API at the network edge. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './mocks/server';

// Lazy route modules load on first use: on a busy 2-core machine that can take many seconds.
configure({ asyncUtilTimeout: 15_000 });

// Every call a screen makes has a handler: one without fails the test that made it.
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request) => {
      unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
    },
  }),
);
afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in module state and shows the ones still open to the next Toaster: a
  // test's toast must not appear in the next test (or file: they share their worker).
  toast.dismiss();
  server.resetHandlers();
  // What a screen kept for later (a booking choice, where to return after sign-in) is not the next test's.
  sessionStorage.clear();
  localStorage.clear();
  const calls = unhandled.splice(0);
  if (calls.length > 0) throw new Error(`No mock API handler for: ${calls.join(', ')}`);
});
afterAll(() => server.close());
