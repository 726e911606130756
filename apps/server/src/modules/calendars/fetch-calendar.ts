/**
 * Reads one calendar address, safely: by default https only, to public addresses only. The host
 * name is resolved by our own lookup, every address it gives is checked, and the socket connects to
 * the checked address, so a name cannot change its answer between the check and the connection
 * (DNS rebinding). Each redirect target is checked the same way. One deadline covers the whole
 * read, redirects included; the body stops being read past the size limit.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { isPublicAddress } from './fetch-address-policy';

export const CALENDAR_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
} as const;

export type CalendarFetchErrorCode =
  | 'invalid_url'
  | 'refused_scheme'
  | 'refused_address'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'http_status'
  | 'not_icalendar'
  | 'network';

export class CalendarFetchError extends Error {
  constructor(
    readonly code: CalendarFetchErrorCode,
    message: string,
    /** The HTTP status, for `http_status`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CalendarFetchError';
  }
}

/** Validators of the last good read, sent back as a conditional request. */
export interface CalendarValidators {
  etag?: string | null;
  lastModified?: string | null;
}

export type CalendarFetchResult =
  | { kind: 'unchanged'; url: string }
  | {
      kind: 'fetched';
      url: string;
      body: string;
      etag: string | null;
      lastModified: string | null;
    };

export interface CalendarFetchOptions {
  previous?: CalendarValidators;
  /** CALENDAR_FETCH_ALLOW_PRIVATE: http and non-public addresses are allowed. */
  allowPrivate?: boolean;
  /** For tests: http without allowing private addresses (defaults to `allowPrivate`). */
  allowHttp?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** For tests: which addresses may be connected to when `allowPrivate` is off. */
  isAllowedAddress?: (address: string) => boolean;
  /** For tests: the resolver (defaults to the system's). */
  resolve?: typeof dnsLookup;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The address as it will be read: `webcal://`/`webcals://` become `https://`. Throws
 * CalendarFetchError (`invalid_url`, `refused_scheme`) for anything else than https (or http
 * when CALENDAR_FETCH_ALLOW_PRIVATE allows it). For checking an address when the owner adds it.
 */
export function normalizeCalendarUrl(input: string, allowHttp = false): URL {
  let url: URL;
  try {
    url = new URL(input.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new CalendarFetchError('invalid_url', 'not a valid address');
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new CalendarFetchError(
      'refused_scheme',
      allowHttp ? 'only http and https addresses are read' : 'only https addresses are read',
    );
  }
  if (url.username || url.password) {
    throw new CalendarFetchError(
      'invalid_url',
      'addresses with a user name or password are not read',
    );
  }
  return url;
}

/**
 * An address as the owner gives it, checked as far as it can be before a read: its scheme, and an
 * address literal against the same policy as a connection (a name is checked when it resolves).
 */
export function checkCalendarAddress(input: string, allowPrivate = false): URL {
  const url = normalizeCalendarUrl(input, allowPrivate);
  const hostAddress = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(hostAddress) !== 0 && !isPublicAddress(hostAddress)) {
    throw new CalendarFetchError('refused_address', 'the address is not a public one');
  }
  return url;
}

export async function fetchCalendar(
  address: string,
  options: CalendarFetchOptions = {},
): Promise<CalendarFetchResult> {
  const allowPrivate = options.allowPrivate ?? false;
  const allowHttp = options.allowHttp ?? allowPrivate;
  const allowed = allowPrivate ? () => true : (options.isAllowedAddress ?? isPublicAddress);
  const maxRedirects = options.maxRedirects ?? CALENDAR_FETCH_LIMITS.maxRedirects;
  const timeoutMs = options.timeoutMs ?? CALENDAR_FETCH_LIMITS.timeoutMs;
  const deadline = AbortSignal.timeout(timeoutMs);
  const context: RequestContext = {
    allowed,
    resolve: options.resolve ?? dnsLookup,
    signal: deadline,
    timeoutMs,
    maxBytes: options.maxBytes ?? CALENDAR_FETCH_LIMITS.maxBytes,
    previous: options.previous,
  };

  let url = normalizeCalendarUrl(address, allowHttp);
  for (let redirects = 0; ; redirects += 1) {
    const hostAddress = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(hostAddress) !== 0 && !allowed(hostAddress)) {
      throw new CalendarFetchError('refused_address', 'the address is not a public one');
    }
    const response = await request(url, context);
    if (REDIRECTS.has(response.status) && response.location) {
      response.discard();
      if (redirects >= maxRedirects) {
        throw new CalendarFetchError('too_many_redirects', `more than ${maxRedirects} redirects`);
      }
      let next: URL;
      try {
        next = new URL(response.location, url);
      } catch {
        throw new CalendarFetchError('invalid_url', 'a redirect pointed to an invalid address');
      }
      url = normalizeCalendarUrl(next.href, allowHttp);
      continue;
    }
    if (response.status === 304 && (context.previous?.etag || context.previous?.lastModified)) {
      response.discard();
      return { kind: 'unchanged', url: url.href };
    }
    if (response.status < 200 || response.status > 299) {
      response.discard();
      throw new CalendarFetchError(
        'http_status',
        `the calendar server answered ${response.status}`,
        response.status,
      );
    }
    const body = await readBody(response, context);
    if (!/^\s*BEGIN:VCALENDAR/i.test(body)) {
      throw new CalendarFetchError('not_icalendar', 'the answer is not an iCalendar file');
    }
    return {
      kind: 'fetched',
      url: url.href,
      body,
      etag: response.headers.etag ?? null,
      lastModified: response.headers['last-modified'] ?? null,
    };
  }
}

