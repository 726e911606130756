/**
 * The waitlist on screen (issue 25): joining on /consultation, the client's entries and an open
 * offer on /dash, the offer page the mail links, and the owner's list on /admin/bookings.
 */
import { afterEach, describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import {
  paths,
  SESSION_HINT_COOKIE,
  WAITLIST_MESSAGES,
  waitlistOfferPath,
  type AdminWaitlist,
  type CreatedBooking,
  type WaitlistEntries,
  type WaitlistEntry,
  type WaitlistJoinInput,
  type WaitlistOfferView,
} from '@consult/shared';
import { makeBooking, siteService } from '../../testing/mocks/data';
import { answer, apiPath, http, problem } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import { renderRoute, screen, waitFor, within } from '../../testing/test-utils';

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});

/** /consultation of a client whose session the page restores at start. */
function openSignedIn(url: string) {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  return renderRoute(url, { as: 'user' });
}

const entry: WaitlistEntry = {
  id: 'w1000000-0000-4000-8000-000000000001',
  service: siteService.slug,
  serviceTitle: siteService.title,
  latestDate: '2026-04-30',
  weekdays: [1, 4],
  fromTime: '09:00',
  toTime: '12:00',
  timeZone: 'Europe/London',
  state: 'active',
  createdAt: '2026-04-01T10:00:00.000Z',
  endedAt: null,
  openOffer: null,
};

describe('/consultation: joining the waitlist', () => {
  it('asks a visitor to sign in first, and comes back to the form', async () => {
    renderRoute(`${paths.consultation}?service=${siteService.slug}`);
    const section = await screen.findByRole('region', { name: 'No time that suits you?' });
    const link = within(section).getByRole('link', { name: 'Sign in to join the waitlist' });
    expect(link.getAttribute('href')).toContain(`${paths.signIn}?next=`);
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain('#waitlist');
  });

  it('joins with the chosen service, days and hours, and says what happens next', async () => {
    let sent: WaitlistJoinInput | undefined;
    server.use(
      http.post(apiPath('/waitlist'), async ({ request }) => {
        sent = (await request.json()) as WaitlistJoinInput;
        return answer<WaitlistEntry>({ ...entry, latestDate: sent.latestDate }, { status: 201 });
      }),
    );
    openSignedIn(`${paths.consultation}?service=${siteService.slug}`);
    const form = await screen.findByRole('form', { name: 'Join the waitlist' });
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Thursday' }));
    await userEvent.type(within(form).getByLabelText('Starting from (optional)'), '09:00');
    await userEvent.type(within(form).getByLabelText('Ending by (optional)'), '12:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are on the waitlist')).toBeTruthy();
    expect(sent).toMatchObject({
      service: siteService.slug,
      weekdays: [1, 4],
      fromTime: '09:00',
      toTime: '12:00',
    });
    expect(sent?.latestDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('link', { name: 'See your waitlist' })).toHaveAttribute(
      'href',
      paths.dashboard,
    );
  });

  it('shows the server’s refusal by its field, and a full waitlist in plain words', async () => {
    server.use(
      http.post(apiPath('/waitlist'), () =>
        problem(400, {
          title: 'Bad Request',
          detail: WAITLIST_MESSAGES.timeWindowReversed,
          errors: { toTime: [WAITLIST_MESSAGES.timeWindowReversed] },
        }),
      ),
    );
    openSignedIn(`${paths.consultation}?service=${siteService.slug}`);
    const form = await screen.findByRole('form', { name: 'Join the waitlist' });
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(form).findByText(WAITLIST_MESSAGES.timeWindowReversed)).toBeTruthy();

    server.use(
      http.post(apiPath('/waitlist'), () =>
        problem(409, { title: 'Conflict', detail: WAITLIST_MESSAGES.tooManyEntries }),
      ),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Join the waitlist' }));
    expect(await within(form).findByText(WAITLIST_MESSAGES.tooManyEntries)).toBeTruthy();
  });

  it('asks "Hoping for an earlier time?" from a booked session, for days before it', async () => {
    openSignedIn(
      `${paths.consultation}?service=${siteService.slug}&waitlistBefore=2099-05-20#waitlist`,
    );
    const section = await screen.findByRole('region', { name: 'Hoping for an earlier time?' });
    expect(within(section).getByLabelText('Latest date you would accept')).toHaveValue(
      '2099-05-19',
    );
  });
});

describe('/dash waitlist', () => {
  it('lists the entries, shows an open offer with its link, and leaves one', async () => {
    let left = '';
    const offered: WaitlistEntry = {
      ...entry,
      id: 'w2',
      openOffer: {
        id: 'o1',
        token: 'tok-123',
        start: '2026-04-09T09:00:00.000Z',
        end: '2026-04-09T10:00:00.000Z',
        expiresAt: '2026-04-08T10:30:00.000Z',
        state: 'open',
        createdAt: '2026-04-08T10:00:00.000Z',
        decidedAt: null,
      },
    };
    server.use(
      http.get(apiPath('/waitlist'), () => answer<WaitlistEntries>({ entries: [offered, entry] })),
      http.delete(apiPath('/waitlist/:id'), ({ params }) => {
        left = String(params.id);
        return new Response(null, { status: 204 });
      }),
    );
    renderRoute(paths.dashboard, { as: 'user' });
    const list = await screen.findByRole('list', { name: 'Waitlist entries' });
    expect(within(list).getAllByText(/Mondays, Thursdays, 09:00–12:00/)).toHaveLength(2);
    expect(within(list).getByText('A time freed up for you')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'See the offered time' })).toHaveAttribute(
      'href',
      waitlistOfferPath('tok-123'),
    );
    await userEvent.click(
      within(list).getAllByRole('button', {
        name: `Leave the waitlist for ${siteService.title}`,
      })[1]!,
    );
    await waitFor(() => expect(left).toBe(entry.id));
  });

  it('shows nothing while the client waits for nothing', async () => {
    renderRoute(paths.dashboard, { as: 'user' });
    await screen.findByRole('region', { name: 'Package credits' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull());
  });
});

