/** The task mails to the client: a task was assigned, and the reminder the day before it is due. */
import { formatDueDay, paths } from '@consult/shared';
import type { OutgoingMail } from '../mail/outbox-repository';
import { simpleMail } from '../mail/simple-mail';

interface TaskMailFacts {
  appUrl: string;
  to: string;
  clientName: string;
  title: string;
  details: string | null;
  /** YYYY-MM-DD in the client's zone, or null. */
  dueDate: string | null;
}

function tasksLink(facts: TaskMailFacts) {
  return { href: `${facts.appUrl}${paths.tasks}`, label: 'Open your tasks' };
}

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
