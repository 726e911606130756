/**
 * /consultation's "Repeat this session" (issue 25): every date of the series with its state, the
 * free ones booked at once, a date taken meanwhile answered without booking anything, and a visitor
 * asked to sign in first. Messages and reasons are the shared package's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  consultationPathFor,
  formatMoney,
  type CouponCheckAnswer,
  type PublicSite,
  type SiteService,
  SERIES_CONFLICT_PROBLEM_TYPE,
  SERIES_MESSAGES,
  SERIES_REASON_TEXT,
  SESSION_HINT_COOKIE,
  type CreatedSeries,
  type SeriesConflictProblem,
  type SeriesPreview,
} from '@consult/shared';
import { makeBooking, publicSite, siteService } from '../../../testing/mocks/data';
import { freeTimeOnLastDay } from '../../../testing/mocks/handlers/bookings';
import { answer, apiPath, http, HttpResponse } from '../../../testing/mocks/http';
import { server } from '../../../testing/mocks/server';
import { formatDateTime, zoneName } from '../../../lib/date-time';
import { renderRoute, screen, within } from '../../../testing/test-utils';

const WEEK = 7 * 86_400_000;

afterEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});

/** The series' dates from the start the preview is asked for, the third one taken. */
function previewOf(start: string, count: number): SeriesPreview {
  return {
    occurrences: Array.from({ length: count }, (_, index) => {
      const at = new Date(Date.parse(start) + index * WEEK).toISOString();
      return index === 2 ? { start: at, free: false, reason: 'booked' } : { start: at, free: true };
    }),
  };
}

async function openWithRepeat({
  signedIn = true,
  service = siteService,
  beforeRepeat = async (_: ReturnType<typeof renderRoute>) => {},
  timeZone = undefined as string | undefined,
} = {}) {
  if (signedIn) document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  const view = renderRoute(consultationPathFor(service.slug), signedIn ? { as: 'user' } : {});
  if (timeZone) await view.user.selectOptions(await screen.findByLabelText('Time zone'), timeZone);
  await view.user.click(await screen.findByRole('button', { name: /, available$/ }));
  const times = await screen.findByRole('region', { name: /^Free times on/ });
  await view.user.click(within(times).getByRole('button'));
  await beforeRepeat(view);
  await view.user.click(await screen.findByRole('checkbox', { name: 'Repeat this session' }));
  return view;
}

