import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CALENDAR_LIMIT_PROBLEM_TYPE,
  CALENDAR_SOURCE_MESSAGES,
  CALENDAR_SOURCES_MAX,
  calendarRefreshSchema,
  calendarSourcesSchema,
  slotPreviewSchema,
  systemStatusSchema,
  type CalendarRefresh,
} from '@consult/shared';
import { signedInUser } from '../../test/accounts';
import { calendarWith } from '../../test/ical';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditLog } from '../audit/schema';
import { addService, dayAhead, openEveryDay, slotAt } from '../bookings/booking-test-setup';
import { mailOutbox } from '../mail/schema';
import { CALENDAR_FETCH_LIMITS } from './fetch-calendar';
import { calendarBusyRanges, calendarSources } from './schema';

const OWNER_EMAIL = 'owner@example.test';

/** A calendar server of the test's own: what it serves, and what it was asked. */
interface CalendarPeer {
  url(path?: string): string;
  /** `ok`: the calendar with its ETag; `fail`: 500; `huge`: 6 MB; `silent`: never answers. */
  mode: 'ok' | 'fail' | 'huge' | 'silent';
  calendar: string;
  requests: IncomingHttpHeaders[];
  close(): Promise<void>;
}

async function startCalendarPeer(): Promise<CalendarPeer> {
  const silent = new Set<ServerResponse>();
  const peer: CalendarPeer = {
    url: (path = '/personal.ics') => `http://127.0.0.1:${port}${path}`,
    mode: 'ok',
    calendar: calendarWith(),
    requests: [],
    close: async () => {
      for (const response of silent) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request, response) => {
    peer.requests.push(request.headers);
    if (peer.mode === 'silent') {
      silent.add(response);
      return;
    }
    if (peer.mode === 'fail') {
      response.writeHead(500).end('down');
      return;
    }
    if (peer.mode === 'huge') {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.end(`BEGIN:VCALENDAR\r\n${'X'.repeat(6 * 1024 * 1024)}`);
      return;
    }
    const etag = `"${createHash('sha256').update(peer.calendar).digest('hex').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar', etag }).end(peer.calendar);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return peer;
}

describe('the owner’s calendars (busy times in)', () => {
  let t: TestApp;
  let peer: CalendarPeer;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let client: Awaited<ReturnType<typeof signedInUser>>;

  // Three days ahead, 10:00–11:00 UTC: the owner is at the dentist.
  const dentist = { start: slotAt(3, '10:00'), end: slotAt(3, '11:00'), summary: 'Dentist' };

  beforeAll(async () => {
    peer = await startCalendarPeer();
    t = await createTestApp({
      env: { CALENDAR_FETCH_ALLOW_PRIVATE: 'true', OWNER_EMAIL },
      // A read that hangs is cut after 3 s here instead of the ten seconds in use: time enough
      // for the 6 MB answer to reach its size limit first on a busy machine.
      adjustDeps: (deps) => ({
        ...deps,
        calendarReading: { ...deps.calendarReading, timeoutMs: 3_000 },
      }),
    });
    await t.app.ready();
    admin = await signedInUser(t.app, { role: 'admin', name: 'Owner' });
    client = await signedInUser(t.app, { name: 'Ada Lovelace' });
    await openEveryDay(t.app);
    await addService(t.app, { slug: 'strategy' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  beforeEach(async () => {
    peer.mode = 'ok';
    peer.requests = [];
    await t.app.deps.db.delete(calendarSources);
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, payload });

  async function addCalendar(label = 'Personal', url = peer.url()): Promise<CalendarRefresh> {
    const res = await call('POST', '/api/admin/calendars', { label, url });
    expect(res.statusCode, res.body).toBe(201);
    return calendarRefreshSchema.parse(res.json());
  }

  async function refresh(id: string): Promise<CalendarRefresh> {
    const res = await call('POST', `/api/admin/calendars/${id}/refresh`);
    expect(res.statusCode, res.body).toBe(200);
    return calendarRefreshSchema.parse(res.json());
  }

  /** The public slots of day 3 (UTC), as HH:MM, and the answer's text. */
  async function publicSlots(): Promise<{ times: string[]; body: string }> {
    const day = dayAhead(3);
    const res = await t.app.inject({
      url: `/api/availability?service=strategy&from=${day}&to=${day}&timeZone=UTC`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const slots = (res.json().days as { slots: string[] }[]).flatMap((d) => d.slots);
    return { times: slots.map((slot) => slot.slice(11, 16)), body: res.body };
  }

  it('blocks a feed’s times with the buffer, never shows its titles publicly, and explains them to the owner', async () => {
    // Read before the calendar exists: the availability cache holds this answer.
    expect((await publicSlots()).times).toContain('10:00');

    peer.calendar = calendarWith(dentist);
    const added = await addCalendar();
    expect(added.result).toEqual({ status: 'updated', eventsRead: 1, busyRanges: 1, error: null });
    expect(added.calendar).toMatchObject({
      label: 'Personal',
      url: peer.url(),
      options: { blockAllDay: true, blockEverything: false },
      lastError: null,
      busyRanges: 1,
    });
    expect(added.calendar.lastSuccessAt).not.toBeNull();

    // A one-hour slot with the 15-minute buffer must end by 09:45 or start from 11:15.
    const { times, body } = await publicSlots();
    expect(times).toContain('08:45');
    for (const blocked of ['09:00', '09:30', '10:00', '10:45', '11:00']) {
      expect(times).not.toContain(blocked);
    }
    expect(times).toContain('11:15');
    expect(body).not.toContain('Dentist');
    expect(body).not.toContain('Personal');

    // A client cannot book it either, and the refusal names no event.
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: client.headers,
      payload: { service: 'strategy', start: slotAt(3, '10:00') },
    });
    expect(booking.statusCode, booking.body).toBe(409);
    expect(booking.body).not.toContain('Dentist');

    // The owner's preview says why.
    const settings = (await call('GET', '/api/admin/scheduling')).json();
    const preview = await call('POST', '/api/admin/scheduling/preview', {
      settings,
      service: 'strategy',
      date: dayAhead(3),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const why = new Map(
      slotPreviewSchema
        .parse(preview.json())
        .candidates.map((slot) => [slot.start.slice(11, 16), slot.reason?.text ?? 'offered']),
    );
    expect(why.get('08:45')).toBe('offered');
    expect(why.get('09:00')).toBe('buffer next to busy in Personal: Dentist');
    expect(why.get('10:00')).toBe('busy in Personal: Dentist');
    expect(why.get('11:00')).toBe('buffer next to busy in Personal: Dentist');
    expect(why.get('11:15')).toBe('offered');
  });

  it('reads again with If-None-Match and takes a 304 as unchanged; a changed feed moves the block', async () => {
    peer.calendar = calendarWith(dentist);
    const { calendar } = await addCalendar();
    const firstTag = peer.requests.at(-1)!;
    expect(firstTag['if-none-match']).toBeUndefined();

    const again = await refresh(calendar.id);
    expect(peer.requests.at(-1)!['if-none-match']).toMatch(/^"/);
    expect(again.result).toEqual({
      status: 'unchanged',
      eventsRead: 1,
      busyRanges: 1,
      error: null,
    });

    expect((await publicSlots()).times).not.toContain('10:00');
    peer.calendar = calendarWith({
      start: slotAt(3, '14:00'),
      end: slotAt(3, '15:00'),
      summary: 'School run',
    });
    const changed = await refresh(calendar.id);
    expect(changed.result.status).toBe('updated');
    const { times } = await publicSlots();
    expect(times).toContain('10:00');
    expect(times).not.toContain('14:00');
  });

  it('keeps the last good copy when a read fails, and records the error', async () => {
    peer.calendar = calendarWith(dentist);
    const { calendar } = await addCalendar();

    peer.mode = 'fail';
    const failed = await refresh(calendar.id);
    expect(failed.result).toMatchObject({
      status: 'failed',
      busyRanges: 1,
      error: { code: 'http_status' },
    });
    expect(failed.calendar.lastError?.code).toBe('http_status');
    expect(failed.calendar.lastSuccessAt).toBe(calendar.lastSuccessAt);
    expect(failed.calendar.failingSince).not.toBeNull();
    expect((await publicSlots()).times).not.toContain('10:00');

    peer.mode = 'ok';
    const recovered = await refresh(calendar.id);
    expect(recovered.calendar).toMatchObject({ lastError: null, failingSince: null });
  });

  it('stops a 6 MB answer and a server that never answers', async () => {
    const { calendar } = await addCalendar();
    peer.mode = 'huge';
    expect((await refresh(calendar.id)).result.error?.code).toBe('too_large');
    peer.mode = 'silent';
    const started = Date.now();
    expect((await refresh(calendar.id)).result.error?.code).toBe('timeout');
    // The app's 3 s deadline, not the production 10 s.
    expect(Date.now() - started).toBeLessThan(CALENDAR_FETCH_LIMITS.timeoutMs);
  });

  it(`refuses a calendar past ${CALENDAR_SOURCES_MAX}, and takes webcal:// addresses`, async () => {
    await addCalendar('webcal', peer.url().replace('http://', 'webcal://'));
    for (let index = 1; index < CALENDAR_SOURCES_MAX; index += 1) await addCalendar(`C${index}`);
    const sixth = await call('POST', '/api/admin/calendars', { label: 'Sixth', url: peer.url() });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({
      type: CALENDAR_LIMIT_PROBLEM_TYPE,
      detail: CALENDAR_SOURCE_MESSAGES.tooMany,
    });
    const list = calendarSourcesSchema.parse((await call('GET', '/api/admin/calendars')).json());
    expect(list.calendars).toHaveLength(CALENDAR_SOURCES_MAX);
    expect(list.calendars[0]!.url).toMatch(/^webcal:\/\//);
  });

  it('validates with the shared messages, and is for admins only', async () => {
    const bad = await call('POST', '/api/admin/calendars', { label: ' ', url: 'ftp://x.test/a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      label: [CALENDAR_SOURCE_MESSAGES.labelRequired],
      url: [CALENDAR_SOURCE_MESSAGES.urlScheme],
    });
    for (const [method, url] of [
      ['GET', '/api/admin/calendars'],
      ['POST', '/api/admin/calendars'],
      ['PATCH', '/api/admin/calendars/x'],
      ['DELETE', '/api/admin/calendars/x'],
      ['POST', '/api/admin/calendars/x/refresh'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: client.headers, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('DELETE', '/api/admin/calendars/not-a-uuid')).statusCode).toBe(404);
  });

  it('changes and removes a calendar, each change in the audit log without the address', async () => {
    peer.calendar = calendarWith(dentist);
    const { calendar } = await addCalendar();
    const renamed = await call('PATCH', `/api/admin/calendars/${calendar.id}`, {
      label: 'Family',
      options: { blockEverything: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      label: 'Family',
      options: { blockAllDay: true, blockEverything: true },
    });

    expect((await call('DELETE', `/api/admin/calendars/${calendar.id}`)).statusCode).toBe(204);
    expect((await publicSlots()).times).toContain('10:00');
    expect((await call('POST', `/api/admin/calendars/${calendar.id}/refresh`)).statusCode).toBe(
      404,
    );

    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, calendar.id))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'calendar.add',
      'calendar.update',
      'calendar.remove',
    ]);
    expect(entries[1]!.details).toEqual({
      before: { label: 'Personal', blockEverything: false },
      after: { label: 'Family', blockEverything: true },
    });
    expect(JSON.stringify(entries)).not.toContain('personal.ics');
    expect(entries[0]!.details).toMatchObject({ after: { host: expect.stringMatching(/^127/) } });
  });

  it('reads calendars whose turn has come on the schedule', async () => {
    peer.calendar = calendarWith(dentist);
    const { calendar } = await addCalendar();
    const reads = peer.requests.length;
    await t.app.deps.system.jobs.runNow('calendar-refresh');
    expect(peer.requests.length).toBe(reads);
    await t.app.deps.db
      .update(calendarSources)
      .set({ nextRefreshAt: new Date(Date.now() - 1000) })
      .where(eq(calendarSources.id, calendar.id));
    await t.app.deps.system.jobs.runNow('calendar-refresh');
    expect(peer.requests.length).toBe(reads + 1);
    const [row] = await t.app.deps.db
      .select()
      .from(calendarSources)
      .where(eq(calendarSources.id, calendar.id));
    // The next turn is 5 minutes on, ±10 %.
    const next = row!.nextRefreshAt.getTime() - Date.now();
    expect(next).toBeGreaterThan(4.4 * 60_000);
    expect(next).toBeLessThan(5.6 * 60_000);
  });

  it('after a day of failures warns on the system status and mails the owner once per run of failures', async () => {
    peer.calendar = calendarWith(dentist);
    const { calendar } = await addCalendar();
    const failingMails = async () =>
      (await t.app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, OWNER_EMAIL))).filter(
        (mail) => mail.subject.includes('cannot be read'),
      );
    const failFor = async (hours: number) => {
      await t.app.deps.db
        .update(calendarSources)
        .set({ failingSince: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(calendarSources.id, calendar.id));
      return refresh(calendar.id);
    };
    const failing = async () =>
      systemStatusSchema.parse((await call('GET', '/api/admin/system')).json()).calendars.failing;

    peer.mode = 'fail';
    await refresh(calendar.id);
    await failFor(23);
    expect(await failing()).toEqual([]);
    expect(await failingMails()).toHaveLength(0);

    await failFor(25);
    expect(await failing()).toEqual([
      expect.objectContaining({ id: calendar.id, label: 'Personal', lastError: expect.anything() }),
    ]);
    await failFor(26);
    const mails = await failingMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Personal');
    expect(mails[0]!.text).toContain('/admin/config?tab=calendars');

    // Read again, then failing for a day again: one more mail.
    peer.mode = 'ok';
    await refresh(calendar.id);
    expect(await failing()).toEqual([]);
    peer.mode = 'fail';
    await refresh(calendar.id);
    await failFor(25);
    expect(await failingMails()).toHaveLength(2);
  });

  it('replaces a calendar’s ranges only when they change', async () => {
    peer.calendar = calendarWith(dentist);
    const { calendar } = await addCalendar();
    const idsOf = async () =>
      (
        await t.app.deps.db
          .select({ id: calendarBusyRanges.id })
          .from(calendarBusyRanges)
          .where(eq(calendarBusyRanges.sourceId, calendar.id))
      ).map((row) => row.id);
    const before = await idsOf();
    // A new text whose only new event lies beyond the horizon: read and expanded, the same ranges.
    peer.calendar = calendarWith(dentist, {
      start: '2099-01-05T10:00:00.000Z',
      end: '2099-01-05T11:00:00.000Z',
      summary: 'Far away',
    });
    expect((await refresh(calendar.id)).result).toEqual({
      status: 'unchanged',
      eventsRead: 2,
      busyRanges: 1,
      error: null,
    });
    expect(await idsOf()).toEqual(before);
  });
});

describe('the owner’s calendars without CALENDAR_FETCH_ALLOW_PRIVATE', () => {
  let t: TestApp;
  let peer: CalendarPeer;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    peer = await startCalendarPeer();
    t = await createTestApp();
    admin = await signedInUser(t.app, { role: 'admin' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('refuses http and a private address, and never reads a name that resolves to one', async () => {
    const post = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/calendars',
        headers: admin.headers,
        payload: { label: 'Local', url },
      });
    const http = await post(peer.url());
    expect(http.statusCode).toBe(400);
    expect(http.json().errors).toEqual({ url: [CALENDAR_SOURCE_MESSAGES.urlScheme] });

    const literal = await post(peer.url().replace('http://', 'https://'));
    expect(literal.statusCode).toBe(400);
    expect(literal.json().errors).toEqual({ url: [CALENDAR_SOURCE_MESSAGES.urlAddress] });

    const named = await post(peer.url().replace('http://127.0.0.1', 'https://localhost'));
    expect(named.statusCode, named.body).toBe(201);
    expect(calendarRefreshSchema.parse(named.json()).result.error?.code).toBe('refused_address');
    expect(peer.requests).toHaveLength(0);
  });
});
