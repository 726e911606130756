/**
 * /consultation: the booking flow (a session, a day and a free time, the intake answers and notes,
 * then "Confirm booking") with each answer the server may give, and the contact popup its page
 * opens. Messages are the shared package's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BOOKING_LIMIT_PROBLEM_TYPE,
  BOOKING_MESSAGES,
  BOOKING_NOTES_MAX,
  CONTACT_MESSAGES,
  CONTACT_TEXTS,
  EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
  INTAKE_MESSAGES,
  paths,
  SESSION_HINT_COOKIE,
  SLOT_TAKEN_PROBLEM_TYPE,
  formatMoney,
  consultationPathFor,
  type Availability,
  type BookingConflictProblem,
  type ContactCreated,
  type ContactMessage,
  type CreatedBooking,
  type PublicSite,
  type SiteService,
} from '@consult/shared';
import { clientUser, makeBooking, publicSite, siteService } from '../../testing/mocks/data';
import { accessTokenFor } from '../../testing/mocks/handlers/auth';
import { freeTimeOnLastDay } from '../../testing/mocks/handlers/bookings';
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
import { detectTimeZone } from '../../lib/date-time';

/** The free time offered: 10:00 UTC on the last day of the month asked for. */
const freeTimes = freeTimeOnLastDay;

/** A 409 with the fields the booking flow reads (the nearest free times, the cap reached). */
const conflict = (fields: Omit<BookingConflictProblem, 'status' | 'title'>) =>
  HttpResponse.json(
    { status: 409, title: 'Conflict', ...fields } satisfies BookingConflictProblem,
    {
      status: 409,
      headers: { 'content-type': 'application/problem+json' },
    },
  );

const withServices = (...services: SiteService[]) =>
  http.get(apiPath('/site'), () => answer<PublicSite>({ ...publicSite, services }));

const flowUrl = (slug = siteService.slug) => consultationPathFor(slug);

/** The page of a visitor, or of a client whose session the page restores at start. */
function openFlow(url = flowUrl(), { signedIn = false } = {}) {
  if (signedIn) document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  return renderRoute(url, signedIn ? { as: 'user' } : {});
}

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
  vi.restoreAllMocks();
});

/** Picks the one free day, then its one free time. */
async function pickTheFreeTime(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: /, available$/ }));
  const times = await screen.findByRole('region', { name: /^Free times on/ });
  await user.click(within(times).getByRole('button'));
}