interface RequestContext {
  allowed: (address: string) => boolean;
  resolve: typeof dnsLookup;
  signal: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
  previous: CalendarValidators | undefined;
}

interface PendingResponse {
  status: number;
  location: string | undefined;
  headers: http.IncomingHttpHeaders & { etag?: string; 'last-modified'?: string };
  message: http.IncomingMessage;
  discard(): void;
}

function failureOf(error: unknown, context: RequestContext): CalendarFetchError {
  if (error instanceof CalendarFetchError) return error;
  if (context.signal.aborted) {
    return new CalendarFetchError(
      'timeout',
      `no complete answer within ${context.timeoutMs / 1000} s`,
    );
  }
  return new CalendarFetchError(
    'network',
    `the calendar server could not be read: ${(error as Error).message}`,
  );
}

/** A resolver that answers only with allowed addresses, and refuses the name if any is not. */
function checkedLookup(context: RequestContext): LookupFunction {
  return (hostname, options, callback) => {
    context.resolve(hostname, { all: true, family: options.family }, (error, found) => {
      if (error) return callback(error, '', 4);
      const addresses = found as LookupAddress[];
      const refused =
        addresses.length === 0 || addresses.some((entry) => !context.allowed(entry.address));
      if (refused) {
        return callback(
          new CalendarFetchError(
            'refused_address',
            `${hostname} resolves to an address that is not a public one`,
          ),
          '',
          4,
        );
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function request(url: URL, context: RequestContext): Promise<PendingResponse> {
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': 'consult-calendar-reader',
  };
  if (context.previous?.etag) headers['if-none-match'] = context.previous.etag;
  if (context.previous?.lastModified) headers['if-modified-since'] = context.previous.lastModified;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'GET',
        headers,
        lookup: checkedLookup(context),
        signal: context.signal,
        agent: false,
      },
      (message) => {
        const location = message.headers.location;
        resolve({
          status: message.statusCode ?? 0,
          location,
          headers: message.headers as PendingResponse['headers'],
          message,
          discard: () => message.destroy(),
        });
      },
    );
    outgoing.on('error', (error) => reject(failureOf(error, context)));
    outgoing.end();
  });
}

async function readBody(response: PendingResponse, context: RequestContext): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > context.maxBytes) {
    response.discard();
    throw tooLarge(context);
  }
  let stream: Readable = response.message;
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip')
    stream = response.message.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.message.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.message.pipe(zlib.createBrotliDecompress());
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // The limit counts decoded bytes, so a compressed bomb stops as early as a plain one.
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > context.maxBytes) {
        response.discard();
        stream.destroy();
        throw tooLarge(context);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw failureOf(error, context);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

function tooLarge(context: RequestContext): CalendarFetchError {
  return new CalendarFetchError(
    'too_large',
    `the calendar is larger than ${Math.round(context.maxBytes / 1024 / 1024)} MB`,
  );
}
