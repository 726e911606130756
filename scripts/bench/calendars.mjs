// Calendar benchmarks (issue #22): three of the owner's calendars of 2,000 events each (many of
// them recurring, four zones, one of Outlook's Windows names), served on loopback, read by the
// server; the time each read takes, then availability with their busy times in it.
import { createServer } from 'node:http';
import { generateBenchFeed } from '../../apps/server/src/modules/calendars/ics-bench-feeds.ts';

export const BENCH_CALENDARS = 3;
export const BENCH_EVENTS_PER_CALENDAR = 2_000;

/**
 * Serves the three calendars at /calendar-<n>.ics with an ETag, answering If-None-Match with 304
 * as calendar servers do. Returns their addresses and `close`.
 */
export async function serveBenchCalendars() {
  const origin = new Date();
  const feeds = Array.from({ length: BENCH_CALENDARS }, (_, n) => {
    const body = generateBenchFeed(BENCH_EVENTS_PER_CALENDAR, n + 1, origin);
    return { body, etag: `"bench-${n}-${body.length}"` };
  });
  const server = createServer((request, response) => {
    const n = Number(/^\/calendar-(\d)\.ics$/.exec(request.url ?? '')?.[1] ?? -1);
    const feed = feeds[n];
    if (!feed) return response.writeHead(404).end();
    if (request.headers['if-none-match'] === feed.etag) return response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag: feed.etag });
    response.end(feed.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    urls: feeds.map((_, n) => `http://127.0.0.1:${port}/calendar-${n}.ics`),
    bytes: feeds.reduce((sum, feed) => sum + Buffer.byteLength(feed.body), 0),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function timed(work) {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

async function calendarCall(baseUrl, token, method, path, body) {
  const res = await fetch(`${baseUrl}/api/admin/calendars${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} /api/admin/calendars${path} answered ${res.status}`);
  return res.json();
}

/**
 * Adds the calendars (each is read when added), then refreshes them: a first read, an unchanged
 * one (the 304 path), and their busy ranges. Returns the figures.
 */
export async function addBenchCalendars(baseUrl, token, urls) {
  const added = [];
  for (const [n, url] of urls.entries()) {
    added.push(
      await timed(() =>
        calendarCall(baseUrl, token, 'POST', '', { label: `Bench ${n + 1}`, url, options: {} }),
      ),
    );
  }
  const failed = added.filter(({ result }) => result.result.status === 'failed');
  if (failed.length) {
    throw new Error(`a calendar was not read: ${JSON.stringify(failed[0].result.result.error)}`);
  }
  const again = [];
  for (const { result } of added) {
    again.push(
      await timed(() =>
        calendarCall(baseUrl, token, 'POST', `/${result.calendar.id}/refresh`, undefined),
      ),
    );
  }
  return {
    firstReadMs: added.reduce((sum, { ms }) => sum + ms, 0),
    unchangedReadMs: again.reduce((sum, { ms }) => sum + ms, 0),
    unchanged: again.filter(({ result }) => result.result.status === 'unchanged').length,
    eventsRead: added.reduce((sum, { result }) => sum + (result.result.eventsRead ?? 0), 0),
    busyRanges: added.reduce((sum, { result }) => sum + result.result.busyRanges, 0),
  };
}