describe('/consultation: choosing', () => {
  it('asks for a session first', async () => {
    openFlow(paths.consultation);
    await findPageHeading('Book a consultation');
    expect(screen.getByText('Choose a session to see its free times.')).toBeVisible();
    expect(screen.getByRole('radio', { name: new RegExp(siteService.title) })).not.toBeChecked();
  });

  it('says so when the site content does not load', async () => {
    server.use(failing('/site'));
    openFlow(paths.consultation);
    expect(await findPageHeading('This page could not be loaded')).toBeVisible();
  });

  it('says the zone was detected from the device only while it is the device zone', async () => {
    const { user } = openFlow();
    const zone = await screen.findByLabelText('Time zone');
    const device = detectTimeZone();
    expect(zone).toHaveValue(device);
    expect(screen.getByText(/^Detected from this device\./)).toBeVisible();
    const other = device === 'Asia/Tokyo' ? 'Europe/Paris' : 'Asia/Tokyo';
    await user.selectOptions(zone, other);
    expect(screen.queryByText(/Detected from this device/)).not.toBeInTheDocument();
    expect(screen.getByText('Every time below is shown in this zone.')).toBeVisible();
  });

  it('shows a skeleton while the free times load', async () => {
    server.use(pending('/availability'));
    openFlow();
    await expectLoading('Loading the free times');
  });

  it('says so when the free times do not load', async () => {
    server.use(failing('/availability'));
    openFlow();
    await expectLoadError('the free times');
  });

  it('says when a month has no free times and offers the next one', async () => {
    server.use(
      http.get(apiPath('/availability'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        return answer<Availability>({
          service: params.get('service')!,
          timeZone: params.get('timeZone')!,
          days: [],
        });
      }),
    );
    openFlow();
    expect(await screen.findByText(/^No free times in /)).toBeVisible();
    expect(screen.getByRole('button', { name: /^Show / })).toBeEnabled();
  });

  it('shows the choice once a time is picked, and keeps confirm off until then', async () => {
    server.use(freeTimes);
    const { user } = openFlow();
    const confirm = await screen.findByRole('button', { name: 'Confirm booking' });
    expect(confirm).toBeDisabled();
    expect(screen.getByText('No time chosen yet: pick a day, then a time.')).toBeVisible();
    await pickTheFreeTime(user);
    expect(
      within(screen.getByRole('region', { name: 'Choose your time' })).getByText('Your choice'),
    ).toBeVisible();
    expect(confirm).toBeEnabled();
  });

  it('asks a visitor to sign in or sign up to confirm, keeping the choice', async () => {
    server.use(freeTimes);
    const { user } = openFlow();
    await pickTheFreeTime(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('One step left: sign in to confirm')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in to confirm' })).toHaveAttribute(
      'href',
      paths.signIn,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      paths.signUp,
    );
  });

  it('books for a client who confirms while the page is still restoring the session', async () => {
    let restore = () => {};
    const restored = new Promise<void>((resolve) => (restore = resolve));
    let booked: string | null = null;
    server.use(
      freeTimes,
      http.all(apiPath('/auth/refresh'), async () => {
        await restored;
        const { id, email } = clientUser;
        return answer({ accessToken: accessTokenFor({ id, email, role: 'user' }) });
      }),
      http.post(apiPath('/bookings'), ({ request }) => {
        booked = request.headers.get('authorization');
        return answer<CreatedBooking>({ ...makeBooking() }, { status: 201 });
      }),
    );
    // Signed in, with this test's refresh: the page restores the session only once it answers.
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const { user } = renderRoute(flowUrl());
    await pickTheFreeTime(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    restore();
    expect(await screen.findByRole('heading', { name: 'You are booked' })).toBeVisible();
    expect(screen.queryByText('One step left: sign in to confirm')).toBeNull();
    expect(booked).toMatch(/^Bearer /);
  });

  it('refuses notes over the limit with the shared message, before sending', async () => {
    let sent = 0;
    server.use(
      freeTimes,
      http.post(apiPath('/bookings'), () => {
        sent += 1;
        return answer<CreatedBooking>({ ...makeBooking() });
      }),
    );
    const { user } = openFlow(flowUrl(), { signedIn: true });
    await pickTheFreeTime(user);
    await user.click(screen.getByLabelText(/Notes for the consultant/));
    await user.paste('x'.repeat(BOOKING_NOTES_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText(BOOKING_MESSAGES.notesTooLong)).toBeVisible();
    expect(sent).toBe(0);
  });

  it("asks a session's required intake question before booking", async () => {
    const withQuestion: SiteService = {
      ...siteService,
      questions: [
        { id: 'goal', kind: 'short_text', label: 'Your goal', required: true, options: [] },
      ],
    };
    server.use(withServices(withQuestion), freeTimes);
    const { user } = openFlow(flowUrl(), { signedIn: true });
    await pickTheFreeTime(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText(INTAKE_MESSAGES.answerRequired('Your goal'))).toBeVisible();
  });
});

describe('/consultation: the answer to "Confirm booking"', () => {
  async function confirmAs(
    answerWith: Parameters<typeof http.post>[1],
    service: SiteService = siteService,
  ) {
    server.use(withServices(service), freeTimes, http.post(apiPath('/bookings'), answerWith));
    const view = openFlow(flowUrl(service.slug), { signedIn: true });
    await pickTheFreeTime(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    return view;
  }

  it('books the chosen time with a key against double booking and says so', async () => {
    let body: unknown;
    let key: string | null = null;
    await confirmAs(async ({ request }) => {
      body = await request.json();
      key = request.headers.get('idempotency-key');
      return answer<CreatedBooking>({ ...makeBooking() }, { status: 201 });
    });
    expect(await screen.findByRole('heading', { name: 'You are booked' })).toBeVisible();
    expect(screen.getByText(makeBooking().reference)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See this booking' })).toBeVisible();
    expect(body).toMatchObject({ service: siteService.slug, notes: '' });
    expect(key).toBeTruthy();
  });

  it('shows how to pay a booking due by hand', async () => {
    const paid: SiteService = { ...siteService, priceMinor: 12000 };
    await confirmAs(
      () =>
        answer<CreatedBooking>(
          {
            ...makeBooking({
              priceMinor: 12000,
              paymentDue: true,
              paymentInstructions: 'Bank transfer to Harbour Ltd.',
              amountDueMinor: 12000,
            }),
          },
          { status: 201 },
        ),
      paid,
    );
    expect(
      await screen.findByRole('heading', { name: `Payment due: ${formatMoney(12000, 'GBP')}` }),
    ).toBeVisible();
    expect(screen.getByText('Bank transfer to Harbour Ltd.')).toBeVisible();
  });

  it('goes to Stripe when the booking is paid by card', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const checkoutUrl = 'https://checkout.stripe.test/c/pay/cs_test_1';
    await confirmAs(() =>
      answer<CreatedBooking>(
        { ...makeBooking({ state: 'pending_payment' }), checkoutUrl },
        { status: 201 },
      ),
    );
    expect(await screen.findByText('Taking you to secure payment…')).toBeVisible();
    expect(screen.getByRole('link', { name: 'continue to payment' })).toHaveAttribute(
      'href',
      checkoutUrl,
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
  });

  it('offers the nearest free times when the time was just taken', async () => {
    const nearest = '2030-01-15T09:00:00.000Z';
    await confirmAs(() =>
      conflict({
        type: SLOT_TAKEN_PROBLEM_TYPE,
        detail: BOOKING_MESSAGES.slotTaken,
        nearestSlots: [nearest],
      }),
    );
    const taken = await screen.findByText(BOOKING_MESSAGES.slotTaken);
    expect(taken).toBeVisible();
    expect(screen.getByText('The nearest free times:')).toBeVisible();
  });

  it('points to the bookings when the client is at a booking cap', async () => {
    await confirmAs(() =>
      conflict({
        type: BOOKING_LIMIT_PROBLEM_TYPE,
        detail: 'You hold 2 bookings waiting for payment.',
        bookingLimit: { kind: 'held', limit: 2 },
      }),
    );
    expect(await screen.findByText('Pay for a booking you hold first')).toBeVisible();
    expect(screen.getByText(/You hold 2 bookings waiting for payment\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your bookings' })).toHaveAttribute(
      'href',
      paths.bookings,
    );
  });

  it('asks an unconfirmed client to confirm their address first', async () => {
    await confirmAs(() =>
      problem(403, {
        type: EMAIL_NOT_VERIFIED_PROBLEM_TYPE,
        title: 'Forbidden',
        detail: BOOKING_MESSAGES.emailNotVerified,
      }),
    );
    expect(await screen.findByText(BOOKING_MESSAGES.emailNotVerified)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'I have confirmed it, book now' })).toBeVisible();
  });

  it('keeps the choice and offers to try again after a server error', async () => {
    await confirmAs(() =>
      problem(500, { title: 'Internal Server Error', detail: SERVER_ERROR_DETAIL }),
    );
    expect(await screen.findByText('The booking did not go through')).toBeVisible();
    expect(screen.getByText(new RegExp(SERVER_ERROR_DETAIL))).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(
      within(screen.getByRole('region', { name: 'Choose your time' })).getByText('Your choice'),
    ).toBeVisible();
  });
});

describe('the contact popup', () => {
  async function openPopup() {
    const view = openFlow(paths.consultation);
    await findPageHeading('Book a consultation');
    await view.user.click(screen.getByRole('button', { name: 'Contact Me' }));
    const dialog = await screen.findByRole('dialog', { name: CONTACT_TEXTS.heading });
    await within(dialog).findByLabelText('Name');
    return { ...view, dialog };
  }

  async function fillIn(user: ReturnType<typeof renderRoute>['user'], dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText('Name'), 'Grace Visitor');
    await user.type(within(dialog).getByLabelText('Phone'), '3001234567');
    await user.type(within(dialog).getByLabelText('E-mail'), 'grace@example.com');
    await user.type(within(dialog).getByLabelText('Message'), 'Could we talk about a workshop?');
  }

  it('names each empty field with the shared messages', async () => {
    const { user, dialog } = await openPopup();
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+92');
    await user.click(within(dialog).getByRole('button', { name: CONTACT_TEXTS.send }));
    expect(await within(dialog).findByText(CONTACT_MESSAGES.nameEmpty)).toBeVisible();
    expect(within(dialog).getByText(CONTACT_MESSAGES.phoneTooShort)).toBeVisible();
    expect(within(dialog).getByText(CONTACT_MESSAGES.emailEmpty)).toBeVisible();
    expect(within(dialog).getByText(CONTACT_MESSAGES.messageEmpty)).toBeVisible();
  });

  it('refuses a short name and message and a malformed address', async () => {
    const { user, dialog } = await openPopup();
    await user.type(within(dialog).getByLabelText('Name'), 'Al');
    await user.type(within(dialog).getByLabelText('E-mail'), 'grace@');
    await user.type(within(dialog).getByLabelText('Message'), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: CONTACT_TEXTS.send }));
    expect(await within(dialog).findByText(CONTACT_MESSAGES.nameTooShort)).toBeVisible();
    expect(within(dialog).getByText(CONTACT_MESSAGES.emailInvalid)).toBeVisible();
    expect(within(dialog).getByText(CONTACT_MESSAGES.messageTooShort)).toBeVisible();
  });

  it('sends the message, says so and closes', async () => {
    let sent: ContactMessage | undefined;
    server.use(
      http.post(apiPath('/contactMe'), async ({ request }) => {
        sent = (await request.json()) as ContactMessage;
        return answer<ContactCreated>(
          { id: 'f1000000-0000-4000-8000-000000000001' },
          { status: 201 },
        );
      }),
    );
    const { user, dialog } = await openPopup();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: CONTACT_TEXTS.send }));
    expect(await screen.findByText(CONTACT_TEXTS.sent)).toBeVisible();
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(sent).toMatchObject({
      name: 'Grace Visitor',
      email: 'grace@example.com',
      type: 'General',
    });
  });

  it('keeps the message and says the server failed', async () => {
    server.use(failing('/contactMe', 'post'));
    const { user, dialog } = await openPopup();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: CONTACT_TEXTS.send }));
    expect(await screen.findByText(CONTACT_TEXTS.serverError)).toBeVisible();
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Could we talk about a workshop?');
  });

  it('says a refused message was the sender’s to fix', async () => {
    server.use(
      http.post(apiPath('/contactMe'), () =>
        problem(400, { title: 'Bad Request', detail: CONTACT_MESSAGES.phoneInvalid }),
      ),
    );
    const { user, dialog } = await openPopup();
    await fillIn(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: CONTACT_TEXTS.send }));
    expect(await screen.findByText(CONTACT_TEXTS.clientError)).toBeVisible();
  });
});
