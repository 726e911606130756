/**
 * How a session reads to its person: the browser and system from the User-Agent header, and the
 * client's address shortened so that it names a network, not a household (decision 044).
 */
import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import { SESSION_MESSAGES } from '@consult/shared';
import type { SessionClient } from './sessions-repository';

/** What is stored of a User-Agent header: enough for any real browser's. */
export const USER_AGENT_MAX_LENGTH = 512;

/** The header as stored: trimmed and cut, or null when the browser sent none. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, USER_AGENT_MAX_LENGTH) : null;
}

/**
 * "Chrome on macOS", "Safari on iPhone", "Firefox on Windows": the browser, then the phone or
 * tablet model when there is one, else the system. Versions are left out: they change with every
 * update and help nobody recognise their device.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return SESSION_MESSAGES.unknownDevice;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || undefined;
  const model = parsed.platform.type === 'desktop' ? undefined : parsed.platform.model;
  const system = model || parsed.os.name || undefined;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return SESSION_MESSAGES.unknownDevice;
}

/** The first `count` groups of an IPv6 address, with `::` expanded and leading zeros dropped. */
function ipv6Groups(address: string, count: number): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.slice(0, count).map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
}

/**
 * An address as it is stored and shown: IPv4 to its /24 ("203.0.113.x"), IPv6 to its /48
 * ("2001:db8:85a3:…"); an IPv4 address carried in IPv6 ("::ffff:203.0.113.7") as IPv4. Null for
 * anything that is not an address.
 */
export function shortenIp(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address.replace(/%.*$/, '');
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.x`;
  if (isIPv6(ip)) return `${ipv6Groups(ip, 3).join(':')}:…`;
  return null;
}

/** Where a request comes from, as a session records it. */
export function sessionClientOf(request: {
  headers: { 'user-agent'?: string | string[] };
  ip: string;
}): SessionClient {
  return { userAgent: storedUserAgent(request.headers['user-agent']), ip: shortenIp(request.ip) };
}
