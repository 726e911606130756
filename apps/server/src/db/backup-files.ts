/**
 * Backup files on disk: one gzip-compressed dump per backup, written beside its final name and
 * renamed once complete and on disk, so a file with a backup's name is always whole; the daily
 * ones beyond the number kept are removed (decision 061).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { writeDump, type DumpFacts } from './dump';

/** `daily`: taken by the site's job and pruned to the number kept; `manual`: `npm run backup`, kept. */
export type BackupKind = 'daily' | 'manual';

const NAME = /^consult-(daily|manual)-\d{8}-\d{6}Z\.sql\.gz$/;

/** The file's name: its kind and the instant in UTC, so names sort by age. */
export function backupFileName(kind: BackupKind, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `consult-${kind}-${stamp}Z.sql.gz`;
}

export interface WrittenBackup extends DumpFacts {
  path: string;
  sizeBytes: number;
}

export async function writeBackupFile(
  client: pg.ClientBase,
  options: {
    dir: string;
    kind: BackupKind;
    now: Date;
    migrationsFolder: string;
    files?: Record<string, Buffer>;
    rowsWhere?: Record<string, string>;
  },
): Promise<WrittenBackup> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const path = join(options.dir, backupFileName(options.kind, options.now));
  const partial = `${path}.partial`;
  // The dump holds every client's data and the site's secrets: only the site's user reads it.
  const file = createWriteStream(partial, { mode: 0o600 });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(file);
  try {
    const facts = await writeDump(client, gzip, {
      migrationsFolder: options.migrationsFolder,
      now: options.now,
      files: options.files,
      rowsWhere: options.rowsWhere,
    });
    gzip.end();
    await finished(file);
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, path);
    const { size } = await stat(path);
    return { ...facts, path, sizeBytes: size };
  } catch (err) {
    gzip.destroy();
    file.destroy();
    await rm(partial, { force: true });
    throw err;
  }
}

/** Removes the oldest daily backups in `dir` beyond `keep`; answers the removed names. */
export async function pruneDailyBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir))
    .filter((name) => NAME.test(name) && name.startsWith('consult-daily-'))
    .sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await rm(join(dir, name), { force: true });
  return removed;
}
