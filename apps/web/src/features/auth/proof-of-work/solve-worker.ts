/// <reference lib="webworker" />
/**
 * Solves the sign-up's proof-of-work challenge off the main thread, so typing stays smooth.
 * Receives the challenge; answers `{ token }` (base64 of `{ challenge, solution }`) or `{ error }`.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/web/sha';
import type { Challenge } from 'altcha-lib/types';

function deriveKeyFor(algorithm: string) {
  if (algorithm.startsWith('PBKDF2/')) return derivePbkdf2;
  if (algorithm.startsWith('SHA-')) return deriveSha;
  return null;
}

/** base64 of UTF-8 JSON (btoa alone only takes Latin-1). */
function toBase64(text: string) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

self.onmessage = async (event: MessageEvent<Challenge>) => {
  const challenge = event.data;
  const deriveKey = deriveKeyFor(challenge.parameters.algorithm);
  if (!deriveKey) {
    self.postMessage({ error: `Unsupported algorithm ${challenge.parameters.algorithm}` });
    return;
  }
  try {
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) self.postMessage({ error: 'No solution within the time limit' });
    else self.postMessage({ token: toBase64(JSON.stringify({ challenge, solution })) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
