/** Boots the site: configuration, database and migrations, then the app on PORT; stops gracefully. */
import { join, resolve } from 'node:path';
import { paths } from '@consult/shared';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prettyLogStream } from './logger';
import { openDatabase, type Database } from './db/client';
import { runMigrations, serverPackageRoot } from './db/migrate';
import { importPgliteData, type PgliteImport } from './db/pglite-import';
import { releaseClaimsOfEarlierRun } from './modules/mail';
import { prepareSetupLink } from './modules/system/setup-service';
import { collectGarbageWhenIdle } from './idle-collector';
import { startSummary } from './start-summary';

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let database: Database;
  let imported: PgliteImport | null = null;
  const notices: string[] = [];
  try {
    const dataDir = resolve(config.DATA_DIR);
    database = await openDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL }
        : { dataDir, notice: (message) => notices.push(message) },
    );
    await runMigrations(database);
    if (database.kind === 'embedded') {
      imported = await importPgliteData(dataDir, database);
      const released = await releaseClaimsOfEarlierRun(database.db);
      if (released) {
        notices.push(
          `${released} mail(s) an earlier run had claimed when it stopped are due again`,
        );
      }
    }
  } catch (err) {
    const variable = config.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR';
    const reason = err instanceof Error ? err.message : String(err);
    fail(`Invalid configuration: ${variable}: the database cannot be opened (${reason})`);
  }

  const pretty = config.LOG_FORMAT === 'pretty';
  const app = await buildApp({
    config,
    database,
    loggerStream: pretty ? await prettyLogStream() : undefined,
    webRoot: join(serverPackageRoot(), '..', 'web', 'dist', 'client'),
  });
  collectGarbageWhenIdle(app);

  for (const message of notices) app.log.warn(`Database: ${message}`);
  if (imported) {
    app.log.warn(
      { tables: imported.tables, rows: imported.rows, backup: imported.backup },
      `Database: moved ${imported.rows} row${imported.rows === 1 ? '' : 's'} of ${imported.tables} tables from PGlite into the embedded PostgreSQL; the old folder is kept at ${imported.backup} (delete it once you no longer need it)`,
    );
  }

  let stopping = false;
  // The start's own database work, which a stop that comes meanwhile lets finish before closing.
  let setupLinkMade: Promise<string | null> = Promise.resolve(null);
  void database.stopped?.then((lastLines) => {
    if (stopping) return;
    app.log.fatal({ postgres: lastLines }, 'the embedded PostgreSQL stopped; exiting');
    process.exit(1);
  });
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await setupLinkMade.catch(() => {});
    await app.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Made before the port opens, so that nothing is still reading the database when a stop closes
  // it; a stop during the start lets it finish, and the port is then not opened.
  setupLinkMade = prepareSetupLink(app.deps);
  const setupLink = await setupLinkMade;
  if (stopping) return;
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await app.close();
    fail(`Invalid configuration: PORT: cannot listen on ${config.HOST}:${config.PORT} (${reason})`);
  }

  // The start lines a newcomer needs: where the site is, how to become the owner, where mail goes.
  if (pretty) {
    if (config.LOG_LEVEL !== 'silent')
      process.stdout.write(`\n${startSummary(config, setupLink).join('\n')}\n\n`);
    return;
  }
  if (!config.SMTP_URL) {
    const outbox = new URL(paths.admin.system, config.APP_URL).href;
    app.log.warn(
      `Mail: SMTP_URL is not set, so no mail leaves this server; read it in the outbox at ${outbox} (Outbox tab) or in this log`,
    );
  }
  if (setupLink) {
    app.log.warn(`First run: no admin account yet. Open ${setupLink} to create the owner account`);
  }
}

void main();
