/**
 * The registration's proof-of-work (ALTCHA v2, self-hosted): the server signs a challenge, the browser
 * spends about a second finding the counter, the server checks the solution and accepts it once.
 */
import { MINUTE_MS } from '@consult/shared';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { redeemChallengeSignature } from './auth-repository';
import { deriveSecret } from './secrets';

export const CHALLENGE_TTL_MS = 10 * MINUTE_MS;

export interface ChallengeDifficulty {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The counter to find lies in this range: the number of attempts a solver makes. */
  counterMin: number;
  counterMax: number;
}

/**
 * About 0.4–1.3 s for one browser thread (measured with WebCrypto PBKDF2 at ~0.9 ms per attempt),
 * less with the solver's workers; verification costs the server a single HMAC.
 */
export const DEFAULT_CHALLENGE_DIFFICULTY: ChallengeDifficulty = {
  cost: 1000,
  counterMin: 400,
  counterMax: 1500,
};

const ALGORITHM = 'PBKDF2/SHA-256';

export interface ChallengeKeys {
  signatureSecret: string;
  keySignatureSecret: string;
}

export function challengeKeys(jwtSecret: string): ChallengeKeys {
  return {
    signatureSecret: deriveSecret(jwtSecret, 'altcha-challenge-signature'),
    keySignatureSecret: deriveSecret(jwtSecret, 'altcha-key-signature'),
  };
}

export function createRegistrationChallenge(
  keys: ChallengeKeys,
  difficulty: ChallengeDifficulty,
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: difficulty.cost,
    counter: randomInt(difficulty.counterMax, difficulty.counterMin),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: keys.signatureSecret,
    hmacKeySignatureSecret: keys.keySignatureSecret,
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number(),
      data: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional(),
    }),
    signature: z.string().min(1),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().regex(/^[0-9a-f]+$/i),
    time: z.number().optional(),
  }),
});

function decodePayload(token: string): z.infer<typeof payloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * True when `token` (base64 of `{ challenge, solution }`) solves a challenge this server signed, not
 * expired and not redeemed before; redeeming it is part of `db`'s transaction.
 */
export async function redeemChallenge(
  db: Db,
  keys: ChallengeKeys,
  token: string,
): Promise<boolean> {
  const payload = decodePayload(token);
  if (!payload) return false;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: keys.signatureSecret,
    hmacKeySignatureSecret: keys.keySignatureSecret,
  }).catch(() => null);
  if (!result?.verified) return false;
  const expiresAt = new Date(payload.challenge.parameters.expiresAt * 1000);
  return redeemChallengeSignature(db, payload.challenge.signature, expiresAt);
}
