/**
 * The task rules as plain functions. A due date is a calendar day in the client's zone: a task is
 * overdue once that day has passed there, and its reminder goes out the day before it.
 */
import { DATE_LOCALE } from '../clock';
import { isLocalDateString } from '../booking/fields';

export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_TITLE_MAX = 120;
export const TASK_DETAILS_MAX = 2000;
/** Tasks per page of the owner's list. */
export const ADMIN_TASKS_PAGE_SIZE = 20;
/**
 * The assignment mail waits this long and lists every task given to the client meanwhile, so a
 * burst of assignments is one mail (decision 047).
 */
export const TASK_MAIL_FOLD_MINUTES = 3;

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function calendarDayIn(instant: Date | number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `date` moved by `days` calendar days. */
export function shiftCalendarDay(date: string, days: number): string {
  if (!isLocalDateString(date)) throw new Error(`not a calendar day: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * A due date as people read it, "Friday, 27 November 2026" (or shorter, "Fri 27 Nov 2026"): a
 * calendar day needs no zone, so it is read at UTC midnight.
 */
export function formatDueDay(dueDate: string, style: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(DATE_LOCALE, {
    timeZone: 'UTC',
    weekday: style,
    day: 'numeric',
    month: style,
    year: 'numeric',
  }).format(new Date(`${dueDate}T00:00:00Z`));
}

/** An open task whose due day has passed in the client's zone (`today` is that zone's day). */
export function isTaskOverdue(
  task: { status: TaskStatus; dueDate: string | null },
  today: string,
): boolean {
  return task.status === 'open' && task.dueDate !== null && task.dueDate < today;
}

/**
 * Whether an open task's reminder is due on `today` (the client's day): from the day before the due
 * date to the due date itself, so a runner that was down the day before still sends it, late.
 */
export function isTaskReminderDue(
  task: { status: TaskStatus; dueDate: string | null },
  today: string,
): boolean {
  if (task.status !== 'open' || task.dueDate === null) return false;
  return today >= shiftCalendarDay(task.dueDate, -1) && today <= task.dueDate;
}

/** The client's list order: open before done; open by due date (none last), done by completion. */
export function compareTasksForClient(
  a: { status: TaskStatus; dueDate: string | null; createdAt: string; completedAt: string | null },
  b: { status: TaskStatus; dueDate: string | null; createdAt: string; completedAt: string | null },
): number {
  if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
  if (a.status === 'done') return (b.completedAt ?? '').localeCompare(a.completedAt ?? '');
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return a.createdAt.localeCompare(b.createdAt);
}
