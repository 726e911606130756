import { describe, expect, it } from 'vitest';
import { isNotModified } from './feed-service';
import { feedTokenHash, newFeedToken } from './feed-tokens';

const answer = { etag: 'W/"abc"', lastModified: new Date('2026-11-27T10:00:00.750Z') };

describe('isNotModified', () => {
  it('matches If-None-Match by weak comparison, in a list or as *', () => {
    expect(isNotModified({ 'if-none-match': 'W/"abc"' }, answer)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"abc"' }, answer)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"x", W/"abc"' }, answer)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, answer)).toBe(true);
    expect(isNotModified({ 'if-none-match': 'W/"abd"' }, answer)).toBe(false);
  });

  it('lets If-None-Match decide over If-Modified-Since', () => {
    const later = 'Fri, 27 Nov 2026 11:00:00 GMT';
    expect(isNotModified({ 'if-none-match': '"old"', 'if-modified-since': later }, answer)).toBe(
      false,
    );
  });

  it('compares If-Modified-Since at whole seconds and ignores a date it cannot read', () => {
    expect(isNotModified({ 'if-modified-since': answer.lastModified.toUTCString() }, answer)).toBe(
      true,
    );
    expect(isNotModified({ 'if-modified-since': 'Fri, 27 Nov 2026 09:59:59 GMT' }, answer)).toBe(
      false,
    );
    expect(isNotModified({ 'if-modified-since': 'yesterday' }, answer)).toBe(false);
    expect(isNotModified({}, answer)).toBe(false);
  });
});

describe('feed tokens', () => {
  it('are 256 bits in the address and looked up by their digest only', () => {
    const { token, tokenHash } = newFeedToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(feedTokenHash(`${token}.ics`)).toBe(tokenHash);
    expect(tokenHash).not.toContain(token);
    expect(feedTokenHash(token)).toBeNull();
    expect(feedTokenHash('../etc.ics')).toBeNull();
  });
});
