/**
 * What `npm start` prints once the site listens: where it is, which database it uses, where mail
 * goes, and the first-run link on a line of its own. No secret of a connection address is shown.
 */
import { resolve } from 'node:path';
import { paths } from '@consult/shared';
import type { AppConfig } from './config';

/** An address without its user, password or query: `postgres://127.0.0.1:5432/site`. */
function withoutCredentials(address: string): string {
  const url = new URL(address);
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

export function startSummary(
  config: Pick<AppConfig, 'APP_URL' | 'DATABASE_URL' | 'DATA_DIR' | 'SMTP_URL'>,
  setupLink: string | null,
): string[] {
  const appUrl = config.APP_URL;
  const database = config.DATABASE_URL
    ? `PostgreSQL at ${withoutCredentials(config.DATABASE_URL)}`
    : `embedded PostgreSQL, data in ${resolve(config.DATA_DIR)}`;
  const outbox = new URL(`${paths.admin.system}?tab=outbox`, appUrl).href;
  const mail = config.SMTP_URL
    ? `delivered through ${withoutCredentials(config.SMTP_URL)}`
    : `not delivered: SMTP_URL is not set, so no mail leaves this server; read it in the outbox at ${outbox}`;
  const lines = [
    `The site is running at ${appUrl}`,
    `  Database  ${database}`,
    `  Mail      ${mail}`,
  ];
  if (setupLink) {
    lines.push(
      '',
      'First run: no admin account yet. Open this link to create the owner account:',
      `  ${setupLink}`,
    );
  }
  return lines;
}
