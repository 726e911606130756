/**
 * /dash/bookings: a session of a series (issue 25) is cancelled alone or with the following ones;
 * a booking made on its own is not asked.
 */
import { describe, expect, it } from 'vitest';
import {
  paths,
  type BookingRecord,
  type CancelledSeries,
  type UpcomingBookings,
} from '@consult/shared';
import { makeBooking } from '../../../testing/mocks/data';
import { answer, apiPath, http } from '../../../testing/mocks/http';
import { server } from '../../../testing/mocks/server';
import { renderRoute, screen, within } from '../../../testing/test-utils';

describe('/dash/bookings: cancelling a session of a series', () => {
  it('cancels the session and the following ones through the series', async () => {
    let bookings = [makeBooking({ seriesId: 'series-1' })];
    let asked: unknown;
    let single = 0;
    server.use(
      http.get(apiPath('/bookings/upcoming'), () => answer<UpcomingBookings>({ bookings })),
      http.post(apiPath('/bookings/:id/cancel'), () => {
        single += 1;
        return answer<BookingRecord>({ ...bookings[0]!, state: 'cancelled' });
      }),
      http.post(apiPath('/bookings/series/:id/cancel'), async ({ request, params }) => {
        asked = { id: params.id, ...((await request.json()) as object) };
        const cancelled = bookings.map((booking) => ({ ...booking, state: 'cancelled' as const }));
        bookings = [];
        return answer<CancelledSeries>({ series: { id: 'series-1', bookings: cancelled } });
      }),
    );
    const { user } = renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    await user.click(within(card).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByRole('radio', { name: 'Cancel this session only' })).toBeChecked();
    await user.click(
      within(dialog).getByRole('radio', { name: 'Cancel this session and the following ones' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('No upcoming consultations.')).toBeVisible();
    expect(asked).toMatchObject({ id: 'series-1', from: makeBooking().id });
    expect(single).toBe(0);
  });

  it('does not ask about a series for a booking made on its own', async () => {
    server.use(
      http.get(apiPath('/bookings/upcoming'), () =>
        answer<UpcomingBookings>({ bookings: [makeBooking()] }),
      ),
    );
    const { user } = renderRoute(paths.bookings, { as: 'user' });
    const card = await screen.findByRole('article', { name: makeBooking().service.title });
    await user.click(within(card).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).queryByText('This session is part of a series')).not.toBeInTheDocument();
  });
});
