/**
 * Password hashing (argon2id, OWASP minimum parameters) and the server's full common-password check.
 * The shared schema refuses the top of the list in the browser; this refuses all 5,000 entries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_MESSAGES } from '@consult/shared';
import { serverPackageRoot } from '../../db/migrate';
import { HttpProblem } from '../../plugins/errors';

// @node-rs/argon2 hashes with argon2id by default. OWASP's minimum is 19 MiB and 2 passes; on
// current machines that takes ~12 ms, so we use 32 MiB and 4 passes: 27–37 ms a hash on a fast
// 2-core machine and about twice that on a slow one, inside the 20–100 ms a sign-in may spend.
const ARGON2_OPTIONS = { memoryCost: 32_768, timeCost: 4, parallelism: 1 } as const;

/** The native hasher (3 MB), loaded by the first sign-in or password set, not at start. */
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so an unknown e-mail answers as slowly as a known one. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const file = join(serverPackageRoot(), 'src', 'modules', 'auth', 'common-passwords.txt');
  const lines = readFileSync(file, 'utf8').split('\n');
  return new Set(lines.map((line) => line.trim()).filter(Boolean));
}

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}

/** Throws the same 400 the shared schema gives when the password is on the full list. */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new HttpProblem(400, AUTH_MESSAGES.passwordTooCommon, {
      errors: { [field]: [AUTH_MESSAGES.passwordTooCommon] },
    });
  }
}
