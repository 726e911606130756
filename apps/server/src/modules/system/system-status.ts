/** The figures of the admin's system-health screen. */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SystemStatus } from '@consult/shared';
import { queryRows } from '../../db/client';
import { countAppliedMigrations } from '../../db/migrate';
import { outboxCounts } from '../mail/outbox-repository';
import { mailOutbox } from '../mail/schema';

const NS_PER_MS = 1e6;

/** Samples event-loop delay for the life of the app. */
export function startEventLoopMonitor(): IntervalHistogram {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  return histogram;
}

function ms(nanoseconds: number): number {
  return Number.isFinite(nanoseconds) ? Math.round((nanoseconds / NS_PER_MS) * 100) / 100 : 0;
}

async function databaseStatus(app: FastifyInstance): Promise<SystemStatus['database']> {
  const kind = app.database.kind;
  try {
    const latencyMs = await app.database.ping();
    const [size] = await queryRows<{ size: string | number }>(
      app.db,
      sql`select pg_database_size(current_database()) as size`,
    );
    const migrationsApplied = await countAppliedMigrations(app.database);
    return {
      kind,
      ok: true,
      latencyMs,
      sizeBytes: size ? Number(size.size) : null,
      migrationsApplied,
    };
  } catch (err) {
    app.log.warn({ err }, 'system status: database unreachable');
    return { kind, ok: false, latencyMs: null, sizeBytes: null, migrationsApplied: null };
  }
}

async function mailStatus(app: FastifyInstance): Promise<SystemStatus['mail']> {
  try {
    const counts = await outboxCounts(app.db);
    const [oldest] = await app.db
      .select({ createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(1);
    return { ...counts, oldestPendingAt: oldest?.createdAt.toISOString() ?? null };
  } catch {
    return { pending: 0, sent: 0, failed: 0, oldestPendingAt: null };
  }
}

export async function systemStatus(
  app: FastifyInstance,
  eventLoop: IntervalHistogram,
): Promise<SystemStatus> {
  const [database, mail] = await Promise.all([databaseStatus(app), mailStatus(app)]);
  const memory = process.memoryUsage();
  return {
    version: app.appVersion,
    uptimeSeconds: Math.round((Date.now() - app.startedAt) / 1000),
    node: process.version,
    database,
    mail,
    jobs: app.jobs.state(),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    eventLoopDelayMs: {
      p50: ms(eventLoop.percentile(50)),
      p99: ms(eventLoop.percentile(99)),
      max: ms(eventLoop.max),
    },
  };
}
