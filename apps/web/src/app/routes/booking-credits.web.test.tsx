/**
 * Paying a booking with a package credit (issue 24): the choice in the booking flow of
 * /consultation with and without a credit, paying as usual, a credit spent meanwhile (409), and the
 * booking lists and the owner's detail naming a booking a credit paid.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminBookingPath,
  consultationPathFor,
  CREDIT_UNAVAILABLE_PROBLEM_TYPE,
  formatMoney,
  formatPrice,
  PAID_BY_CREDIT_TEXT,
  paths,
  SESSION_HINT_COOKIE,
  type AdminBookingDetail,
  type CreatedBooking,
  type Credit,
  type PastBookingsPage,
  type PublicSite,
  type SiteService,
  type UpcomingBookings,
  type UserCredits,
} from '@consult/shared';
import {
  makeAdminBookingDetail,
  makeBooking,
  publicSite,
  siteService,
} from '../../testing/mocks/data';
import { freeTimeOnLastDay } from '../../testing/mocks/handlers/bookings';
import { answer, apiPath, http, problem } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { renderRoute, screen, within } from '../../testing/test-utils';

const paid: SiteService = { ...siteService, priceMinor: 12000, currency: 'GBP' };
const price = formatPrice(paid);

const credit: Credit = {
  purchaseId: 'u1000000-0000-4000-8000-000000000001',
  packageTitle: 'Five strategy sessions',
  services: [paid.slug],
  remaining: 3,
  expiresAt: '2030-06-30T12:00:00.000Z',
};

const credits = (list: Credit[]) =>
  http.get(apiPath('/user/credits'), () =>
    answer<UserCredits>({ credits: list, purchases: [], paymentInstructions: null, uses: [] }),
  );

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});

/** The signed-in client's flow for the paid service, with the one free time picked. */
async function openPaidFlow(bookings: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get(apiPath('/site'), () => answer<PublicSite>({ ...publicSite, services: [paid] })),
    freeTimeOnLastDay,
    http.post(apiPath('/bookings'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return bookings(body);
    }),
  );
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  const view = renderRoute(consultationPathFor(paid.slug), { as: 'user' });
  await view.user.click(await screen.findByRole('button', { name: /, available$/ }));
  const times = await screen.findByRole('region', { name: /^Free times on/ });
  await view.user.click(within(times).getByRole('button'));
  return { ...view, sent };
}

const byCredit = () =>
  answer<CreatedBooking>(
    { ...makeBooking({ priceMinor: 0, paymentDue: false }), payment: null, credit },
    { status: 201 },
  );
const dueByHand = () =>
  answer<CreatedBooking>(
    {
      ...makeBooking({ priceMinor: 12000, paymentDue: true }),
      paymentInstructions: 'Bank transfer to Harbour Ltd.',
      amountDueMinor: 12000,
      credit: null,
    },
    { status: 201 },
  );

