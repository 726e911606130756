/**
 * The reminder of a task the day before its due date, in the client's zone. Each run claims open
 * tasks with FOR UPDATE SKIP LOCKED and queues the mail and marks the task in one transaction, so
 * any number of runners may work at once and a restart neither loses nor repeats a reminder.
 */
import { calendarDayIn, isTaskReminderDue, MINUTE_MS, shiftCalendarDay } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Job } from '../../jobs/job-runner';
import { findUserContacts } from '../users';
import { taskReminderMail } from './task-mails';
import { claimReminderCandidates, markTaskReminderSent } from './tasks-repository';

export type TaskJobDeps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'config' | 'clock'>;

export const TASK_REMINDER_INTERVAL_MS = 5 * MINUTE_MS;
const BATCH_SIZE = 50;

/**
 * Queues the reminder of every open task whose due date is tomorrow or today for its client, once.
 * Candidates come from a window of UTC days that covers every zone (±14 hours); whether a
 * reminder is due is then decided in the client's own zone. Tasks not due yet, and those whose
 * mail failed, are left unmarked for a later run. Returns how many reminders were queued.
 */
export async function sendTaskReminders(
  deps: TaskJobDeps,
  now: Date = deps.clock(),
): Promise<number> {
  const utcToday = calendarDayIn(now, 'UTC');
  const window = { fromDay: shiftCalendarDay(utcToday, -1), toDay: shiftCalendarDay(utcToday, 2) };
  const passed: string[] = [];
  let sent = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await claimReminderCandidates(tx, { ...window, except: passed }, BATCH_SIZE);
      const clients = new Map(
        (await findUserContacts(tx, [...new Set(rows.map((row) => row.clientId))])).map(
          (client) => [client.id, client],
        ),
      );
      for (const task of rows) {
        const client = clients.get(task.clientId);
        if (
          !client ||
          !task.dueDate ||
          !isTaskReminderDue(task, calendarDayIn(now, client.timeZone))
        ) {
          passed.push(task.id);
          continue;
        }
        try {
          // A savepoint per task: one that fails is rolled back alone and tried again next run.
          await tx.transaction(async (sp) => {
            await deps.mailer.queueMail(
              taskReminderMail({
                appUrl: deps.config.APP_URL,
                to: client.email,
                clientName: client.name,
                title: task.title,
                details: task.details,
                dueDate: task.dueDate!,
              }),
              sp,
            );
            await markTaskReminderSent(sp, task.id, now);
          });
          sent += 1;
        } catch (err) {
          passed.push(task.id);
          deps.log.error({ err, taskId: task.id }, 'task reminder failed');
        }
      }
      return rows.length;
    });
    if (claimed < BATCH_SIZE) return sent;
  }
}

/** The jobs app.ts registers with the runner. */
export function taskJobs(deps: TaskJobDeps): Job[] {
  return [
    {
      name: 'task-reminders',
      intervalMs: TASK_REMINDER_INTERVAL_MS,
      run: async () => {
        await sendTaskReminders(deps);
      },
    },
  ];
}
