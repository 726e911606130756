/** The client's tasks and ticks, and the owner's tasks screen: create, edit, delete, list. */
import {
  ADMIN_TASKS_PAGE_SIZE,
  calendarDayIn,
  isErasedAddress,
  isTaskOverdue,
  PRIVACY_MESSAGES,
  shiftCalendarDay,
  TASK_MESSAGES,
  type AdminTaskRecord,
  type AdminTasksPage,
  type AdminTasksQuery,
  type CreateTask,
  type TaskRecord,
  type TaskStatus,
  type UpdateTask,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry, auditChange, isEmptyChange } from '../audit';
import { findBookingById } from '../bookings';
import { pageWindow } from '../../db/page-window';
import { findUserContact, type UserRow } from '../users';
import { queueTaskAssignedMail, reviseTaskAssignedMail, type AssignedTaskItem } from './task-mails';
import {
  countAdminTasks,
  deleteTask,
  findTask,
  insertTask,
  listAdminTasks,
  listClientTasks,
  lockTask,
  updateTask,
  type JoinedTask,
  type NewTaskRow,
  type TaskRow,
} from './tasks-repository';

export type TaskDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>;

function notFound(): HttpProblem {
  return new HttpProblem(404, TASK_MESSAGES.notFound);
}

function fieldProblem(field: string, message: string): HttpProblem {
  return new HttpProblem(400, message, { errors: { [field]: [message] } });
}

/** A task as the API shows it; `now` decides whether it is overdue. */
export function toTaskRecord(row: JoinedTask, now: Date): TaskRecord {
  const { task, booking } = row;
  return {
    _id: task.id,
    id: task.id,
    clientId: task.clientId,
    bookingId: task.bookingId,
    booking: booking
      ? { id: booking.id, serviceTitle: booking.serviceTitle, start: booking.startAt.toISOString() }
      : null,
    title: task.title,
    details: task.details,
    dueDate: task.dueDate,
    status: task.status,
    completedAt: task.completedAt?.toISOString() ?? null,
    completedBy: task.completedAt ? row.completer : null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    overdue: isTaskOverdue(task, calendarDayIn(now, row.client.timeZone)),
  };
}

function toAdminRecord(row: JoinedTask, now: Date): AdminTaskRecord {
  const { id, name, email } = row.client;
  return { ...toTaskRecord(row, now), client: { id, name, email } };
}

/** The columns a status change sets: who completed the task and when, or neither. */
function completion(status: TaskStatus, by: string, now: Date): Partial<NewTaskRow> {
  return status === 'done'
    ? { status, completedAt: now, completedBy: by }
    : { status, completedAt: null, completedBy: null };
}

/** A booking the task may be tied to: one of the client's own. */
async function checkBooking(deps: Pick<AppDeps, 'db'>, clientId: string, bookingId: string) {
  const booking = await findBookingById(deps.db, bookingId);
  if (!booking || booking.clientId !== clientId) {
    throw fieldProblem('bookingId', TASK_MESSAGES.bookingOfAnotherClient);
  }
}

/** The signed-in client's tasks: open first by due date, then the done ones. */
export async function listOwnTasks(deps: Pick<AppDeps, 'db' | 'clock'>, client: UserRow) {
  const now = deps.clock();
  const rows = await listClientTasks(deps.db, client.id);
  return { tasks: rows.map((row) => toTaskRecord(row, now)) };
}

/** The client ticks one of their tasks done or reopens it; another client's is not found. */
export async function setOwnTaskStatus(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  client: UserRow,
  id: string,
  status: TaskStatus,
): Promise<TaskRecord> {
  if (!isUuid(id)) throw notFound();
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const task = await lockTask(tx, id);
    if (!task || task.clientId !== client.id) throw notFound();
    if (task.status !== status) await updateTask(tx, id, completion(status, client.id, now), now);
  });
  const row = await findTask(deps.db, id);
  if (!row) throw notFound();
  return toTaskRecord(row, now);
}

export async function listTasksPage(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  query: AdminTasksQuery,
): Promise<AdminTasksPage> {
  const now = deps.clock();
  const filter = { clientId: query.client, bookingId: query.booking, status: query.status };
  const total = await countAdminTasks(deps.db, filter);
  const window = pageWindow(total, query.page, ADMIN_TASKS_PAGE_SIZE);
  const rows = await listAdminTasks(deps.db, filter, window);
  return {
    tasks: rows.map((row) => toAdminRecord(row, now)),
    currentPage: window.currentPage,
    totalPages: window.totalPages,
    totalTasks: total,
  };
}

async function viewTask(deps: Pick<AppDeps, 'db'>, id: string, now: Date) {
  const row = await findTask(deps.db, id);
  if (!row) throw notFound();
  return toAdminRecord(row, now);
}

