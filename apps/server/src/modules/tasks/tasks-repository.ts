/** The queries of tasks: records with their client, booking and completer; the reminder claims. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lte,
  notInArray,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaskStatus } from '@consult/shared';
import type { Db, Tx } from '../../db/client';
import { bookings } from '../bookings';
import { users } from '../users';
import { tasks } from './schema';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;

const completer = alias(users, 'completer');

/** What records show beside a task: whose it is (and their zone), the booking, who completed it. */
const joinedColumns = {
  task: tasks,
  client: { id: users.id, name: users.name, email: users.email, timeZone: users.timeZone },
  booking: { id: bookings.id, serviceTitle: bookings.serviceTitle, startAt: bookings.startAt },
  completer: { id: completer.id, name: completer.name },
};
export interface JoinedTask {
  task: TaskRow;
  client: { id: string; name: string; email: string; timeZone: string };
  booking: { id: string; serviceTitle: string; startAt: Date } | null;
  completer: { id: string; name: string } | null;
}

function joined(db: Db) {
  return db
    .select(joinedColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.clientId))
    .leftJoin(bookings, eq(bookings.id, tasks.bookingId))
    .leftJoin(completer, eq(completer.id, tasks.completedBy));
}

/** Open before done; open ones by due date (none last), done ones by completion, newest first. */
const listOrder = [
  sql`case when ${tasks.status} = 'open' then 0 else 1 end`,
  sql`case when ${tasks.status} = 'open' then ${tasks.dueDate} end asc nulls last`,
  desc(tasks.completedAt),
  asc(tasks.createdAt),
  asc(tasks.id),
];

export async function insertTask(tx: Tx, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await tx.insert(tasks).values(values).returning();
  return row!;
}

export async function findTask(db: Db, id: string): Promise<JoinedTask | undefined> {
  const [row] = await joined(db).where(eq(tasks.id, id));
  return row;
}

export async function lockTask(tx: Tx, id: string): Promise<TaskRow | undefined> {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
  return row;
}

export async function updateTask(
  tx: Tx,
  id: string,
  patch: Partial<NewTaskRow>,
  now: Date,
): Promise<TaskRow> {
  const [row] = await tx
    .update(tasks)
    .set({ ...patch, updatedAt: now })
    .where(eq(tasks.id, id))
    .returning();
  return row!;
}

export async function deleteTask(tx: Tx, id: string): Promise<TaskRow | undefined> {
  const [row] = await tx.delete(tasks).where(eq(tasks.id, id)).returning();
  return row;
}

/** Every task of one client (or the first `limit`), in the order of their list. */
export async function listClientTasks(
  db: Db,
  clientId: string,
  limit?: number,
): Promise<JoinedTask[]> {
  const query = joined(db)
    .where(eq(tasks.clientId, clientId))
    .orderBy(...listOrder);
  return limit === undefined ? query : query.limit(limit);
}

export interface AdminTasksFilter {
  clientId?: string;
  bookingId?: string;
  status?: TaskStatus;
}

function whereOf(filter: AdminTasksFilter) {
  return and(
    filter.clientId ? eq(tasks.clientId, filter.clientId) : undefined,
    filter.bookingId ? eq(tasks.bookingId, filter.bookingId) : undefined,
    filter.status ? eq(tasks.status, filter.status) : undefined,
  );
}

export async function countAdminTasks(db: Db, filter: AdminTasksFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(tasks).where(whereOf(filter));
  return row?.total ?? 0;
}

export async function listAdminTasks(
  db: Db,
  filter: AdminTasksFilter,
  page: { limit: number; offset: number },
): Promise<JoinedTask[]> {
  return joined(db)
    .where(whereOf(filter))
    .orderBy(...listOrder)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Open tasks without a reminder whose due day lies between `fromDay` and `toDay` (a window in UTC
 * days wide enough for every zone), locked; rows another runner holds are skipped. The caller
 * decides per row, in the client's zone, whether the reminder is due.
 */
export async function claimReminderCandidates(
  tx: Tx,
  window: { fromDay: string; toDay: string; except: string[] },
  limit: number,
): Promise<TaskRow[]> {
  return tx
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.status, 'open'),
        isNull(tasks.reminderSentAt),
        isNotNull(tasks.dueDate),
        gte(tasks.dueDate, window.fromDay),
        lte(tasks.dueDate, window.toDay),
        window.except.length > 0 ? notInArray(tasks.id, window.except) : undefined,
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markTaskReminderSent(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(tasks).set({ reminderSentAt: now }).where(eq(tasks.id, id));
}
