import { describe, expect, it } from 'vitest';
import { apiHeaders, isApiUrl, pageHeaders } from './security';

describe('security header sets', () => {
  it('gives pages helmet’s set, with HSTS and upgraded requests only over HTTPS', () => {
    const plain = pageHeaders(false);
    expect(plain['content-security-policy']).toContain("script-src 'self'");
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(plain['x-frame-options']).toBe('DENY');
    expect(plain['strict-transport-security']).toBeUndefined();
    const secure = pageHeaders(true);
    expect(secure['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('gives API answers HSTS too over HTTPS', () => {
    expect(apiHeaders(false)['strict-transport-security']).toBeUndefined();
    expect(apiHeaders(true)['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('tells API addresses from pages that only start alike', () => {
    for (const url of ['/api', '/api/', '/api/health', '/api?x=1'])
      expect(isApiUrl(url), url).toBe(true);
    for (const url of ['/', '/apidocs', '/api-terms', '/dash/api']) {
      expect(isApiUrl(url), url).toBe(false);
    }
  });
});
