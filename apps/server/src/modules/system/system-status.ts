/** The figures of the admin's system-health screen. */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { SystemStatus } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { countAppliedMigrations } from '../../db/migrate';
import { failingCalendars } from '../calendars';
import { oldestPendingMailAt, outboxCounts } from '../mail';
import { backupSchedule, backupStatus } from './backup-service';
import { databaseSizeBytes } from './system-repository';

type SystemStatusDeps = Pick<AppDeps, 'db' | 'log' | 'system' | 'mailer' | 'clock' | 'backups'>;

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

async function databaseStatus(deps: SystemStatusDeps): Promise<SystemStatus['database']> {
  const { database } = deps.system;
  const kind = database.kind;
  try {
    const latencyMs = await database.ping();
    const sizeBytes = await databaseSizeBytes(deps.db);
    const migrationsApplied = await countAppliedMigrations(database);
    return { kind, ok: true, latencyMs, sizeBytes, migrationsApplied };
  } catch (err) {
    deps.log.warn({ err }, 'system status: database unreachable');
    return { kind, ok: false, latencyMs: null, sizeBytes: null, migrationsApplied: null };
  }
}

/** The owner's calendars not read for a day; none when the database cannot say (shown above). */
async function calendarStatus(deps: SystemStatusDeps): Promise<SystemStatus['calendars']> {
  try {
    return { failing: await failingCalendars(deps) };
  } catch {
    return { failing: [] };
  }
}

async function mailStatus(deps: SystemStatusDeps): Promise<SystemStatus['mail']> {
  const delivery = deps.mailer.delivery;
  try {
    const counts = await outboxCounts(deps.db);
    const oldest = await oldestPendingMailAt(deps.db);
    return { delivery, ...counts, oldestPendingAt: oldest?.toISOString() ?? null };
  } catch {
    return { delivery, pending: 0, sent: 0, failed: 0, notDelivered: 0, oldestPendingAt: null };
  }
}

/** The backups' record; when the database cannot say, the schedule alone (the card above says why). */
async function backupsStatus(deps: SystemStatusDeps): Promise<SystemStatus['backups']> {
  try {
    return await backupStatus(deps);
  } catch {
    return { schedule: backupSchedule(deps.backups), last: null, failure: null, running: false };
  }
}

export async function systemStatus(
  deps: SystemStatusDeps,
  eventLoop: IntervalHistogram,
): Promise<SystemStatus> {
  const [database, mail, calendars, backups] = await Promise.all([
    databaseStatus(deps),
    mailStatus(deps),
    calendarStatus(deps),
    backupsStatus(deps),
  ]);
  const memory = process.memoryUsage();
  return {
    version: deps.system.version,
    uptimeSeconds: Math.round((Date.now() - deps.system.startedAt) / 1000),
    node: process.version,
    database,
    mail,
    jobs: deps.system.jobs.state(),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    calendars,
    backups,
    eventLoopDelayMs: {
      p50: ms(eventLoop.percentile(50)),
      p99: ms(eventLoop.percentile(99)),
      max: ms(eventLoop.max),
    },
  };
}
