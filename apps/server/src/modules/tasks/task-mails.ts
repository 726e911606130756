/**
 * The task mails to the client: the tasks assigned (folded into one mail per few minutes, decision
 * 047), and the reminder the day before one is due.
 */
import { formatDueDay, MINUTE_MS, paths, TASK_MAIL_FOLD_MINUTES } from '@consult/shared';
import type { Tx } from '../../db/client';
import { type Mailer, type OutgoingMail, simpleMail } from '../mail';

interface TaskMailFacts {
  appUrl: string;
  to: string;
  clientName: string;
  title: string;
  details: string | null;
  /** YYYY-MM-DD in the client's zone, or null. */
  dueDate: string | null;
}

function tasksLink(facts: Pick<TaskMailFacts, 'appUrl'>) {
  return { href: `${facts.appUrl}${paths.tasks}`, label: 'Open your tasks' };
}

/** What the assignment mail lists of one task, as the outbox keeps it until the mail goes. */
export interface AssignedTaskItem {
  /** Absent in items queued before tasks could be revised in a waiting mail. */
  taskId?: string;
  title: string;
  details: string | null;
  dueDate: string | null;
}

/** The mail of one assigned task. */
export function taskAssignedMail(facts: TaskMailFacts): OutgoingMail {
  const due = facts.dueDate ? ` It is due on ${formatDueDay(facts.dueDate)}.` : '';
  return simpleMail(
    facts.to,
    `New task: ${facts.title}`,
    [
      `Hello ${facts.clientName}, you have a new task: ${facts.title}.${due} You can see it and tick it done on your dashboard:`,
      ...(facts.details ? [facts.details] : []),
    ],
    tasksLink(facts),
  );
}

export function taskReminderMail(facts: TaskMailFacts & { dueDate: string }): OutgoingMail {
  return simpleMail(
    facts.to,
    `Reminder: ${facts.title} is due ${formatDueDay(facts.dueDate)}`,
    [
      `Hello ${facts.clientName}, a reminder that your task ${facts.title} is due on ${formatDueDay(facts.dueDate)}. When it is done, tick it on your dashboard:`,
      ...(facts.details ? [facts.details] : []),
    ],
    tasksLink(facts),
  );
}

/** The tasks of one assignment mail, oldest first: one reads as the mail of that task alone. */
export function tasksAssignedMail(
  facts: Pick<TaskMailFacts, 'appUrl' | 'to' | 'clientName'>,
  items: AssignedTaskItem[],
): OutgoingMail {
  if (items.length === 1) {
    const { title, details, dueDate } = items[0]!;
    return taskAssignedMail({ ...facts, title, details, dueDate });
  }
  const [first] = items;
  return simpleMail(
    facts.to,
    `${items.length} new tasks: ${first!.title} and ${items.length - 1} more`,
    [
      `Hello ${facts.clientName}, you have ${items.length} new tasks. You can see them and tick them done on your dashboard:`,
      ...items.flatMap((item, index) => [
        `${index + 1}. ${item.title}${item.dueDate ? `, due on ${formatDueDay(item.dueDate)}` : ''}`,
        ...(item.details ? [item.details] : []),
      ]),
    ],
    tasksLink(facts),
  );
}

export const TASK_MAIL_FOLD_MS = TASK_MAIL_FOLD_MINUTES * MINUTE_MS;

/**
 * Queues the mail of an assigned task in `tx`, into the client's assignment mail still waiting or
 * as a new one that waits `TASK_MAIL_FOLD_MS` for the next tasks (decision 047).
 */
export function queueTaskAssignedMail(
  tx: Tx,
  mailer: Mailer,
  facts: Pick<TaskMailFacts, 'appUrl' | 'to' | 'clientName'> & { clientId: string },
  item: AssignedTaskItem,
): Promise<string> {
  const { clientId, ...envelope } = facts;
  return mailer.queueFoldedMail<AssignedTaskItem>(
    {
      key: taskMailKey(clientId),
      windowMs: TASK_MAIL_FOLD_MS,
      delayMs: TASK_MAIL_FOLD_MS,
      firstWaits: true,
      item,
      digest: (items) => tasksAssignedMail(envelope, items),
    },
    tx,
  );
}

function taskMailKey(clientId: string) {
  return `task-assigned:${clientId}`;
}

/**
 * A task changed or deleted before its assignment mail went: the waiting mail lists it as it now
 * is, or no longer (and goes not at all when it was the only one), so the client is never told of
 * a task that is gone or under its old title.
 */
export function reviseTaskAssignedMail(
  tx: Tx,
  mailer: Mailer,
  facts: Pick<TaskMailFacts, 'appUrl' | 'to' | 'clientName'> & { clientId: string },
  taskId: string,
  now: AssignedTaskItem | null,
): Promise<void> {
  const { clientId, ...envelope } = facts;
  return mailer.reviseFoldedMail<AssignedTaskItem>(
    {
      key: taskMailKey(clientId),
      revise: (items) =>
        items.flatMap((item) => (item.taskId !== taskId ? [item] : now ? [now] : [])),
      digest: (items) => tasksAssignedMail(envelope, items),
    },
    tx,
  );
}
