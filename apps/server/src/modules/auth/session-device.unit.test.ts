import { describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '@consult/shared';
import { describeDevice, sessionClientOf, shortenIp, storedUserAgent } from './session-device';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPad',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
      'Firefox on Linux',
    ],
  ])('reads %s as “%s”', (userAgent, device) => {
    expect(describeDevice(userAgent)).toBe(device);
  });

  it('says the device is unknown when nothing can be read, or nothing was sent', () => {
    expect(describeDevice('curl/8.5.0')).toBe(SESSION_MESSAGES.unknownDevice);
    expect(describeDevice(null)).toBe(SESSION_MESSAGES.unknownDevice);
  });
});

describe('shortenIp', () => {
  it.each([
    ['203.0.113.57', '203.0.113.x'],
    ['127.0.0.1', '127.0.0.x'],
    ['::ffff:198.51.100.7', '198.51.100.x'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:…'],
    ['2001:0DB8:0000:0000::1', '2001:db8:0:…'],
    ['2001:db8::1', '2001:db8:0:…'],
    ['::1', '0:0:0:…'],
    ['fe80::1%eth0', 'fe80:0:0:…'],
  ])('shortens %s to %s', (address, shortened) => {
    expect(shortenIp(address)).toBe(shortened);
  });

  it('keeps nothing of what is not an address', () => {
    expect(shortenIp(undefined)).toBeNull();
    expect(shortenIp('')).toBeNull();
    expect(shortenIp('not-an-ip')).toBeNull();
    expect(shortenIp('203.0.113.999')).toBeNull();
  });
});

describe('what a session records of a request', () => {
  it('keeps the user agent cut to 512 characters and the shortened address', () => {
    const long = `Mozilla/5.0 ${'x'.repeat(600)}`;
    expect(sessionClientOf({ headers: { 'user-agent': long }, ip: '192.0.2.9' })).toEqual({
      userAgent: long.slice(0, 512),
      ip: '192.0.2.x',
    });
    expect(sessionClientOf({ headers: { 'user-agent': '  ' }, ip: 'unknown' })).toEqual({
      userAgent: null,
      ip: null,
    });
    expect(storedUserAgent(['First/1', 'Second/2'])).toBe('First/1');
  });
});
