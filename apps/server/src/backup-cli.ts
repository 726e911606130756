/**
 * `npm run backup`: one consistent, compressed backup of the site's whole database (decision 061)
 * into BACKUP_DIR (default DATA_DIR/backups), while the site runs or not. Its last line of output
 * is the file's path.
 */
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { serverPackageRoot } from './db/migrate';
import { connectToSiteDatabase } from './db/site-connection';
import { backupSettings, takeManualBackup } from './modules/system';

const USAGE =
  "Usage: npm run backup  (the site's own environment: DATA_DIR or DATABASE_URL, BACKUP_DIR)";

/** A line of the command's own output (the backup's last one is the file's path). */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function fail(message: string): never {
  console.error(`Backup failed: ${message}`);
  process.exit(1);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    say(USAGE);
    return;
  }
  if (args.length > 0) fail(`unexpected argument "${args[0]}". ${USAGE}`);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const settings = backupSettings(config, join(serverPackageRoot(), 'drizzle'));
  const started = performance.now();
  const connection = await connectToSiteDatabase(config, 'backup').catch((err: Error) =>
    fail(err.message),
  );
  try {
    const written = await takeManualBackup(connection.client, settings);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(
      `Backed up ${connection.description}: ${written.rows} rows of ${written.tables} tables, ${megabytes(written.sizeBytes)}, in ${seconds} s.`,
    );
    say(written.path);
  } catch (err) {
    await connection.close().catch(() => {});
    fail(err instanceof Error ? err.message : String(err));
  }
  await connection.close();
}

void main();
