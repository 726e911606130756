/**
 * The owner's list screens share one way of showing their states (components/list-state.tsx): each
 * screen is checked for its skeleton, its load error, its empty list and a filled one.
 */
import { describe, expect, it } from 'vitest';
import type { HttpHandler } from 'msw';
import {
  paths,
  type AdminBookingsPage,
  type AdminPaymentsPage,
  type AdminTasksPage,
  type InboxPage,
  type UsersPage,
} from '@consult/shared';
import {
  adminUser,
  clientUser,
  makeAdminBooking,
  makeAdminPayment,
  makeAdminTask,
  makeMessage,
  page,
} from '../../testing/mocks/data';
import { answer, apiPath, failing, http, pending } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  currentPath,
  expectLoadError,
  expectLoading,
  findPageHeading,
  renderRoute,
  screen,
} from '../../testing/test-utils';

interface ListScreen {
  url: string;
  heading: string;
  api: string;
  loadingLabel: string;
  what: string;
  empty: HttpHandler;
  emptyTitle: string;
  /** Text of the one row the default handlers answer with. */
  filledRow: string;
  count: string;
}

const screens: ListScreen[] = [
  {
    url: paths.admin.tasks,
    heading: 'Tasks',
    api: '/admin/tasks',
    loadingLabel: 'Loading tasks',
    what: 'the tasks',
    empty: http.get(apiPath('/admin/tasks'), () => answer<AdminTasksPage>(page.tasks([]))),
    emptyTitle: 'No open tasks.',
    filledRow: makeAdminTask().title,
    count: '1 task',
  },
  {
    url: paths.admin.bookings,
    heading: 'Bookings',
    api: '/admin/bookings',
    loadingLabel: 'Loading bookings',
    what: 'the bookings',
    empty: http.get(apiPath('/admin/bookings'), () => answer<AdminBookingsPage>(page.bookings([]))),
    emptyTitle: 'No bookings yet.',
    filledRow: makeAdminBooking().client.email,
    count: '1 booking',
  },
  {
    url: paths.admin.payments,
    heading: 'Payments',
    api: '/admin/payments',
    loadingLabel: 'Loading payments',
    what: 'the payments',
    empty: http.get(apiPath('/admin/payments'), () => answer<AdminPaymentsPage>(page.payments([]))),
    emptyTitle: 'No payments yet.',
    filledRow: makeAdminPayment().client.name,
    count: '1 payment',
  },
  {
    url: paths.admin.messages,
    heading: 'Messages',
    api: '/admin/messages',
    loadingLabel: 'Loading messages',
    what: 'the messages',
    empty: http.get(apiPath('/admin/messages'), () => answer<InboxPage>(page.messages([]))),
    emptyTitle: 'No messages yet.',
    filledRow: makeMessage().name,
    count: '1 message',
  },
  {
    url: paths.admin.users,
    heading: 'Users',
    api: '/admin/users',
    loadingLabel: 'Loading users',
    what: 'the users',
    empty: http.get(apiPath('/admin/users'), () => answer<UsersPage>(page.users([]))),
    emptyTitle: 'No users yet.',
    filledRow: clientUser.name,
    count: '2 users',
  },
];

describe.each(screens)('$url', (list) => {
  it('shows a skeleton while the list loads', async () => {
    server.use(pending(list.api));
    renderRoute(list.url, { as: 'admin' });
    await expectLoading(list.loadingLabel);
  });

  it('says so when the list does not load', async () => {
    server.use(failing(list.api));
    renderRoute(list.url, { as: 'admin' });
    await expectLoadError(list.what);
  });

  it('says the list is empty', async () => {
    server.use(list.empty);
    renderRoute(list.url, { as: 'admin' });
    expect(await screen.findByText(list.emptyTitle)).toBeVisible();
  });

  it('lists the rows with their count', async () => {
    renderRoute(list.url, { as: 'admin' });
    await findPageHeading(list.heading);
    expect(await screen.findByText(list.count)).toBeVisible();
    expect(screen.getAllByText(list.filledRow).length).toBeGreaterThan(0);
  });
});

describe('the admin guard', () => {
  it('sends a client to sign in, saying the area is for admins', async () => {
    renderRoute(paths.admin.tasks, { as: 'user' });
    expect(await screen.findByText('Admins only')).toBeVisible();
    expect(screen.getByText(new RegExp(clientUser.email))).toBeVisible();
  });

  it('lets the owner in with the area navigation', async () => {
    renderRoute(paths.admin.root, { as: 'admin' });
    expect(await screen.findByRole('link', { name: 'Upcoming' })).toBeVisible();
    expect(screen.getByText(adminUser.email)).toBeVisible();
  });

  it('opens the owner’s area on Upcoming: /admin is never shown on its own', async () => {
    const { router } = renderRoute(paths.admin.root, { as: 'admin' });
    // The addresses the router settled on (drawn), not those it passed through while loading.
    const shown: string[] = [];
    router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle')
        shown.push(state.location.pathname);
    });
    expect(await findPageHeading('Upcoming')).toBeVisible();
    expect(currentPath(router)).toBe(paths.admin.upcoming);
    expect(shown).not.toContain(paths.admin.root);
  });

  it('takes /admin out of the history: Back leaves the area instead of coming back to it', async () => {
    const { router } = renderRoute(paths.admin.root, { as: 'admin', from: paths.signIn });
    expect(await findPageHeading('Upcoming')).toBeVisible();
    await router.navigate(-1);
    expect(currentPath(router)).toBe(paths.signIn);
  });
});