describe('/consultation: repeating a session', () => {
  it('shows every date with its state and books the free ones, leaving the taken one out', async () => {
    let booked: Record<string, unknown> | undefined;
    server.use(
      freeTimeOnLastDay,
      http.post(apiPath('/bookings/series/preview'), async ({ request }) => {
        const body = (await request.json()) as { start: string; count: number };
        return answer<SeriesPreview>(previewOf(body.start, body.count));
      }),
      http.post(apiPath('/bookings/series'), async ({ request }) => {
        booked = (await request.json()) as Record<string, unknown>;
        const free = previewOf(booked.start as string, booked.count as number).occurrences.filter(
          (occurrence) => occurrence.free,
        );
        return answer<CreatedSeries>(
          {
            series: {
              id: 'series-1',
              bookings: free.map((occurrence, index) =>
                makeBooking({ id: `b${index}`, start: occurrence.start, seriesId: 'series-1' }),
              ),
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = await openWithRepeat();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
    const dates = await screen.findByRole('list', { name: 'The dates of the series' });
    expect(within(dates).getAllByRole('listitem')).toHaveLength(4);
    expect(within(dates).getByText(SERIES_REASON_TEXT.booked)).toBeVisible();
    expect(within(dates).getAllByText('Free')).toHaveLength(3);

    await user.selectOptions(screen.getByLabelText('How many sessions'), '6');
    expect(await screen.findByRole('button', { name: 'Book 5 sessions' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Every two weeks' }));
    await user.click(await screen.findByRole('button', { name: 'Book 5 sessions' }));
    expect(await screen.findByText('Your 5 sessions are booked')).toBeVisible();
    expect(booked).toMatchObject({ every: '2weeks', count: 6, service: siteService.slug });
    expect(booked!.skip).toHaveLength(1);
  });

  it('says a date was taken meanwhile and shows the dates again, with nothing booked', async () => {
    let previews = 0;
    server.use(
      freeTimeOnLastDay,
      http.post(apiPath('/bookings/series/preview'), async ({ request }) => {
        previews += 1;
        const body = (await request.json()) as { start: string; count: number };
        return answer<SeriesPreview>(previewOf(body.start, body.count));
      }),
      http.post(apiPath('/bookings/series'), () =>
        HttpResponse.json(
          {
            type: SERIES_CONFLICT_PROBLEM_TYPE,
            title: 'Conflict',
            status: 409,
            detail: SERIES_MESSAGES.conflict,
            conflicts: ['2030-01-01T10:00:00.000Z'],
          } satisfies SeriesConflictProblem,
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { user } = await openWithRepeat();
    await user.click(await screen.findByRole('button', { name: 'Book 3 sessions' }));
    expect(await screen.findByText(SERIES_MESSAGES.conflict)).toBeVisible();
    expect(previews).toBe(2);
    expect(screen.queryByText(/sessions are booked/)).not.toBeInTheDocument();
  });

  it('asks for and books the dates in the zone the client picked, and says so', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      freeTimeOnLastDay,
      http.post(apiPath('/bookings/series/preview'), async ({ request }) => {
        const body = (await request.json()) as { start: string; count: number };
        sent.push({ preview: true, ...body });
        return answer<SeriesPreview>(previewOf(body.start, body.count));
      }),
      http.post(apiPath('/bookings/series'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return answer<CreatedSeries>(
          { series: { id: 'series-1', bookings: [makeBooking({ seriesId: 'series-1' })] } },
          { status: 201 },
        );
      }),
    );
    const zone = 'America/Los_Angeles';
    const { user } = await openWithRepeat({ timeZone: zone });
    expect(
      screen.getByText(
        `The same weekday and time in ${zoneName(zone)}, also across a daylight-saving change.`,
      ),
    ).toBeVisible();
    const dates = await screen.findByRole('list', { name: 'The dates of the series' });
    const [first] = previewOf(sent[0]!.start as string, 4).occurrences;
    expect(within(dates).getByText(formatDateTime(first!.start, zone))).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Book 3 sessions' }));
    expect(await screen.findByText('Your session is booked')).toBeVisible();
    expect(sent.map((body) => body.timeZone)).toEqual([zone, zone]);
  });

  it('asks a visitor to sign in to see the dates', async () => {
    server.use(freeTimeOnLastDay);
    await openWithRepeat({ signedIn: false });
    expect(await screen.findByText('Sign in to see which dates are free')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
  it('books the series with the discount code applied in the flow, each session using it', async () => {
    const paid: SiteService = { ...siteService, priceMinor: 12000, currency: 'GBP' };
    let booked: Record<string, unknown> | undefined;
    server.use(
      http.get(apiPath('/site'), () => answer<PublicSite>({ ...publicSite, services: [paid] })),
      freeTimeOnLastDay,
      http.post(apiPath('/coupons/check'), () =>
        answer<CouponCheckAnswer>({
          valid: true,
          discountMinor: 1200,
          totalMinor: 10800,
          currency: 'GBP',
        }),
      ),
      http.post(apiPath('/bookings/series/preview'), async ({ request }) => {
        const body = (await request.json()) as { start: string; count: number };
        return answer<SeriesPreview>(previewOf(body.start, body.count));
      }),
      http.post(apiPath('/bookings/series'), async ({ request }) => {
        booked = (await request.json()) as Record<string, unknown>;
        return answer<CreatedSeries>(
          { series: { id: 'series-1', bookings: [makeBooking({ seriesId: 'series-1' })] } },
          { status: 201 },
        );
      }),
    );
    const { user } = await openWithRepeat({
      service: paid,
      beforeRepeat: async (view) => {
        await view.user.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
        await view.user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'spring10');
        await view.user.click(screen.getByRole('button', { name: 'Apply' }));
        await screen.findByText(new RegExp(`you pay ${formatMoney(10800, 'GBP')}`));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Book 3 sessions' }));
    expect(await screen.findByText('Your session is booked')).toBeVisible();
    expect(booked).toMatchObject({ couponCode: 'SPRING10' });
    expect(booked).not.toHaveProperty('useCredit');
  });
});
