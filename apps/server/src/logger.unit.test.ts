import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './logger';

describe('redactUrl', () => {
  it('hides mail-link tokens in logged URLs', () => {
    expect(redactUrl('/api/user/resetPassword?token=abc123&x=1')).toBe(
      '/api/user/resetPassword?token=[redacted]&x=1',
    );
    expect(redactUrl('/verifyEmail?a=1&token=zzz')).toBe('/verifyEmail?a=1&token=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('hides the token of a calendar feed address', () => {
    expect(redactUrl('/api/calendar/AbC-12_xyz.ics?x=1')).toBe('/api/calendar/[redacted].ics?x=1');
  });
});

describe('serializeError', () => {
  it('keeps a failed query’s text and cause but not its values (personal data)', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const params = ['ada@example.test', 'my notes\nsecond line'];
    const error = Object.assign(
      new Error(`Failed query: insert into "users" values ($1, $2)\nparams: ${params.join(',')}`),
      { query: 'insert into "users" values ($1, $2)', params, cause },
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('ada@example.test');
    expect(logged).not.toContain('my notes');
    expect(logged).toContain('insert into');
    expect(logged).toContain('params: [redacted]');
    expect(logged).toContain('duplicate key value');
  });

  it('passes on what is not an error as it is', () => {
    const notAnError = { params: ['x'] } as unknown as Error;
    expect(serializeError(notAnError)).toBe(notAnError);
    expect(notAnError).toEqual({ params: ['x'] });
  });
});
