import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@consult/shared';
import { accessTokenKeys, readAccessToken, signAccessToken, VerifiedTokens } from './access-token';

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256';
const USER = { id: 'u1', email: 'a@example.test', role: 'user' as const };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens verified once', () => {
  it('remembers a valid token and answers it again without verifying', async () => {
    const keys = accessTokenKeys(SECRET, 'http://localhost:3000');
    const token = await signAccessToken(keys, USER, 's1');
    const first = await readAccessToken(keys, token);
    expect(first).toMatchObject({ user: USER, sid: 's1' });
    expect(keys.verified.size).toBe(1);
    // Another key would refuse it: the answer can only come from what was verified before.
    const sameCache = {
      ...keys,
      key: new TextEncoder().encode('another-secret-of-enough-length!!'),
    };
    expect(await readAccessToken(sameCache, token)).toEqual(first);
  });

  it('verifies a token differing in one character afresh, and keeps no refusal', async () => {
    const keys = accessTokenKeys(SECRET, 'http://localhost:3000');
    const token = await signAccessToken(keys, USER, 's1');
    await readAccessToken(keys, token);
    // The signature's first character (its last may carry unused bits).
    const at = token.lastIndexOf('.') + 1;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await readAccessToken(keys, tampered)).toBeNull();
    expect(keys.verified.size).toBe(1);
  });

  it('stops answering a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-02T09:00:00Z') });
    const keys = accessTokenKeys(SECRET, 'http://localhost:3000');
    const token = await signAccessToken(keys, USER, 's1');
    expect(await readAccessToken(keys, token)).not.toBeNull();
    // jose's tolerance of 30 s for clocks that disagree applies to a remembered token too.
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 29) * 1000);
    expect(await readAccessToken(keys, token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 2000);
    expect(await readAccessToken(keys, token)).toBeNull();
    expect(keys.verified.size).toBe(0);
  });

  it('forgets the oldest verified tokens beyond its bound', () => {
    const verified = new VerifiedTokens(2);
    const claims = { user: USER, sid: 's', iat: 0, exp: 4_000_000_000 };
    verified.set('a', claims);
    verified.set('b', claims);
    verified.set('c', claims);
    expect(['a', 'b', 'c'].map((token) => verified.get(token, 1000) !== undefined)).toEqual([
      false,
      true,
      true,
    ]);
  });
});
