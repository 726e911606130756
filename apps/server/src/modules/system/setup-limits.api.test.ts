import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SETUP_CODE_INVALID_PROBLEM_TYPE, SETUP_DONE_PROBLEM_TYPE } from '@consult/shared';
import { freshIp } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { prepareSetupLink } from './setup-service';

// The hashing library, not our code, is watched: its real hash still runs, each call counted.
const argon2 = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2.hashes += 1;
      return real.hash(...args);
    },
  };
});

const owner = {
  name: 'Nadia Rahman',
  email: 'nadia@example.test',
  password: 'a long owner passphrase',
};

function codeOf(link: string): string {
  return new URL(link).searchParams.get('code') ?? '';
}

describe('first-run setup spends no password hash on an attempt it refuses', () => {
  let t: TestApp;
  let link: string;

  beforeAll(async () => {
    t = await createTestApp();
    link = (await prepareSetupLink(t.app.deps))!;
  });
  afterAll(() => t.close());

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/setup', payload, remoteAddress: freshIp() });

  it('a wrong code is 403, and a site already set up 409, before the password is hashed', async () => {
    let before = argon2.hashes;
    const wrong = await post({ ...owner, code: 'not-the-code' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().type).toBe(SETUP_CODE_INVALID_PROBLEM_TYPE);
    expect(argon2.hashes - before).toBe(0);

    before = argon2.hashes;
    const done = await post({ ...owner, code: codeOf(link) });
    expect(done.statusCode, done.body).toBe(201);
    expect(argon2.hashes - before).toBe(1);

    before = argon2.hashes;
    for (const code of [codeOf(link), 'not-the-code']) {
      const again = await post({ ...owner, email: 'second@example.test', code });
      expect(again.statusCode).toBe(409);
      expect(again.json().type).toBe(SETUP_DONE_PROBLEM_TYPE);
    }
    expect(argon2.hashes - before).toBe(0);
  });
});

describe('first-run setup behind a proxy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    await prepareSetupLink(t.app.deps);
  });
  afterAll(() => t.close());

  it('stops guesses from rotating X-Forwarded-For addresses at the limit across all addresses', async () => {
    const { max } = AUTH_RATE_LIMITS.setupAcrossAddresses;
    expect(max).toBeGreaterThan(AUTH_RATE_LIMITS.setupPerIp.max);
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/setup',
        headers: { 'x-forwarded-for': freshIp() },
        payload: { ...owner, code: `guess-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max)).toEqual(Array.from({ length: max }, () => 403));
    expect(statuses.at(-1)).toBe(429);
  });
});
