/**
 * Secrets of the accounts module: the JWT signing key (JWT_SECRET, or one generated once and kept in
 * DATA_DIR/jwt-secret) and the keys derived from it for the anti-bot challenge.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The generated secret's file in DATA_DIR; a backup carries it (decision 061). */
export const JWT_SECRET_FILE = 'jwt-secret';
const SECRET_FILE = JWT_SECRET_FILE;

export async function loadJwtSecret(options: {
  configured?: string;
  dataDir: string;
}): Promise<string> {
  if (options.configured) return options.configured;
  const dir = resolve(options.dataDir);
  const file = join(dir, SECRET_FILE);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': when two nodes start at once on the same DATA_DIR, the first one's secret wins.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await readFile(file, 'utf8')).trim();
  }
}

/**
 * The DATA_DIR files a backup must carry for the restored site to read its own data: the generated
 * secret, which seals the two-factor secrets and signs the sessions' tokens. None when JWT_SECRET
 * is set (it is then part of the site's environment, kept with it).
 */
export async function secretFilesToBackUp(config: {
  JWT_SECRET?: string;
  DATA_DIR: string;
}): Promise<Record<string, Buffer>> {
  if (config.JWT_SECRET) return {};
  try {
    return { [SECRET_FILE]: await readFile(join(resolve(config.DATA_DIR), SECRET_FILE)) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

/** Puts the generated secret a backup carried back into DATA_DIR, replacing any there. */
export async function restoreSecretFile(dataDir: string, content: Buffer): Promise<string> {
  const dir = resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const file = join(dir, SECRET_FILE);
  await writeFile(file, content, { mode: 0o600 });
  return file;
}

/** A key for one purpose derived from the master secret, so one leak does not expose the others. */
export function deriveSecret(master: string, purpose: string): string {
  return createHmac('sha256', master).update(purpose).digest('hex');
}

/** 32 random bytes, URL-safe: refresh, verification and reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The token a refresh token rotates to: an HMAC of it under `key`, so the server can give the same
 * successor again to whoever shows the old token (decision 050) without storing it. Without the
 * key nobody can compute it from the old token; the database holds only its digest, as for any.
 */
export function successorToken(key: string, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

/** Only this digest of a token is stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
