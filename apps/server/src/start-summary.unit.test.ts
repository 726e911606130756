import { describe, expect, it } from 'vitest';
import { startSummary } from './start-summary';

const base = {
  APP_URL: 'https://consult.example',
  DATA_DIR: '/srv/site/data',
  DATABASE_URL: undefined,
  SMTP_URL: undefined,
};

describe('startSummary', () => {
  it('names the embedded database, the undelivered mail and the setup link on its own line', () => {
    const lines = startSummary(base, 'https://consult.example/setup?code=abc');
    expect(lines[0]).toBe('The site is running at https://consult.example');
    expect(lines[1]).toBe('  Database  embedded PostgreSQL, data in /srv/site/data');
    expect(lines[2]).toContain('SMTP_URL is not set');
    expect(lines[2]).toContain('https://consult.example/admin/system?tab=outbox');
    expect(lines.at(-1)).toBe('  https://consult.example/setup?code=abc');
  });

  it('never shows the credentials of the database or the mail server', () => {
    const lines = startSummary(
      {
        ...base,
        DATABASE_URL: 'postgres://site:db-secret@db.internal:5432/site?sslmode=require',
        SMTP_URL: 'smtps://mailer:smtp-secret@smtp.example:465',
      },
      null,
    ).join('\n');
    expect(lines).toContain('PostgreSQL at postgres://db.internal:5432/site');
    expect(lines).toContain('delivered through smtps://smtp.example:465');
    expect(lines).not.toMatch(/secret|mailer|site:/);
    expect(lines).not.toContain('First run');
  });
});
