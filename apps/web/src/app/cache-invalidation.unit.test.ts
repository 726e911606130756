import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPageFetch } from '../testing/page-fetch';
import { adminBookingsApi } from '../features/bookings/api/admin-bookings-api';
import { bookingApi } from '../features/bookings/api/booking-api';
import { myBookingsApi } from '../features/bookings/api/my-bookings-api';
import { metricsApi } from '../features/metrics/metrics-api';
import { paymentsApi } from '../features/payments/payments-api';
import { tasksApi } from '../features/tasks/tasks-api';
import { adminUsersApi } from '../features/users/users-api';
import { api } from '../lib/api';
import { authSlice } from '../lib/session/auth-slice';

/*
 * What the RTK Query cache reads again after a booking or payment change: the app's own store, API
 * layer and endpoints, against a fake server at the network edge (fetch) that changes what the real
 * one changes (a cancellation settles the payment in its transaction; marking paid confirms the
 * booking; payments and tasks show the booking's start).
 */

const RANGE = { from: '2026-11-01', to: '2026-11-30' };

interface Server {
  booking: { id: string; clientId: string; state: string; start: string; paymentDue: boolean };
  payment: { id: string; bookingId: string; status: string; service: { start: string } };
}
let server: Server;
/** The reads the server answered, as `METHOD path`, since the last `requests.length = 0`. */
let requests: string[];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function answer(method: string, path: string, body: Record<string, unknown>): unknown {
  const { booking, payment } = server;
  const task = {
    id: 't1',
    booking: { id: booking.id, serviceTitle: 'Intro', start: booking.start },
  };
  const paymentView = { ...payment, service: { title: 'Intro', start: booking.start } };
  if (method === 'GET') {
    switch (path) {
      case '/api/admin/bookings':
        return { bookings: [booking], total: 1 };
      case `/api/admin/bookings/${booking.id}`:
      case `/api/bookings/${booking.id}`:
        return booking;
      case '/api/bookings/upcoming':
        return { bookings: booking.state === 'cancelled' ? [] : [booking] };
      case '/api/admin/payments':
      case '/api/payments':
        return { payments: [paymentView] };
      case `/api/admin/payments/${payment.id}`:
        return paymentView;
      case '/api/admin/metrics':
        return { bookings: booking.state === 'cancelled' ? 0 : 1 };
      case `/api/admin/users/${booking.clientId}`:
        return { id: booking.clientId, bookings: [booking], payments: [paymentView] };
      case '/api/admin/tasks':
        return { tasks: [task] };
      case '/api/tasks':
        return { tasks: [task] };
    }
  }
  if (method === 'POST') {
    if (path === '/api/bookings') return { ...booking, id: 'b2' };
    if (path.endsWith('/cancel')) {
      booking.state = 'cancelled';
      payment.status = 'refunded';
      return booking;
    }
    if (path.endsWith('/reschedule')) {
      booking.start = String(body.start);
      return booking;
    }
    if (path.endsWith('/complete')) {
      booking.state = 'completed';
      return booking;
    }
    if (path === `/api/admin/payments/${payment.id}/mark-paid`) {
      payment.status = 'paid';
      booking.paymentDue = false;
      booking.state = 'confirmed';
      return paymentView;
    }
  }
  return undefined;
}

async function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const path = new URL(request.url).pathname;
  const text = await request.text();
  const result = answer(request.method, path, text ? JSON.parse(text) : {});
  if (request.method === 'GET') requests.push(`GET ${path}`);
  return result === undefined ? json(404, { status: 404 }) : json(200, result);
}