describe('the offer page', () => {
  const view: WaitlistOfferView = {
    offer: {
      service: siteService.slug,
      serviceTitle: siteService.title,
      durationMinutes: 60,
      priceMinor: 0,
      currency: 'USD',
      start: '2099-04-09T09:00:00.000Z',
      end: '2099-04-09T10:00:00.000Z',
      expiresAt: '2099-04-08T10:30:00.000Z',
    },
  };

  it('books the offered time in one click', async () => {
    server.use(
      http.get(apiPath('/waitlist/offers/:token'), () => answer<WaitlistOfferView>(view)),
      http.post(apiPath('/waitlist/offers/:token/accept'), () =>
        answer<CreatedBooking>(
          { ...makeBooking({ start: view.offer.start }), credit: null },
          { status: 201 },
        ),
      ),
    );
    renderRoute(waitlistOfferPath('tok-1'), { as: 'user' });
    expect(await screen.findByRole('heading', { name: 'A time freed up for you' })).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByRole('heading', { name: 'You are booked' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See this booking' })).toBeTruthy();
  });

  it('lets it go to the next person', async () => {
    server.use(
      http.get(apiPath('/waitlist/offers/:token'), () => answer<WaitlistOfferView>(view)),
      http.post(
        apiPath('/waitlist/offers/:token/decline'),
        () => new Response(null, { status: 204 }),
      ),
    );
    renderRoute(waitlistOfferPath('tok-1'), { as: 'user' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'No thanks, offer it to someone else' }),
    );
    expect(await screen.findByRole('heading', { name: 'Offered to the next person' })).toBeTruthy();
  });

  it('says an ended offer has ended, and a lapse while deciding in plain words', async () => {
    server.use(
      http.get(apiPath('/waitlist/offers/:token'), () =>
        problem(404, { title: 'Not Found', detail: WAITLIST_MESSAGES.offerUnknown }),
      ),
    );
    renderRoute(waitlistOfferPath('gone'), { as: 'user' });
    expect(await screen.findByRole('heading', { name: 'This offer has ended' })).toBeTruthy();
  });

  it('keeps the page and says why when the time lapsed meanwhile', async () => {
    server.use(
      http.get(apiPath('/waitlist/offers/:token'), () => answer<WaitlistOfferView>(view)),
      http.post(apiPath('/waitlist/offers/:token/accept'), () =>
        problem(409, { title: 'Conflict', detail: WAITLIST_MESSAGES.offerLapsed }),
      ),
    );
    renderRoute(waitlistOfferPath('tok-1'), { as: 'user' });
    await userEvent.click(await screen.findByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(WAITLIST_MESSAGES.offerLapsed)).toBeTruthy();
  });
});

describe('/admin/bookings waitlist', () => {
  it('lists who waits with the offers made, and removes an entry after asking', async () => {
    let removed = '';
    server.use(
      http.get(apiPath('/admin/waitlist'), () =>
        answer<AdminWaitlist>({
          entries: [
            {
              ...entry,
              client: { id: 'c1', name: 'Ayesha Khan', email: 'ayesha@example.com' },
              offers: [
                {
                  id: 'o1',
                  start: '2026-04-09T09:00:00.000Z',
                  end: '2026-04-09T10:00:00.000Z',
                  expiresAt: '2026-04-08T10:30:00.000Z',
                  state: 'lapsed',
                  createdAt: '2026-04-08T10:00:00.000Z',
                  decidedAt: '2026-04-08T10:31:00.000Z',
                },
              ],
            },
          ],
          counts: { active: 1, offers: 1, accepted: 0, declined: 0, lapsed: 1 },
        }),
      ),
      http.delete(apiPath('/admin/waitlist/:id'), ({ params }) => {
        removed = String(params.id);
        return new Response(null, { status: 204 });
      }),
    );
    renderRoute(paths.admin.bookings, { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Waitlist entries' });
    expect(within(list).getByText(/Ayesha Khan/)).toBeTruthy();
    expect(within(list).getByText(/: lapsed$/)).toBeTruthy();
    expect(screen.getByText(/1 waiting\. Offers made: 1/)).toBeTruthy();
    await userEvent.click(
      within(list).getByRole('button', {
        name: `Remove Ayesha Khan from the waitlist for ${siteService.title}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the waitlist?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toBe(entry.id));
  });

  it('says nobody is waiting', async () => {
    renderRoute(paths.admin.bookings, { as: 'admin' });
    expect(
      await screen.findByText(
        'Nobody is waiting. Clients join from the booking page when no time suits them.',
      ),
    ).toBeTruthy();
  });
});
