/**
 * Renders the app as the browser does: the real store (AppProvider) and the real route tree, in a
 * memory router at the given address, against the mock API (mocks/). In the bulletproof-react style,
 * a test names a URL and who is signed in, then reads the screen as a person would.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AccessTokenClaims } from '@consult/shared';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { registerNavigator } from '../lib/navigation';
import { signedInAs } from './mocks/handlers/auth';
import { SERVER_ERROR_DETAIL } from './mocks/http';
import { server } from './mocks/server';

export type Role = AccessTokenClaims['user']['role'];

/**
 * `as`: the role whose session the guard restores (the refresh call answers with a token for it);
 * without it nobody is signed in and the refresh is refused, as for a visitor. `from`: the page
 * the history holds before `url`, as when a page is opened from another by its address.
 */
export function renderRoute(url: string, { as, from }: { as?: Role; from?: string } = {}) {
  if (as) server.use(signedInAs(as));
  const initialEntries = from ? [from, url] : [url];
  const router = createMemoryRouter(routes, {
    initialEntries,
    initialIndex: initialEntries.length - 1,
  });
  registerNavigator((to, options) => router.navigate(to, options));
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user: userEvent.setup() };
}

/** Waits until the route's lazy module and its session check are done and a page heading shows. */
export async function findPageHeading(name?: string | RegExp) {
  return screen.findByRole('heading', { level: 1, ...(name ? { name } : {}) }, { timeout: 15_000 });
}

/** The address the router is at now (after redirects). */
export function currentPath(router: ReturnType<typeof createMemoryRouter>) {
  return router.state.location.pathname;
}

export { waitFor };
export * from '@testing-library/react';

/** The loading state: the skeleton named `label` (components/query-state.tsx). */
export async function expectLoading(label: string) {
  await waitFor(() => expect(screen.getByRole('status', { name: label })).toBeVisible(), {
    timeout: 15_000,
  });
}

/** The error state: "Could not load …" with the server's words and a way to try again. */
export async function expectLoadError(what: string) {
  expect(await screen.findByText(`Could not load ${what}`, {}, { timeout: 15_000 })).toBeVisible();
  expect(screen.getByText(SERVER_ERROR_DETAIL)).toBeVisible();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
}
