import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides mail-link tokens in logged URLs', () => {
    expect(redactUrl('/api/user/resetPassword?token=abc123&x=1')).toBe(
      '/api/user/resetPassword?token=[redacted]&x=1',
    );
    expect(redactUrl('/verifyEmail?a=1&token=zzz')).toBe('/verifyEmail?a=1&token=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
