import { calendarFailingWarning, type SystemStatus } from '@consult/shared';

/** Shown wherever the owner looks at the system until SMTP_URL is set (status, /admin/upcoming). */
export const MAIL_NOT_DELIVERED_WARNING =
  'Mail is not being delivered: no mail server configured (SMTP_URL). Clients get no e-mail; every mail waits in the outbox as not delivered.';

/** The one-line verdict on the system's health, shared by the System page and the overview. */
export function systemProblems(status: SystemStatus): string[] {
  const problems: string[] = [];
  if (!status.database.ok) problems.push('The database does not answer.');
  if (status.mail.delivery === 'none') problems.push(MAIL_NOT_DELIVERED_WARNING);
  if (status.mail.failed > 0) problems.push(`${status.mail.failed} e-mails failed to send.`);
  if (!status.jobs.started) problems.push('Background jobs are not running.');
  const failing = status.jobs.jobs.filter((job) => job.lastError);
  if (failing.length)
    problems.push(`Job ${failing.map((job) => job.name).join(', ')} reported an error.`);
  if (status.backups.failure) problems.push('The last backup failed (see Backups).');
  for (const calendar of status.calendars.failing) {
    problems.push(calendarFailingWarning(calendar.label));
  }
  return problems;
}
