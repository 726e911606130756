import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.APP_URL).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('reads CALENDAR_FETCH_ALLOW_PRIVATE as true or false, off by default', () => {
    expect(loadConfig({}).CALENDAR_FETCH_ALLOW_PRIVATE).toBe(false);
    expect(loadConfig({ CALENDAR_FETCH_ALLOW_PRIVATE: 'true' }).CALENDAR_FETCH_ALLOW_PRIVATE).toBe(
      true,
    );
    expect(errorOf({ CALENDAR_FETCH_ALLOW_PRIVATE: 'yes' }).variable).toBe(
      'CALENDAR_FETCH_ALLOW_PRIVATE',
    );
  });

  it('reads CALENDAR_REFRESH_MINUTES as whole minutes from 1 to a day, 5 by default', () => {
    expect(loadConfig({}).CALENDAR_REFRESH_MINUTES).toBe(5);
    expect(loadConfig({ CALENDAR_REFRESH_MINUTES: '15' }).CALENDAR_REFRESH_MINUTES).toBe(15);
    for (const wrong of ['0', '1.5', '1441', 'often']) {
      expect(errorOf({ CALENDAR_REFRESH_MINUTES: wrong }).variable).toBe(
        'CALENDAR_REFRESH_MINUTES',
      );
    }
  });

  it('names the variable when PORT is not a number', () => {
    const error = errorOf({ PORT: 'abc' });
    expect(error.variable).toBe('PORT');
    expect(error.message).toMatch(/^Invalid configuration: PORT .*"abc"/);
  });

  it('refuses a malformed DATABASE_URL without echoing it', () => {
    const error = errorOf({ DATABASE_URL: 'mysql://secret@host/db' });
    expect(error.variable).toBe('DATABASE_URL');
    expect(error.message).not.toContain('secret');
  });

  it('reads TRUST_PROXY in each of Fastify forms', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(errorOf({ TRUST_PROXY: 'everyone' }).variable).toBe('TRUST_PROXY');
  });

  it('requires ADMIN_PASSWORD with ADMIN_EMAIL, and a long JWT_SECRET', () => {
    expect(errorOf({ ADMIN_EMAIL: 'owner@example.com' }).variable).toBe('ADMIN_PASSWORD');
    expect(errorOf({ JWT_SECRET: 'short' }).variable).toBe('JWT_SECRET');
    expect(errorOf({ STRIPE_SECRET_KEY: 'sk_test_x' }).variable).toBe('STRIPE_WEBHOOK_SECRET');
  });

  it('drops a trailing slash from APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://example.com/' }).APP_URL).toBe('https://example.com');
  });
});
