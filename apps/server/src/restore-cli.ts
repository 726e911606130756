/**
 * `npm run restore -- FILE [--force]`: loads a backup of `npm run backup` (or of the daily job)
 * into the site's database, configured as the server is (DATA_DIR or DATABASE_URL). The database
 * must be empty unless --force; the site must be stopped (decision 061).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { serverPackageRoot } from './db/migrate';
import { restoreDump } from './db/restore';
import { connectToSiteDatabase } from './db/site-connection';
import { JWT_SECRET_FILE, restoreSecretFile } from './modules/auth';

const USAGE =
  'Usage: npm run restore -- FILE [--force]  (--force replaces what the database holds; the site must be stopped)';

/** A line of the command's own output (the backup's last one is the file's path). */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string): never {
  console.error(`Restore failed: ${message}`);
  process.exit(1);
}

function parseArgs(args: string[]): { file: string; force: boolean } {
  const files = args.filter((arg) => !arg.startsWith('-'));
  const unknown = args.find((arg) => arg.startsWith('-') && arg !== '--force');
  if (unknown) fail(`unknown option "${unknown}". ${USAGE}`);
  if (files.length !== 1)
    fail(`${files.length ? 'one file at a time' : 'no file given'}. ${USAGE}`);
  // `npm run restore FILE --force` (without --) hands --force to npm, which passes it on as this.
  const force = args.includes('--force') || process.env.npm_config_force === 'true';
  return { file: resolve(files[0]!), force };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    say(USAGE);
    return;
  }
  const { file, force } = parseArgs(args);
  const info = await stat(file).catch(() => null);
  if (!info) fail(`${file} does not exist`);
  if (!info.isFile()) fail(`${file} is not a file`);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const started = performance.now();
  const connection = await connectToSiteDatabase(config, 'restore').catch((err: Error) =>
    fail(err.message),
  );
  let restored;
  try {
    restored = await restoreDump(connection.client, createReadStream(file), {
      force,
      migrationsFolder: join(serverPackageRoot(), 'drizzle'),
    });
  } catch (err) {
    await connection.close().catch(() => {});
    fail(`${err instanceof Error ? err.message : String(err)} (${file})`);
  }
  await connection.close();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(`Restored ${restored.rows} rows into ${connection.description} in ${seconds} s.`);
  const secret = restored.files[JWT_SECRET_FILE];
  if (secret && !config.JWT_SECRET) {
    const path = await restoreSecretFile(config.DATA_DIR, secret);
    say(
      `The site's generated secret is back in ${path} (sessions and two-factor sign-in need it).`,
    );
  } else if (secret) {
    say(
      'JWT_SECRET is set, so the secret the backup carries was not written: sessions and two-factor sign-in work only if JWT_SECRET is the one the backed-up site had.',
    );
  }
  say('Start the site as usual (npm start): it migrates an older backup forward.');
}

void main();
