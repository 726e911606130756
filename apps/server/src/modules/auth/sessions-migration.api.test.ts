import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPackageRoot } from '../../db/migrate';
import { openFreshDatabase, type FreshDatabase } from '../../test/test-app';
import { insertUser } from '../users/users-repository';
import { sessions } from './schema';

/** The statements of the migration that made the sessions table, as drizzle runs them. */
function sessionsMigration(): string[] {
  const folder = join(serverPackageRoot(), 'drizzle');
  const file = readdirSync(folder).find((name) => name.endsWith('_signed_in_sessions.sql'))!;
  return readFileSync(join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe('the sessions migration', () => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await openFreshDatabase();
  });
  afterAll(async () => {
    await fresh.database.close();
  });

  it('gives every refresh-token family that existed before it a session: first and last token times', async () => {
    const db = fresh.database.db;
    // Back to the tables as they were before the migration.
    await db.execute(
      sql`alter table refresh_tokens drop constraint refresh_tokens_family_id_sessions_id_fk`,
    );
    await db.execute(sql`drop table sessions`);

    const user = (await insertUser(db, {
      email: 'before-sessions@example.test',
      name: 'Before Sessions',
      passwordHash: 'not-used',
      timeZone: 'UTC',
    }))!;
    const [laptop, phone] = [randomUUID(), randomUUID()];
    const at = (iso: string) => new Date(iso);
    const token = (familyId: string, createdAt: string) =>
      db.execute(
        sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at, created_at) values (${user.id}, ${familyId}, ${randomUUID()}, ${at('2031-01-01T00:00:00Z')}, ${at(createdAt)})`,
      );
    await token(laptop, '2030-05-01T08:00:00Z');
    await token(laptop, '2030-05-01T08:20:00Z');
    await token(laptop, '2030-05-02T09:00:00Z');
    await token(phone, '2030-05-03T10:00:00Z');

    for (const statement of sessionsMigration()) await db.execute(sql.raw(statement));

    const rows = await db.select().from(sessions).orderBy(asc(sessions.createdAt));
    expect(rows).toEqual([
      {
        id: laptop,
        userId: user.id,
        userAgent: null,
        ip: null,
        createdAt: at('2030-05-01T08:00:00Z'),
        lastUsedAt: at('2030-05-02T09:00:00Z'),
      },
      {
        id: phone,
        userId: user.id,
        userAgent: null,
        ip: null,
        createdAt: at('2030-05-03T10:00:00Z'),
        lastUsedAt: at('2030-05-03T10:00:00Z'),
      },
    ]);
  });
});
