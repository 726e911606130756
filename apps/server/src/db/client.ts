/**
 * The database handle: PostgreSQL through a node-postgres pool, on DATABASE_URL's server or on the
 * embedded cluster in DATA_DIR (decision 051); PGlite in memory for tests, and on a folder of the
 * earlier embedded format to move its data out.
 */
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either, so callers can compose them in one transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * An open transaction, as `db.transaction` hands it to its callback. Work that must run inside one
 * takes a `Tx`, so passing the database instead (or nothing) is a type error: PGlite has a single
 * connection, and a query on the database while a transaction is open would wait for it forever.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Channels the migrations' triggers notify (0003: availability_changed after any write of bookings,
 * services or settings; 0021: auth_changed with a user's id after a write that can end their
 * sessions or change their row). Every pooled PostgreSQL connection listens to them, because PostgreSQL
 * hands a session its own notifications before the committing statement returns: a write made
 * through the pool is reported before its caller goes on. PGlite calls its listeners the same way.
 */
export const NOTIFY_CHANNELS = ['availability_changed', 'auth_changed'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export interface ChangeListener {
  /**
   * A transaction that notified the channel committed (this process's or another's), with the
   * notification's payload ('' when it carries none).
   */
  onChange(payload: string): void;
  /** Whether notifications from other connections are being received; false while reconnecting. */
  onListening(listening: boolean): void;
}

/** How long a lost listening connection waits before it reconnects: doubling, up to the maximum. */
const LISTEN_RETRY_MIN_MS = 100;
const LISTEN_RETRY_MAX_MS = 5000;

export interface Database {
  db: Db;
  /** `embedded`: PostgreSQL run by this process on DATA_DIR; `pglite`: in this process's memory. */
  kind: 'pglite' | 'postgres' | 'embedded';
  /**
   * Delivers the channel's notifications to `listener` until the returned function is called.
   * Resolves once the first attempt to listen has succeeded or failed (then retried in the background).
   */
  listen(channel: NotifyChannel, listener: ChangeListener): Promise<() => Promise<void>>;
  /**
   * Runs `work` on a connection of its own, for what the query builder cannot do (a backup's COPY
   * streams, decision 061); PGlite has none to give.
   */
  withClient<T>(work: (client: pg.ClientBase) => Promise<T>): Promise<T>;
  /** Runs `work` on one connection while holding a PostgreSQL advisory lock. */
  withAdvisoryLock<T>(lockId: number, work: (db: Db) => Promise<T>): Promise<T>;
  /** Round-trip time of a trivial query, in milliseconds; throws when the database is unreachable. */
  ping(): Promise<number>;
  /** The embedded cluster's last lines, should it stop while this process still uses it. */
  stopped?: Promise<string>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { url: string }
  | { dataDir: string; notice?: (message: string) => void }
  /** A folder PGlite wrote, as the embedded default did before decision 051. */
  | { pgliteDir: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url, { poolSize: 10, otherNodes: true });
  if ('dataDir' in target) return openEmbedded(target.dataDir, target.notice);
  return openPglite(target.pgliteDir);
}

/**
 * Connections to the embedded cluster: each is a PostgreSQL process of its own (about 3 MB once
 * warm, counted proportionally), and two cores gain nothing from more queries at once.
 */
const EMBEDDED_POOL_SIZE = 4;

async function openEmbedded(
  dataDir: string,
  notice?: (message: string) => void,
): Promise<Database> {
  const cluster = await startEmbeddedPostgres(dataDir, notice);
  try {
    const database = await openPostgres(cluster.url, {
      poolSize: EMBEDDED_POOL_SIZE,
      otherNodes: false,
    });
    return {
      ...database,
      kind: 'embedded',
      stopped: cluster.unexpectedExit,
      async close() {
        await database.close();
        await cluster.stop();
      },
    };
  } catch (err) {
    await cluster.stop();
    throw err;
  }
}

/** How long a successful ping answers for later callers: health checks poll, they must not load the database. */
const PING_REUSE_MS = 1000;

/**
 * Times a trivial query. Concurrent callers share the query in flight, and a success is reused for
 * PING_REUSE_MS, so a flood of health checks costs at most one query a second. A closed database
 * fails at once.
 */
function sharedPing(run: () => Promise<unknown>, isClosed: () => boolean): () => Promise<number> {
  let inFlight: Promise<number> | null = null;
  let last: { at: number; latencyMs: number } | null = null;
  return () => {
    if (isClosed()) return Promise.reject(new Error('database is closed'));
    if (last && performance.now() - last.at < PING_REUSE_MS) return Promise.resolve(last.latencyMs);
    inFlight ??= (async () => {
      const start = performance.now();
      try {
        await run();
        const latencyMs = Math.round((performance.now() - start) * 100) / 100;
        last = { at: performance.now(), latencyMs };
        return latencyMs;
      } catch (err) {
        last = null;
        throw err;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };
}

/** Listeners by channel, fed by every connection of one database that listens. */
class ChannelListeners {
  readonly #byChannel = new Map<string, Set<ChangeListener>>();

  add(channel: NotifyChannel, listener: ChangeListener): () => void {
    let set = this.#byChannel.get(channel);
    if (!set) this.#byChannel.set(channel, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  notify(channel: string, payload = ''): void {
    for (const listener of this.#byChannel.get(channel) ?? []) listener.onChange(payload);
  }
}

/**
 * A connection of its own (outside the pool, whose idle connections come and go) that listens to
 * `channel` for the writes of other nodes; reconnects with backoff, reporting onListening(false)
 * while it cannot hear them.
 */
async function listenOnOwnConnection(
  url: string,
  channel: NotifyChannel,
  listeners: ChannelListeners,
  listener: ChangeListener,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    current = client;
    const lost = () => {
      if (current !== client) return;
      current = null;
      listener.onListening(false);
      client.end().catch(() => {});
      if (stopped) return;
      timer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => listeners.notify(message.channel, message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (current !== client) return;
      delay = LISTEN_RETRY_MIN_MS;
      listener.onListening(true);
    } catch {
      lost();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    listener.onListening(false);
    await client?.end().catch(() => {});
  };
}

interface PoolOptions {
  poolSize: number;
  /**
   * Whether other processes may write to this database. Only then does `listen` hold a connection
   * of its own to hear them; this process's own writes are heard by the pool's connections.
   */
  otherNodes: boolean;
}

async function openPostgres(url: string, options: PoolOptions): Promise<Database> {
  const listeners = new ChannelListeners();
  const stops = new Set<() => Promise<void>>();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: 5000,
    async onConnect(client) {
      client.on('notification', (message) => listeners.notify(message.channel, message.payload));
      for (const channel of NOTIFY_CHANNELS) {
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      }
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  let closed = false;
  await pool.query('select 1');
  return {
    db,
    kind: 'postgres',
    async listen(channel, listener) {
      const remove = listeners.add(channel, listener);
      if (!options.otherNodes) {
        listener.onListening(true);
        return async () => {
          listener.onListening(false);
          remove();
        };
      }
      const stopConnection = await listenOnOwnConnection(url, channel, listeners, listener);
      const stop = async () => {
        stops.delete(stop);
        remove();
        await stopConnection();
      };
      stops.add(stop);
      return stop;
    },
    async withClient(work) {
      const client = await pool.connect();
      try {
        return await work(client);
      } finally {
        client.release();
      }
    },
    async withAdvisoryLock(lockId, work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [lockId]);
        try {
          return await work(drizzleNodePg(client, { schema }));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lockId]);
        }
      } finally {
        client.release();
      }
    },
    ping: sharedPing(
      () => pool.query('select 1'),
      () => closed,
    ),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...stops].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** PGlite, loaded only when asked for: it is a WebAssembly PostgreSQL of about 100 MB once running. */
async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const client = await PGlite.create({
    dataDir,
    extensions: { btree_gist },
    // One embedded connection serves a small practice; PostgreSQL's defaults (160 MB of shared buffers,
    // 100 connections) would triple the process's memory for nothing.
    postgresqlconf: 'shared_buffers=16MB\nwal_buffers=1MB\nmax_connections=10',
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    // Only this process writes to PGlite, and it calls listeners before the notifying query returns.
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, (payload) => listener.onChange(payload));
      listener.onListening(true);
      return async () => {
        listener.onListening(false);
        if (!client.closed) await unlisten();
      };
    },
    withClient: () =>
      Promise.reject(
        new Error('a backup needs PostgreSQL; PGlite is only the tests’ memory database'),
      ),
    // PGlite is one connection in this process; nothing else can run migrations beside it.
    withAdvisoryLock: (_lockId, work) => work(db),
    ping: sharedPing(
      () => db.execute(sql`select 1`),
      () => client.closed,
    ),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
