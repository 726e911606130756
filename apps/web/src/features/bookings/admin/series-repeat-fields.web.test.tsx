/**
 * /admin/bookings "Book for a client" with "Repeat" (issue 25): a series for the client; the dates
 * the server finds taken are listed and left out when the owner books again.
 */
import { describe, expect, it } from 'vitest';
import {
  paths,
  SERIES_CONFLICT_PROBLEM_TYPE,
  SERIES_MESSAGES,
  type AdminBookingsPage,
  type CancelledSeries,
  type CreatedSeries,
  type SeriesConflictProblem,
} from '@consult/shared';
import {
  adminService,
  clientUser,
  makeAdminBooking,
  makeBooking,
  page,
} from '../../../testing/mocks/data';
import { answer, apiPath, http, HttpResponse } from '../../../testing/mocks/http';
import { server } from '../../../testing/mocks/server';
import { renderRoute, screen, waitFor, within } from '../../../testing/test-utils';

const TAKEN = '2031-03-17T10:00:00.000Z';

describe('/admin/bookings: a series for a client', () => {
  it('books the series, leaving out the dates found taken', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(apiPath('/admin/bookings/series'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            {
              type: SERIES_CONFLICT_PROBLEM_TYPE,
              title: 'Conflict',
              status: 409,
              detail: SERIES_MESSAGES.conflict,
              conflicts: [TAKEN],
            } satisfies SeriesConflictProblem,
            { status: 409, headers: { 'content-type': 'application/problem+json' } },
          );
        }
        return answer<CreatedSeries>(
          {
            series: {
              id: 'series-1',
              bookings: [
                makeBooking({ id: 'b1', start: '2031-03-10T10:00:00.000Z', seriesId: 'series-1' }),
                makeBooking({ id: 'b3', start: '2031-03-24T10:00:00.000Z', seriesId: 'series-1' }),
              ],
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderRoute(`${paths.admin.bookings}?book=1`, { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Book for a client' });
    await user.type(within(form).getByLabelText(/^Client: search/), clientUser.name.slice(0, 4));
    const matches = await within(form).findByRole('list', { name: 'Matching clients' });
    await user.click(within(matches).getByRole('button', { name: new RegExp(clientUser.name) }));
    await user.selectOptions(within(form).getByLabelText('Service'), adminService.slug);
    await user.click(within(form).getByRole('radio', { name: 'Any time' }));
    await user.clear(within(form).getByLabelText('Day'));
    await user.type(within(form).getByLabelText('Day'), '2031-03-10');
    await user.type(within(form).getByLabelText('Start time'), '10:00');
    await user.selectOptions(within(form).getByLabelText('Repeat'), 'week');
    await user.selectOptions(within(form).getByLabelText('Sessions'), '3');
    await user.click(within(form).getByRole('button', { name: 'Book' }));

    expect(await within(form).findByText(SERIES_MESSAGES.conflict)).toBeVisible();
    expect(within(form).getByText('Taken dates, left out when you book again')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText(/for 2 sessions from/)).toBeVisible();
    expect(bodies[0]).toMatchObject({ clientId: clientUser.id, every: 'week', count: 3, skip: [] });
    expect(bodies[1]).toMatchObject({ skip: [TAKEN] });
    expect(bodies[0]).not.toHaveProperty('outsideHours');
  });
});

describe('/admin/upcoming: cancelling a session of a series', () => {
  it('cancels the session and the following ones through the series, with the reason', async () => {
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(12, 0, 0, 0);
    const booking = makeAdminBooking({
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      seriesId: 'series-1',
    });
    let asked: unknown;
    server.use(
      http.get(apiPath('/admin/bookings'), () =>
        answer<AdminBookingsPage>(page.bookings([booking])),
      ),
      http.post(apiPath('/admin/bookings/series/:id/cancel'), async ({ request, params }) => {
        asked = { id: params.id, ...((await request.json()) as object) };
        return answer<CancelledSeries>({
          series: { id: 'series-1', bookings: [{ ...booking, state: 'cancelled' }] },
        });
      }),
    );
    const { user } = renderRoute(paths.admin.upcoming, { as: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(
      within(dialog).getByRole('radio', { name: 'Cancel this session and the following ones' }),
    );
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Moving abroad');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(asked).toEqual({ id: 'series-1', from: booking.id, reason: 'Moving abroad' }),
    );
  });
});
