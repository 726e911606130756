/**
 * /admin/bookings "Book for a client" with "Repeat" (issue 25): a series for the client; the dates
 * the server finds taken are listed and left out when the owner books again.
 */
import { describe, expect, it } from 'vitest';
import {
  paths,
  SERIES_CONFLICT_PROBLEM_TYPE,
  SERIES_MESSAGES,
  type CreatedSeries,
  type SeriesConflictProblem,
} from '@consult/shared';
import { adminService, clientUser, makeBooking } from '../../../testing/mocks/data';
import { answer, apiPath, http, HttpResponse } from '../../../testing/mocks/http';
import { server } from '../../../testing/mocks/server';
import { renderRoute, screen, within } from '../../../testing/test-utils';

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
