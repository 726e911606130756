/**
 * The client's /dash screens: the overview (account, next consultation, calendar address), bookings
 * (upcoming with cancel, past page by page) and payments, each in its loading, error, empty and
 * filled states, and what a cancellation reads again.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  BOOKING_STATE_LABELS,
  CALENDAR_FEED_MESSAGES,
  formatMoney,
  NO_PAYMENT_INSTRUCTIONS_TEXT,
  PAYMENT_STATUS_LABELS,
  paths,
  paymentReferenceLine,
  receiptPath,
  SLOT_TAKEN_PROBLEM_TYPE,
  type BookingConflictProblem,
  type BookingRecord,
  type CalendarFeedView,
  type PastBookingsPage,
  type PaymentsList,
  type UpcomingBookings,
  type User,
} from '@consult/shared';
import { clientUser, makeBooking, makePayment, page } from '../../testing/mocks/data';
import {
  answer,
  apiPath,
  failing,
  http,
  HttpResponse,
  pending,
  problem,
  SERVER_ERROR_DETAIL,
} from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  expectLoadError,
  expectLoading,
  findPageHeading,
  renderRoute,
  screen,
  waitFor,
  within,
} from '../../testing/test-utils';

const upcoming = (bookings: BookingRecord[]) =>
  http.get(apiPath('/bookings/upcoming'), () => answer<UpcomingBookings>({ bookings }));

describe('/dash overview', () => {
  it('shows a skeleton while the account loads', async () => {
    server.use(pending('/user'));
    renderRoute(paths.dashboard, { as: 'user' });
    await expectLoading('Loading your account');
  });

  it('says so when the account does not load', async () => {
    server.use(failing('/user'));
    renderRoute(paths.dashboard, { as: 'user' });
    await expectLoadError('your account');
  });

  it('greets the client by first name with their details and next consultation', async () => {
    renderRoute(paths.dashboard, { as: 'user' });
    await findPageHeading('Hello, Ada');
    const details = screen.getByRole('region', { name: 'Your details' });
    expect(within(details).getByText(clientUser.email)).toBeVisible();
    expect(within(details).getByText('Europe/London')).toBeVisible();
    expect(screen.getByText('E-mail address confirmed')).toBeVisible();
    const next = await screen.findByRole('region', { name: 'Your next consultation' });
    expect(
      within(next).getByRole('link', { name: makeBooking().service.title }),
    ).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'All bookings and history' })).toBeVisible();
  });

  it('offers to book when nothing is coming up', async () => {
    server.use(upcoming([]));
    renderRoute(paths.dashboard, { as: 'user' });
    expect(await screen.findByText('No upcoming consultations.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute(
      'href',
      paths.consultation,
    );
  });

  it('counts the later bookings in the link to all of them', async () => {
    server.use(upcoming([makeBooking(), makeBooking({ id: 'b2' }), makeBooking({ id: 'b3' })]));
    renderRoute(paths.dashboard, { as: 'user' });
    expect(
      await screen.findByRole('link', { name: 'All bookings (2 more upcoming)' }),
    ).toBeVisible();
  });

  it('says so when the next consultation does not load, and loads it on a retry', async () => {
    server.use(
      http.get(
        apiPath('/bookings/upcoming'),
        () => problem(500, { title: 'Internal Server Error', detail: SERVER_ERROR_DETAIL }),
        { once: true },
      ),
      upcoming([]),
    );
    const { user } = renderRoute(paths.dashboard, { as: 'user' });
    await expectLoadError('your bookings');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No upcoming consultations.')).toBeVisible();
  });

  it('asks an unconfirmed client to confirm their address', async () => {
    server.use(
      http.get(apiPath('/user'), () =>
        answer<User>({ ...clientUser, emailVerified: false, emailVerifiedAt: null }),
      ),
    );
    renderRoute(paths.dashboard, { as: 'user' });
    expect(await screen.findByText('Confirm your e-mail address')).toBeVisible();
    expect(screen.getByText('E-mail address not confirmed yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend verification' })).toBeEnabled();
  });

  it('makes a calendar address, shows it once and keeps the card on', async () => {
    const made: CalendarFeedView = {
      active: true,
      createdAt: '2026-11-20T09:00:00.000Z',
      url: 'https://consultant.example.test/api/calendar/secret-token.ics',
    };
    server.use(
      http.post(apiPath('/user/calendar-feed/rotate'), () => answer<CalendarFeedView>(made)),
    );
    const { user } = renderRoute(paths.dashboard, { as: 'user' });
    expect(await screen.findByText('No calendar address yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Make a calendar address' }));
    expect(await screen.findByDisplayValue(made.url!)).toBeInTheDocument();
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.created)).toBeVisible();
  });

  it('says so when the calendar address does not load', async () => {
    server.use(failing('/user/calendar-feed'));
    renderRoute(paths.dashboard, { as: 'user' });
    await expectLoadError('your calendar address');
  });
});

describe('/dash/bookings', () => {
  it('shows skeletons while the bookings load', async () => {
    server.use(pending('/bookings/upcoming'), pending('/bookings/past'));
    renderRoute(paths.bookings, { as: 'user' });
    await expectLoading('Loading your upcoming bookings');
    expect(screen.getByRole('status', { name: 'Loading your past bookings' })).toBeVisible();
  });

  it('says so when the upcoming bookings do not load', async () => {
    server.use(failing('/bookings/upcoming'));
    renderRoute(paths.bookings, { as: 'user' });
    await expectLoadError('your bookings');
  });

  it('says so when the past bookings do not load', async () => {
    server.use(failing('/bookings/past'));
    renderRoute(paths.bookings, { as: 'user' });
    await expectLoadError('your past bookings');
  });

  it('says when there is nothing upcoming and nothing past', async () => {
    server.use(upcoming([]));
    renderRoute(paths.bookings, { as: 'user' });
    await findPageHeading('Bookings');
    expect(await screen.findByText('No upcoming consultations.')).toBeVisible();
    expect(
      await screen.findByText(
        'Nothing here yet. Finished, cancelled and missed consultations are listed here.',
      ),
    ).toBeVisible();
  });

  it('lists an upcoming booking with its reference, state and actions', async () => {
    renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    expect(within(card).getByText(makeBooking().reference)).toBeVisible();
    expect(within(card).getByText(BOOKING_STATE_LABELS.confirmed)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
  });

  it('disables the changes past the cutoff and says why', async () => {
    const reason = 'Changes close 24 hours before the start.';
    server.use(
      upcoming([
        makeBooking({
          clientChange: { allowed: false, cutoffAt: '2030-01-13T10:00:00.000Z', reason },
        }),
      ]),
    );
    renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    expect(within(card).getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(within(card).getByText(new RegExp(reason))).toBeVisible();
  });

  it('shows how to pay a manual payment still due, with the reference', async () => {
    server.use(
      upcoming([
        makeBooking({
          paymentDue: true,
          priceMinor: 12000,
          paymentInstructions: '',
          amountDueMinor: 12000,
        }),
      ]),
    );
    renderRoute(paths.bookings, { as: 'user' });
    expect(
      await screen.findByRole('heading', { name: `Payment due: ${formatMoney(12000, 'GBP')}` }),
    ).toBeVisible();
    expect(screen.getByText(NO_PAYMENT_INSTRUCTIONS_TEXT)).toBeVisible();
  });

  it('cancels after asking, and reads the upcoming list again', async () => {
    let bookings = [makeBooking()];
    let reason: unknown;
    server.use(
      http.get(apiPath('/bookings/upcoming'), () => answer<UpcomingBookings>({ bookings })),
      http.post(apiPath('/bookings/:id/cancel'), async ({ request }) => {
        reason = ((await request.json()) as { reason: string }).reason;
        const cancelled = { ...bookings[0]!, state: 'cancelled' as const };
        bookings = [];
        return answer<BookingRecord>(cancelled);
      }),
    );
    const { user } = renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    await user.click(within(card).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Travelling');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('No upcoming consultations.')).toBeVisible();
    expect(reason).toBe('Travelling');
  });

  it('says before cancelling what happens to a paid payment', async () => {
    server.use(
      upcoming([
        makeBooking({
          priceMinor: 15000,
          payment: {
            id: 'p1',
            status: 'paid',
            provider: 'manual',
            amountMinor: 15000,
            refundedMinor: 0,
            refundPendingMinor: 0,
            currency: 'GBP',
            receiptNumber: '2026-0007',
            refundOnCancelMinor: 0,
          },
        }),
      ]),
    );
    const { user } = renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    expect(within(card).getByRole('link', { name: 'Receipt 2026-0007' })).toHaveAttribute(
      'href',
      receiptPath('p1'),
    );
    await user.click(within(card).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(
      within(dialog).getByText(
        `No refund: cancelling now gives nothing back of the ${formatMoney(15000, 'GBP')} you paid.`,
      ),
    ).toBeVisible();
  });

  it("keeps the dialog open with the server's words when the cancellation fails", async () => {
    server.use(failing('/bookings/:id/cancel', 'post'));
    const { user } = renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    await user.click(within(card).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByText(SERVER_ERROR_DETAIL)).toBeVisible();
    expect(screen.getByRole('article', { name: makeBooking().service.title })).toBeVisible();
  });

  it('moves a booking to a free time and reads the bookings again', async () => {
    let booking = makeBooking();
    let movedTo: string | undefined;
    let reads = 0;
    server.use(
      http.get(apiPath('/bookings/upcoming'), () => {
        reads += 1;
        return answer<UpcomingBookings>({ bookings: [booking] });
      }),
      http.post(apiPath('/bookings/:id/reschedule'), async ({ request }) => {
        movedTo = ((await request.json()) as { start: string }).start;
        booking = { ...booking, start: movedTo };
        return answer<BookingRecord>(booking);
      }),
    );
    const { user } = renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    await user.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Reschedule ${makeBooking().service.title}`,
    });
    const move = within(dialog).getByRole('button', { name: 'Move to this time' });
    expect(move).toBeDisabled();
    await user.click(await within(dialog).findByRole('button', { name: /, available$/ }));
    const times = await within(dialog).findByRole('region', { name: /^Free times on/ });
    await user.click(within(times).getByRole('button'));
    await user.click(move);
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(movedTo).toMatch(/T10:00:00.000Z$/);
    await waitFor(() => expect(reads).toBe(2));
  });

  it('offers the nearest free times when the new time was just taken', async () => {
    server.use(
      http.post(apiPath('/bookings/:id/reschedule'), () =>
        HttpResponse.json(
          {
            type: SLOT_TAKEN_PROBLEM_TYPE,
            status: 409,
            title: 'Conflict',
            detail: BOOKING_MESSAGES.slotTaken,
            nearestSlots: ['2030-01-15T09:00:00.000Z'],
          } satisfies BookingConflictProblem,
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { user } = renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    await user.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Reschedule ${makeBooking().service.title}`,
    });
    await user.click(await within(dialog).findByRole('button', { name: /, available$/ }));
    const times = await within(dialog).findByRole('region', { name: /^Free times on/ });
    await user.click(within(times).getByRole('button'));
    await user.click(within(dialog).getByRole('button', { name: 'Move to this time' }));
    expect(await within(dialog).findByText(BOOKING_MESSAGES.slotTaken)).toBeVisible();
    expect(within(dialog).getByText('The nearest free times:')).toBeVisible();
  });

  it('pages through the past bookings', async () => {
    const past = (n: number) =>
      makeBooking({
        id: `past-${n}`,
        state: 'completed',
        service: { ...makeBooking().service, title: `Session ${n}` },
      });
    server.use(
      http.get(apiPath('/bookings/past'), ({ request }) => {
        const current = Number(new URL(request.url).searchParams.get('page'));
        return answer<PastBookingsPage>({
          ...page.pastBookings([past(current)]),
          currentPage: current,
          totalPages: 2,
          totalBookings: 2,
        });
      }),
    );
    const { user, router } = renderRoute(paths.bookings, { as: 'user' });
    expect(await screen.findByRole('link', { name: 'Session 1' })).toBeVisible();
    expect(screen.getByText('2 bookings')).toBeVisible();
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('link', { name: 'Session 2' })).toBeVisible();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(router.state.location.search).toBe('?past=2');
  });
});

describe('/dash/payments', () => {
  it('shows a skeleton while the payments load', async () => {
    server.use(pending('/payments'));
    renderRoute(paths.payments, { as: 'user' });
    await expectLoading('Loading your payments');
  });

  it('says so when the payments do not load', async () => {
    server.use(failing('/payments'));
    renderRoute(paths.payments, { as: 'user' });
    await expectLoadError('your payments');
  });

  it('says there are no payments yet', async () => {
    server.use(
      http.get(apiPath('/payments'), () =>
        answer<PaymentsList>({ payments: [], instructions: null }),
      ),
    );
    renderRoute(paths.payments, { as: 'user' });
    expect(await screen.findByText('No payments yet.')).toBeVisible();
  });

  it('lists a paid payment with its amount, status and receipt', async () => {
    renderRoute(paths.payments, { as: 'user' });
    const payment = makePayment();
    expect(await screen.findByRole('heading', { name: payment.service!.title })).toBeVisible();
    expect(screen.getByText(formatMoney(payment.amountMinor, payment.currency))).toBeVisible();
    expect(screen.getByText(PAYMENT_STATUS_LABELS.paid, { selector: 'span' })).toBeVisible();
    expect(screen.getByRole('link', { name: `Receipt ${payment.receiptNumber}` })).toHaveAttribute(
      'href',
      receiptPath(payment.id),
    );
  });

  it("shows the owner's instructions and the reference for a payment due by hand", async () => {
    server.use(
      http.get(apiPath('/payments'), () =>
        answer<PaymentsList>({
          payments: [
            makePayment({ status: 'pending', paidAt: null, paidMethod: null, receiptNumber: null }),
          ],
          instructions: 'Pay to sort code 00-00-00.',
        }),
      ),
    );
    renderRoute(paths.payments, { as: 'user' });
    expect(await screen.findByText('Pay to sort code 00-00-00.')).toBeVisible();
    expect(screen.getByText(paymentReferenceLine(makePayment().bookingReference!))).toBeVisible();
    expect(screen.getByText(PAYMENT_STATUS_LABELS.pending)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument();
  });

  it('says a manual refund is owed', async () => {
    server.use(
      http.get(apiPath('/payments'), () =>
        answer<PaymentsList>({
          payments: [makePayment({ status: 'refunded', refundPendingMinor: 15000 })],
          instructions: null,
        }),
      ),
    );
    renderRoute(paths.payments, { as: 'user' });
    expect(await screen.findByText('Refund owed')).toBeVisible();
  });
});

describe('a cancellation seen on the overview', () => {
  it('offers to book again once the only booking is cancelled there', async () => {
    let bookings = [makeBooking()];
    let reads = 0;
    server.use(
      http.get(apiPath('/bookings/upcoming'), () => {
        reads += 1;
        return answer<UpcomingBookings>({ bookings });
      }),
      http.post(apiPath('/bookings/:id/cancel'), () => {
        bookings = [];
        return answer<BookingRecord>(makeBooking({ state: 'cancelled' }));
      }),
    );
    const { user } = renderRoute(paths.dashboard, { as: 'user' });
    await screen.findByRole('region', { name: 'Your next consultation' });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('No upcoming consultations.')).toBeVisible();
    await waitFor(() => expect(reads).toBe(2));
  });
});
