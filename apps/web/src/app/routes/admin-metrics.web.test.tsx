/**
 * /admin/metrics: the figures of a range against the one before, in the loading, error, empty and
 * filled states, and the custom range checked with the shared messages. The charts are drawn by
 * uPlot on a canvas, which the test DOM has not (the browser journey shows them): here uPlot draws
 * nothing, and the tables that carry every bar's value for screen readers are read instead.
 */
import { describe, expect, it, vi } from 'vitest';
import { METRICS_MESSAGES, paths, type Metrics, type MetricsFigures } from '@consult/shared';
import { answer, apiPath, failing, http, pending } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  expectLoadError,
  expectLoading,
  findPageHeading,
  renderRoute,
  screen,
  within,
} from '../../testing/test-utils';

vi.mock('uplot', () => ({
  default: class {
    static paths = { bars: () => () => null };
    width = 0;
    setSize() {}
    destroy() {}
  },
}));

function figures(overrides: Partial<MetricsFigures> = {}): MetricsFigures {
  return {
    range: { from: '2026-10-01', to: '2026-10-30', timeZone: 'Europe/London' },
    bookings: {
      total: 0,
      byState: {
        pending_payment: 0,
        confirmed: 0,
        completed: 0,
        no_show: 0,
        cancelled: 0,
        expired: 0,
      },
    },
    cancellations: { clientEarly: 0, clientLate: 0, owner: 0 },
    revenue: [],
    bookingsMade: 0,
    newClients: 0,
    contactMessages: 0,
    utilisation: null,
    noShowRate: null,
    credits: { sold: 0, used: 0, outstanding: 0 },
    waitlist: { rebookedSessions: 0, rebookedHours: 0 },
    ...overrides,
  };
}

/** The answer for the range asked, so the screen shows it as the one it asked for. */
const metricsAnswer = (
  current: Partial<MetricsFigures>,
  series: Metrics['series'] = { bookingsPerWeek: [], revenuePerMonth: [] },
) =>
  http.get(apiPath('/admin/metrics'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    const range = { from: params.get('from')!, to: params.get('to')!, timeZone: 'Europe/London' };
    return answer<Metrics>({ ...figures({ ...current, range }), series, previous: figures() });
  });

describe('/admin/metrics', () => {
  it('shows a skeleton while the metrics load', async () => {
    server.use(pending('/admin/metrics'));
    renderRoute(paths.admin.metrics, { as: 'admin' });
    await expectLoading('Loading the metrics');
  });

  it('says so when the metrics do not load', async () => {
    server.use(failing('/admin/metrics'));
    renderRoute(paths.admin.metrics, { as: 'admin' });
    await expectLoadError('the metrics');
  });

  it('says the range is empty with the shared sentence', async () => {
    server.use(metricsAnswer({}));
    renderRoute(paths.admin.metrics, { as: 'admin' });
    expect(await screen.findByText(METRICS_MESSAGES.emptyRange)).toBeVisible();
  });

  it('shows the figures of a range with bookings, and the count of each week', async () => {
    server.use(
      metricsAnswer(
        { bookings: { ...figures().bookings, total: 7 }, newClients: 3 },
        {
          bookingsPerWeek: [
            { weekStart: '2026-09-28', count: 3 },
            { weekStart: '2026-10-05', count: 4 },
          ],
          revenuePerMonth: [],
        },
      ),
    );
    renderRoute(`${paths.admin.metrics}?from=2026-10-01&to=2026-10-30`, { as: 'admin' });
    const total = await screen.findByRole('heading', { name: 'Bookings that start in this range' });
    expect(total.parentElement).toHaveTextContent('7');
    expect(screen.queryByText(METRICS_MESSAGES.emptyRange)).not.toBeInTheDocument();
    const weeks = screen.getByRole('table', { name: 'Bookings per week' });
    expect(within(weeks).getAllByRole('row')).toHaveLength(3);
    expect(within(weeks).getByRole('cell', { name: '4' })).toBeInTheDocument();
  });

  it('checks a custom range with the shared messages before asking for it', async () => {
    server.use(metricsAnswer({}));
    const { user, router } = renderRoute(paths.admin.metrics, { as: 'admin' });
    await findPageHeading('Metrics');
    const custom = screen.getByRole('form', { name: 'Custom range' });
    await user.clear(within(custom).getByLabelText('From'));
    await user.type(within(custom).getByLabelText('From'), '2026-10-30');
    await user.clear(within(custom).getByLabelText('To'));
    await user.type(within(custom).getByLabelText('To'), '2026-10-01');
    await user.click(within(custom).getByRole('button', { name: 'Show range' }));
    expect(await within(custom).findByText(METRICS_MESSAGES.reversed)).toBeVisible();
    expect(router.state.location.search).toBe('');
  });
});
