import type { LookupAddress, lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './fetch-address-policy';
import { CalendarFetchError, fetchCalendar, normalizeCalendarUrl } from './fetch-calendar';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const ETAG = '"v1"';

let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request.headers);
    const path = request.url ?? '/';
    if (path === '/feed.ics') {
      if (request.headers['if-none-match'] === ETAG) return response.writeHead(304).end();
      return response.writeHead(200, { 'content-type': 'text/calendar', etag: ETAG }).end(ICS);
    }
    if (path === '/broken') return response.writeHead(500).end('oops');
    if (path === '/html') return response.writeHead(200).end('<html></html>');
    if (path === '/huge') {
      // 6 MB sent in chunks without a Content-Length, so only counting can stop it.
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'A');
      let sent = 0;
      const pump = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.write('BEGIN:VCALENDAR\r\n');
      return pump();
    }
    if (path === '/silent') return; // never answers
    const hops = /^\/hop\/(\d+)$/.exec(path);
    if (hops) {
      const left = Number(hops[1]);
      const location = left === 0 ? '/feed.ics' : `/hop/${left - 1}`;
      return response.writeHead(302, { location }).end();
    }
    if (path === '/to-metadata') {
      return response
        .writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
        .end();
    }
    if (path === '/to-internal') {
      return response.writeHead(301, { location: 'https://intranet.test/cal.ics' }).end();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The test server is on loopback; this policy lets it count as public, and nothing else private. */
const localAsPublic = {
  allowPrivate: false,
  isAllowedAddress: (address: string) => address === '127.0.0.1' || isPublicAddress(address),
};

/** Lets http through (as the variable does) while keeping an address policy. */
async function read(path: string, options: Parameters<typeof fetchCalendar>[1] = {}) {
  return fetchCalendar(`${base}${path}`, { allowPrivate: true, ...options });
}

async function failure(promise: Promise<unknown>): Promise<CalendarFetchError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CalendarFetchError);
  return error as CalendarFetchError;
}

describe('normalizeCalendarUrl', () => {
  it('reads webcal:// as https:// and refuses other schemes', () => {
    expect(normalizeCalendarUrl('webcal://example.com/a.ics').href).toBe(
      'https://example.com/a.ics',
    );
    expect(() => normalizeCalendarUrl('http://example.com/a.ics')).toThrow(CalendarFetchError);
    expect(normalizeCalendarUrl('http://example.com/a.ics', true).protocol).toBe('http:');
    expect(() => normalizeCalendarUrl('file:///etc/passwd', true)).toThrow(CalendarFetchError);
  });
});

describe('fetchCalendar', () => {
  it('reads a feed, then answers unchanged when the server sees If-None-Match and says 304', async () => {
    const first = await read('/feed.ics');
    expect(first).toMatchObject({ kind: 'fetched', body: ICS, etag: ETAG });
    const second = await read('/feed.ics', { previous: { etag: ETAG } });
    expect(second.kind).toBe('unchanged');
    expect(seen.at(-1)!['if-none-match']).toBe(ETAG);
  });

  it('reports a 500 as a failure with its status', async () => {
    const error = await failure(read('/broken'));
    expect(error.code).toBe('http_status');
    expect(error.status).toBe(500);
  });

  it('reports an answer that is not iCalendar', async () => {
    expect((await failure(read('/html'))).code).toBe('not_icalendar');
  });

  it('stops reading a 6 MB body', async () => {
    expect((await failure(read('/huge'))).code).toBe('too_large');
  });

  it('stops waiting for a server that never answers at the timeout', async () => {
    const started = Date.now();
    expect((await failure(read('/silent', { timeoutMs: 300 }))).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses 127.0.0.1 without CALENDAR_FETCH_ALLOW_PRIVATE and reads it with it', async () => {
    const plain = await failure(fetchCalendar(`${base}/feed.ics`, { allowPrivate: false }));
    expect(plain.code).toBe('refused_scheme');
    const loopback = await failure(fetchCalendar(`${base}/feed.ics`, { allowHttp: true }));
    expect(loopback.code).toBe('refused_address');
    const https = await failure(fetchCalendar('https://127.0.0.1/feed.ics'));
    expect(https.code).toBe('refused_address');
    expect((await read('/feed.ics')).kind).toBe('fetched');
  });

  it('refuses a name that resolves to a private address, before connecting', async () => {
    const resolve = ((
      _hostname: string,
      _options: unknown,
      callback: (...args: unknown[]) => void,
    ) =>
      callback(null, [
        { address: '10.0.0.5', family: 4 },
      ] satisfies LookupAddress[])) as unknown as typeof dnsLookup;
    const error = await failure(fetchCalendar('https://intranet.test/cal.ics', { resolve }));
    expect(error.code).toBe('refused_address');
  });

  it('refuses a redirect to a private address', async () => {
    const toMetadata = await failure(
      fetchCalendar(`${base}/to-metadata`, { ...localAsPublic, allowHttp: true }),
    );
    expect(toMetadata.code).toBe('refused_address');
    const resolve = ((
      _hostname: string,
      _options: unknown,
      callback: (...args: unknown[]) => void,
    ) =>
      callback(null, [
        { address: '192.168.1.20', family: 4 },
      ] satisfies LookupAddress[])) as unknown as typeof dnsLookup;
    const toInternal = await failure(
      fetchCalendar(`${base}/to-internal`, { ...localAsPublic, allowHttp: true, resolve }),
    );
    expect(toInternal.code).toBe('refused_address');
  });

  it('follows 3 redirects and refuses a 4th', async () => {
    expect((await read('/hop/2')).kind).toBe('fetched');
    expect((await failure(read('/hop/3'))).code).toBe('too_many_redirects');
  });
});
