import { describe, expect, it } from 'vitest';
import { SERVICE_SLUG_MAX, serviceSlugSchema, slugFromTitle } from './index';

describe('a service’s address name', () => {
  it.each([
    ['Strategy session', 'strategy-session'],
    ['  Strategy   Session (60 min)  ', 'strategy-session-60-min'],
    ['Café & Crème: Überblick', 'cafe-creme-uberblick'],
    ['1:1 -- intro call!', '1-1-intro-call'],
    ['?!', ''],
  ])('follows the title %j as %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('is always a valid address name, cut at a word within the limit', () => {
    const title = 'A very long title about strategy '.repeat(10);
    const slug = slugFromTitle(title);
    expect(slug.length).toBeLessThanOrEqual(SERVICE_SLUG_MAX);
    expect(slug.endsWith('-')).toBe(false);
    expect(serviceSlugSchema.safeParse(slug).success).toBe(true);
    expect(slugFromTitle('x'.repeat(SERVICE_SLUG_MAX + 5))).toHaveLength(SERVICE_SLUG_MAX);
  });
});