/** What the audit log keeps of a task: enough to see what changed, not the whole text. */
function auditFacts(task: TaskRow) {
  return {
    clientId: task.clientId,
    bookingId: task.bookingId,
    title: task.title,
    details: task.details,
    dueDate: task.dueDate,
    status: task.status,
  };
}

/**
 * The owner gives a client a task. The task, its audit entry and the client's mail commit together;
 * the mail waits a few minutes for further tasks, so a burst of them is one mail (decision 047).
 * A task created on the day before its due date (or later) gets no separate reminder: the mail
 * that assigns it already says when it is due.
 */
export async function createTask(
  deps: TaskDeps,
  owner: UserRow,
  input: CreateTask,
): Promise<AdminTaskRecord> {
  const now = deps.clock();
  const client = await findUserContact(deps.db, input.clientId);
  if (!client) throw fieldProblem('clientId', TASK_MESSAGES.clientNotFound);
  if (isErasedAddress(client.email)) throw fieldProblem('clientId', PRIVACY_MESSAGES.accountErased);
  if (input.bookingId) await checkBooking(deps, client.id, input.bookingId);
  const dueDate = input.dueDate ?? null;
  const today = calendarDayIn(now, client.timeZone);
  const remindedAlready = dueDate !== null && today >= shiftCalendarDay(dueDate, -1);
  const task = await deps.db.transaction(async (tx) => {
    const row = await insertTask(tx, {
      clientId: client.id,
      bookingId: input.bookingId ?? null,
      title: input.title,
      details: input.details ?? null,
      dueDate,
      reminderSentAt: remindedAlready ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    // Tasks given within a few minutes reach the client as one mail (decision 047).
    await queueTaskAssignedMail(
      tx,
      deps.mailer,
      {
        appUrl: deps.config.APP_URL,
        to: client.email,
        clientName: client.name,
        clientId: client.id,
      },
      { taskId: row.id, title: row.title, details: row.details, dueDate: row.dueDate },
    );
    await audit(tx, owner, 'task.create', row, { ...auditChange(null, auditFacts(row)) });
    return row;
  });
  return viewTask(deps, task.id, now);
}

function audit(
  tx: Tx,
  owner: UserRow,
  action: string,
  task: TaskRow,
  details: Record<string, unknown>,
) {
  return insertAuditEntry(tx, { actorId: owner.id, action, target: task.id, details });
}

/**
 * The owner edits a task. A new due date clears the reminder mark, so the client is reminded of
 * the new day; a status change records who completed it, as the client's tick does.
 */
export async function updateTaskAsOwner(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>,
  owner: UserRow,
  id: string,
  input: UpdateTask,
): Promise<AdminTaskRecord> {
  if (!isUuid(id)) throw notFound();
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const task = await lockTask(tx, id);
    if (!task) throw notFound();
    if (input.bookingId) await checkBooking({ db: tx }, task.clientId, input.bookingId);
    const patch: Partial<NewTaskRow> = {};
    if (input.title !== undefined) patch.title = input.title;
    if (input.details !== undefined) patch.details = input.details;
    if (input.bookingId !== undefined) patch.bookingId = input.bookingId;
    if (input.dueDate !== undefined && input.dueDate !== task.dueDate) {
      patch.dueDate = input.dueDate;
      patch.reminderSentAt = null;
    }
    if (input.status !== undefined && input.status !== task.status) {
      Object.assign(patch, completion(input.status, owner.id, now));
    }
    const changed = await updateTask(tx, id, patch, now);
    if (
      changed.title !== task.title ||
      changed.details !== task.details ||
      changed.dueDate !== task.dueDate
    ) {
      const { title, details, dueDate } = changed;
      await reviseAssignmentMail(tx, deps, task.clientId, id, {
        taskId: id,
        title,
        details,
        dueDate,
      });
    }
    const change = auditChange(auditFacts(task), auditFacts(changed));
    if (!isEmptyChange(change)) await audit(tx, owner, 'task.update', changed, { ...change });
  });
  return viewTask(deps, id, now);
}

/** The client's assignment mail still waiting, brought in line with a task's change (or deletion). */
async function reviseAssignmentMail(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  clientId: string,
  taskId: string,
  now: AssignedTaskItem | null,
) {
  const client = await findUserContact(tx, clientId);
  if (!client) return;
  await reviseTaskAssignedMail(
    tx,
    deps.mailer,
    { appUrl: deps.config.APP_URL, to: client.email, clientName: client.name, clientId },
    taskId,
    now,
  );
}

export async function deleteTaskAsOwner(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  owner: UserRow,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await deps.db.transaction(async (tx) => {
    const task = await deleteTask(tx, id);
    if (!task) throw notFound();
    await reviseAssignmentMail(tx, deps, task.clientId, id, null);
    await audit(tx, owner, 'task.delete', task, { ...auditChange(auditFacts(task), null) });
  });
}