function createStore() {
  return configureStore({
    reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
type Store = ReturnType<typeof createStore>;

/** The owner's screens open at once: bookings, a booking, payments, metrics, the client, tasks. */
async function openOwnerScreens(store: Store) {
  const { booking, payment } = server;
  await Promise.all([
    store.dispatch(adminBookingsApi.endpoints.listAdminBookings.initiate({})),
    store.dispatch(adminBookingsApi.endpoints.getAdminBooking.initiate(booking.id)),
    store.dispatch(paymentsApi.endpoints.getAdminPayments.initiate({ page: 1 })),
    store.dispatch(paymentsApi.endpoints.getAdminPayment.initiate(payment.id)),
    store.dispatch(metricsApi.endpoints.getMetrics.initiate(RANGE)),
    store.dispatch(adminUsersApi.endpoints.getAdminUser.initiate(booking.clientId)),
    store.dispatch(tasksApi.endpoints.getAdminTasks.initiate({ page: 1 })),
  ]);
}

/** The client's screens open at once: upcoming bookings, the booking, payments, tasks. */
async function openClientScreens(store: Store) {
  await Promise.all([
    store.dispatch(myBookingsApi.endpoints.getUpcomingBookings.initiate()),
    store.dispatch(myBookingsApi.endpoints.getBooking.initiate(server.booking.id)),
    store.dispatch(paymentsApi.endpoints.getMyPayments.initiate()),
    store.dispatch(tasksApi.endpoints.getMyTasks.initiate()),
  ]);
}

const read = (store: Store) => {
  const state = store.getState();
  const { booking, payment } = server;
  return {
    adminBooking: adminBookingsApi.endpoints.getAdminBooking.select(booking.id)(state).data,
    adminPayment: paymentsApi.endpoints.getAdminPayment.select(payment.id)(state).data,
    adminPayments: paymentsApi.endpoints.getAdminPayments.select({ page: 1 })(state).data,
    metrics: metricsApi.endpoints.getMetrics.select(RANGE)(state).data as unknown as {
      bookings: number;
    },
    client: adminUsersApi.endpoints.getAdminUser.select(booking.clientId)(state)
      .data as unknown as {
      bookings: Server['booking'][];
      payments: Server['payment'][];
    },
    adminTasks: tasksApi.endpoints.getAdminTasks.select({ page: 1 })(state).data,
    upcoming: myBookingsApi.endpoints.getUpcomingBookings.select()(state).data,
    myPayments: paymentsApi.endpoints.getMyPayments.select()(state).data,
    myTasks: tasksApi.endpoints.getMyTasks.select()(state).data,
  };
};

/** Lets refetches that were started go out, then the ones answered settle in the store. */
async function settle(store: Store) {
  await vi.waitFor(() => {
    const queries = Object.values(store.getState().api.queries);
    expect(queries.every((query) => query?.status !== 'pending')).toBe(true);
  });
}

describe('the cache after a booking or payment change', () => {
  beforeEach(() => {
    server = {
      booking: {
        id: 'b1',
        clientId: 'c1',
        state: 'confirmed',
        start: '2026-11-20T09:00:00.000Z',
        paymentDue: false,
      },
      payment: {
        id: 'p1',
        bookingId: 'b1',
        status: 'paid',
        service: { start: '2026-11-20T09:00:00.000Z' },
      },
    };
    requests = [];
    stubPageFetch(fakeServer);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the refunded payment, the metrics and the client’s record after the owner cancels', async () => {
    const store = createStore();
    await openOwnerScreens(store);
    expect(read(store).adminPayment?.status).toBe('paid');

    await store.dispatch(adminBookingsApi.endpoints.cancelAdminBooking.initiate({ id: 'b1' }));
    await settle(store);

    const after = read(store);
    expect(after.adminBooking?.state).toBe('cancelled');
    expect(after.adminPayment?.status).toBe('refunded');
    expect(after.adminPayments?.payments[0]?.status).toBe('refunded');
    expect(after.metrics.bookings).toBe(0);
    expect(after.client.bookings[0]?.state).toBe('cancelled');
    expect(after.client.payments[0]?.status).toBe('refunded');
    // Nothing about a task changed: its list is not asked for again.
    expect(requests.filter((request) => request.startsWith('GET /api/admin/tasks'))).toEqual([
      'GET /api/admin/tasks',
    ]);
  });

  it('shows the client their settled payment after they cancel', async () => {
    const store = createStore();
    await openClientScreens(store);
    expect(read(store).myPayments?.payments[0]?.status).toBe('paid');

    await store.dispatch(myBookingsApi.endpoints.cancelBooking.initiate({ id: 'b1', reason: '' }));
    await settle(store);

    expect(read(store).upcoming).toEqual([]);
    expect(read(store).myPayments?.payments[0]?.status).toBe('refunded');
  });

  it('shows the new time on payments and tasks after a reschedule, by the client or the owner', async () => {
    const moved = '2026-11-21T10:00:00.000Z';
    const client = createStore();
    await openClientScreens(client);
    await client.dispatch(
      myBookingsApi.endpoints.rescheduleBooking.initiate({ id: 'b1', start: moved }),
    );
    await settle(client);
    expect(read(client).myPayments?.payments[0]?.service?.start).toBe(moved);
    expect(read(client).myTasks?.[0]?.booking?.start).toBe(moved);

    const later = '2026-11-22T11:00:00.000Z';
    const owner = createStore();
    await openOwnerScreens(owner);
    await owner.dispatch(
      adminBookingsApi.endpoints.rescheduleAdminBooking.initiate({
        id: 'b1',
        start: later,
        outsideHours: false,
      }),
    );
    await settle(owner);
    expect(read(owner).adminPayment?.service?.start).toBe(later);
    expect(read(owner).adminTasks?.tasks[0]?.booking?.start).toBe(later);
    expect(read(owner).client.bookings[0]?.start).toBe(later);
  });

  it('confirms the booking everywhere once the owner marks its payment paid', async () => {
    server.booking.state = 'pending_payment';
    server.booking.paymentDue = true;
    server.payment.status = 'pending';
    const store = createStore();
    await openOwnerScreens(store);

    await store.dispatch(
      paymentsApi.endpoints.markPaymentPaid.initiate({ id: 'p1', method: 'bank_transfer' }),
    );
    await settle(store);

    const after = read(store);
    expect(after.adminPayment?.status).toBe('paid');
    expect(after.adminBooking?.state).toBe('confirmed');
    expect(after.adminBooking?.paymentDue).toBe(false);
    expect(after.client.bookings[0]?.paymentDue).toBe(false);
    expect(after.client.payments[0]?.status).toBe('paid');
  });

  it('leaves payments and tasks alone when the owner marks a booking completed', async () => {
    const store = createStore();
    await openOwnerScreens(store);
    requests.length = 0;

    await store.dispatch(
      adminBookingsApi.endpoints.changeAdminBookingState.initiate({ id: 'b1', action: 'complete' }),
    );
    await settle(store);

    expect(read(store).adminBooking?.state).toBe('completed');
    expect(requests.sort()).toEqual([
      'GET /api/admin/bookings',
      'GET /api/admin/bookings/b1',
      'GET /api/admin/metrics',
      'GET /api/admin/users/c1',
    ]);
  });

  it('shows a new booking’s payment on the client’s payments', async () => {
    const store = createStore();
    await openClientScreens(store);
    requests.length = 0;
    await store.dispatch(
      bookingApi.endpoints.createBooking.initiate({
        booking: { service: 'intro', start: '2026-11-25T09:00:00.000Z' } as never,
        idempotencyKey: 'k1',
      }),
    );
    await settle(store);
    expect(requests).toContain('GET /api/payments');
  });
});