describe('/consultation: paying with a package credit', () => {
  it('offers the credit, chosen by default, and says the booking used it and what remains', async () => {
    server.use(credits([credit]));
    const { user, sent } = await openPaidFlow(byCredit);
    const useIt = await screen.findByRole('radio', {
      name: 'Use 1 credit from Five strategy sessions',
      description: '3 left, expires 30 June 2030',
    });
    expect(useIt).toBeChecked();
    expect(screen.getByRole('radio', { name: `Pay as usual (${price})` })).not.toBeChecked();
    expect(screen.getByText(/Paid with 1 package credit, nothing to pay/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { name: 'You are booked' })).toBeVisible();
    expect(sent[0]).toMatchObject({ service: paid.slug, useCredit: true });
    expect(
      screen.getByText(
        'Paid with 1 credit from Five strategy sessions: nothing to pay. 2 credits left in this package.',
      ),
    ).toBeVisible();
  });

  it('changes nothing without a credit: no choice, no useCredit sent', async () => {
    const { user, sent } = await openPaidFlow(dueByHand);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(
      await screen.findByRole('heading', { name: `Payment due: ${formatMoney(12000, 'GBP')}` }),
    ).toBeVisible();
    expect(screen.queryByRole('group', { name: 'How to pay' })).toBeNull();
    expect(sent[0]).not.toHaveProperty('useCredit');
  });

  it('offers no credit of a package that does not cover the service', async () => {
    server.use(credits([{ ...credit, services: ['other-service'] }]));
    const { sent, user } = await openPaidFlow(dueByHand);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await screen.findByRole('heading', { name: 'You are booked' });
    expect(screen.queryByRole('radio', { name: /Use 1 credit/ })).toBeNull();
    expect(sent[0]).not.toHaveProperty('useCredit');
  });

  it('pays as usual when the client chooses to, keeping the credit', async () => {
    server.use(credits([credit]));
    const { user, sent } = await openPaidFlow(dueByHand);
    await user.click(await screen.findByRole('radio', { name: `Pay as usual (${price})` }));
    expect(screen.queryByText(/Paid with 1 package credit/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(
      await screen.findByRole('heading', { name: `Payment due: ${formatMoney(12000, 'GBP')}` }),
    ).toBeVisible();
    expect(sent[0]).toMatchObject({ useCredit: false });
  });

  it('says a credit spent meanwhile is gone, books nothing, and pays as usual on the next confirm', async () => {
    server.use(credits([credit]));
    const { user, sent } = await openPaidFlow((body) =>
      body.useCredit === true
        ? problem(409, {
            title: 'Conflict',
            detail: 'No credit',
            type: CREDIT_UNAVAILABLE_PROBLEM_TYPE,
          })
        : dueByHand(),
    );
    await screen.findByRole('radio', { name: /Use 1 credit/ });
    // Meanwhile spent elsewhere: the list read again after the refusal has none.
    server.use(credits([]));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your package credit is no longer available')).toBeVisible();
    expect(
      within(alert).getByText(new RegExp(`confirm again to pay as usual \\(${price}\\)`)),
    ).toBeVisible();
    expect(screen.queryByRole('radio', { name: /Use 1 credit/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'You are booked' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { name: 'You are booked' })).toBeVisible();
    expect(sent.map((body) => body.useCredit)).toEqual([true, false]);
  });
});

describe('bookings a credit paid, in the lists', () => {
  const paidByCredit = makeBooking({ priceMinor: 0, paymentDue: false, credit });

  it('names the credit on /dash instead of a payment due', async () => {
    server.use(
      http.get(apiPath('/bookings/upcoming'), () =>
        answer<UpcomingBookings>({ bookings: [{ ...paidByCredit, payment: null }] }),
      ),
      http.get(apiPath('/bookings/past'), () =>
        answer<PastBookingsPage>({
          bookings: [{ ...paidByCredit, _id: 'past-1', id: 'past-1', state: 'completed' }],
          currentPage: 1,
          totalPages: 1,
          totalBookings: 1,
        }),
      ),
    );
    renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: paidByCredit.service.title });
    expect(within(card).getByText(`${PAID_BY_CREDIT_TEXT}:`)).toBeVisible();
    expect(within(card).queryByText(/Payment due/)).toBeNull();
    expect(await screen.findByText(new RegExp(`· ${PAID_BY_CREDIT_TEXT}`))).toBeVisible();
  });

  it('names the credit in the owner’s booking detail', async () => {
    const detail: AdminBookingDetail = {
      ...makeAdminBookingDetail({ priceMinor: 0, paymentDue: false }),
      payment: null,
      credit,
    };
    server.use(http.get(apiPath('/admin/bookings/:id'), () => answer(detail)));
    renderRoute(adminBookingPath(detail.id), { as: 'admin' });
    expect(await screen.findByText(PAID_BY_CREDIT_TEXT)).toBeVisible();
    expect(screen.getByText('1 package credit')).toBeVisible();
  });
});
