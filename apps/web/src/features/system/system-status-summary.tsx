import type { SystemStatus } from '@consult/shared';

/** The one-line verdict on the system's health, shared by the System page and the overview. */
export function systemProblems(status: SystemStatus): string[] {
  const problems: string[] = [];
  if (!status.database.ok) problems.push('The database does not answer.');
  if (status.mail.failed > 0) problems.push(`${status.mail.failed} e-mails failed to send.`);
  if (!status.jobs.started) problems.push('Background jobs are not running.');
  const failing = status.jobs.jobs.filter((job) => job.lastError);
  if (failing.length)
    problems.push(`Job ${failing.map((job) => job.name).join(', ')} reported an error.`);
  return problems;
}
