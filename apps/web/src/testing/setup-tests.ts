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
// The files of a worker share one happy-dom window (decision 068): the document is put back as
// the file found it (the same nodes in <head>, an empty <body>, the attributes of <html>, no
// cookie), so what one file left (a stylesheet link, a class on <html>, a cookie) is not the next
// file's.
const html = document.documentElement;
const headAsFound = [...document.head.childNodes];
const htmlAttributesAsFound = [...html.attributes].map(({ name, value }) => ({ name, value }));
afterAll(() => {
  server.close();
  document.head.replaceChildren(...headAsFound);
  document.body.replaceChildren();
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  for (const { name, value } of htmlAttributesAsFound) html.setAttribute(name, value);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});
