/** Test data for accounts: users straight in the database, sign-in and the anti-bot token through the API. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { hash } from '@node-rs/argon2';
import { REFRESH_COOKIE } from '@consult/shared';
import { insertUser, type UserRow } from '../modules/users/users-repository';

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * Test accounts are hashed with argon2id at its cheapest (64 KiB, one pass: well under a
 * millisecond instead of the production parameters' ~30–70 ms). The encoded hash carries its
 * parameters, so the app's own verification checks these hashes unchanged; one hash per password
 * is made per test file and reused.
 */
const CHEAP_ARGON2 = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;
const cheapHashes = new Map<string, Promise<string>>();

export function cheapPasswordHash(password: string): Promise<string> {
  let hashed = cheapHashes.get(password);
  if (!hashed) cheapHashes.set(password, (hashed = hash(password, CHEAP_ARGON2)));
  return hashed;
}

let counter = 0;

/** A distinct client address per call, so tests do not share rate-limit budgets unless they mean to. */
export function freshIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export async function createUser(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    name: string;
    password: string;
    role: 'user' | 'admin';
    verified: boolean;
    disabled: boolean;
  }> = {},
): Promise<UserRow & { password: string }> {
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await insertUser(app.deps.db, {
    email: overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.test`,
    name: overrides.name ?? 'Test User',
    passwordHash: await cheapPasswordHash(password),
    role: overrides.role ?? 'user',
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
    disabledAt: overrides.disabled ? new Date() : null,
    timeZone: 'Europe/Berlin',
    dob: '1990-04-23',
  });
  if (!user) throw new Error('createUser: the address is taken');
  return { ...user, password };
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  headers: { authorization: string };
}

export function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  return res.cookies.find((cookie) => cookie.name === name)?.value;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
  if (res.statusCode !== 200) throw new Error(`signIn failed: ${res.statusCode} ${res.body}`);
  const accessToken = (res.json() as { accessToken: string }).accessToken;
  return {
    accessToken,
    refreshToken: cookieValue(res, REFRESH_COOKIE) ?? '',
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

/** A user in the database, signed in. */
export async function signedInUser(
  app: FastifyInstance,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(app, overrides);
  return { user, ...(await signIn(app, user.email, user.password)) };
}

/** Fetches a challenge and solves it as the browser would; returns the register `token`. */
export async function solvedChallengeToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/auth/challenge',
    remoteAddress: freshIp(),
  });
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
