/** /admin/config's Calendars tab: the owner's own calendars whose events block slots (decision 059). */
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_READ_ERROR_MESSAGES,
  CALENDAR_SOURCE_MESSAGES,
  CALENDAR_SOURCES_MAX,
  paths,
  type CalendarFeedView,
  type CalendarRefresh,
  type CalendarSource,
  type CalendarSourceInput,
  type CalendarSources,
  type SetupChecklist,
} from '@consult/shared';
import { answer, apiPath, failing, http, pending } from '../../testing/mocks/http';
import { server } from '../../testing/mocks/server';
import {
  expectLoadError,
  expectLoading,
  renderRoute,
  screen,
  waitFor,
  within,
} from '../../testing/test-utils';

const URL_OF_TAB = `${paths.admin.config}?tab=calendars`;

function makeCalendar(overrides: Partial<CalendarSource> = {}): CalendarSource {
  return {
    id: 'cal-1',
    label: 'Personal',
    url: 'https://p12-caldav.icloud.com/published/2/secret',
    options: { blockAllDay: true, blockEverything: false },
    lastAttemptAt: '2026-03-09T10:00:00.000Z',
    lastSuccessAt: '2026-03-09T10:00:00.000Z',
    lastError: null,
    failingSince: null,
    eventsRead: 12,
    busyRanges: 30,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The tab's other calls: the checklist above the tabs and the feed card. */
const tabHandlers = [
  http.get(apiPath('/admin/setup-checklist'), () => answer<SetupChecklist>({ items: [] })),
  http.get(apiPath('/admin/calendar-feed'), () =>
    answer<CalendarFeedView>({ active: false, createdAt: null, url: null }),
  ),
];

describe('/admin/config Calendars', () => {
  it('shows a skeleton while the calendars load', async () => {
    server.use(...tabHandlers, pending('/admin/calendars'));
    renderRoute(URL_OF_TAB, { as: 'admin' });
    await expectLoading('Loading your calendars');
  });

  it('says so when the calendars do not load', async () => {
    server.use(...tabHandlers, failing('/admin/calendars'));
    renderRoute(URL_OF_TAB, { as: 'admin' });
    await expectLoadError('your calendars');
  });

  it('lists each calendar with its last read and why its last read failed', async () => {
    const failingOne = makeCalendar({
      id: 'cal-2',
      label: 'Work',
      url: 'webcal://outlook.office365.com/owa/calendar/x/reachcalendar.ics',
      lastError: { code: 'http_status', message: 'the calendar server answered 500' },
      failingSince: '2026-03-09T09:00:00.000Z',
    });
    server.use(
      ...tabHandlers,
      http.get(apiPath('/admin/calendars'), () =>
        answer<CalendarSources>({
          calendars: [makeCalendar(), failingOne],
          max: CALENDAR_SOURCES_MAX,
        }),
      ),
    );
    renderRoute(URL_OF_TAB, { as: 'admin' });
    const list = await screen.findByRole('list', { name: 'Your calendars' });
    const [personal, work] = within(list).getAllByRole('listitem');
    expect(within(personal!).getByRole('heading', { name: 'Personal' })).toBeVisible();
    expect(within(personal!).getByText(/12 events, 30 busy times/)).toBeVisible();
    expect(within(work!).getByText(CALENDAR_READ_ERROR_MESSAGES.http_status)).toBeVisible();
    expect(within(work!).getByText(/the calendar server answered 500/)).toBeVisible();
  });

  it('adds a calendar with the shared rules and reloads the list', async () => {
    let calendars: CalendarSource[] = [];
    let sent: CalendarSourceInput | undefined;
    server.use(
      ...tabHandlers,
      http.get(apiPath('/admin/calendars'), () =>
        answer<CalendarSources>({ calendars, max: CALENDAR_SOURCES_MAX }),
      ),
      http.post(apiPath('/admin/calendars'), async ({ request }) => {
        sent = (await request.json()) as CalendarSourceInput;
        const calendar = makeCalendar({ label: sent.label, url: sent.url });
        calendars = [calendar];
        return answer<CalendarRefresh>(
          {
            calendar,
            result: { status: 'updated', eventsRead: 12, busyRanges: 30, error: null },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderRoute(URL_OF_TAB, { as: 'admin' });
    expect(await screen.findByText('No calendars yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add a calendar' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Family');
    await user.type(screen.getByRole('textbox', { name: 'Calendar address' }), 'ftp://x.test/a');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    expect(await screen.findByText(CALENDAR_SOURCE_MESSAGES.urlScheme)).toBeVisible();
    expect(sent).toBeUndefined();

    const address = screen.getByRole('textbox', { name: 'Calendar address' });
    await user.clear(address);
    await user.type(address, 'webcal://calendar.example.com/family.ics');
    await user.click(screen.getByRole('button', { name: 'Add calendar' }));
    await waitFor(() =>
      expect(sent).toEqual({
        label: 'Family',
        url: 'webcal://calendar.example.com/family.ics',
        options: { blockAllDay: true, blockEverything: false },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Family' })).toBeVisible();
  });

  it('offers no new calendar once the maximum is reached', async () => {
    const calendars = Array.from({ length: CALENDAR_SOURCES_MAX }, (_, index) =>
      makeCalendar({ id: `cal-${index}`, label: `Calendar ${index}` }),
    );
    server.use(
      ...tabHandlers,
      http.get(apiPath('/admin/calendars'), () =>
        answer<CalendarSources>({ calendars, max: CALENDAR_SOURCES_MAX }),
      ),
    );
    renderRoute(URL_OF_TAB, { as: 'admin' });
    expect(await screen.findByText(CALENDAR_SOURCE_MESSAGES.tooMany)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a calendar' })).toBeNull();
  });
});
