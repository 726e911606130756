import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { countAppliedMigrations, runMigrations, serverPackageRoot } from './migrate';
import { openFreshDatabase } from '../test/test-app';

const journal = JSON.parse(
  readFileSync(join(serverPackageRoot(), 'drizzle', 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

describe('migrations', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('apply every committed migration once, and a second run changes nothing', async () => {
    const fresh = await openFreshDatabase({ migrate: false });
    cleanups.push(() => fresh.database.close());
    await runMigrations(fresh.database);
    expect(await countAppliedMigrations(fresh.database)).toBe(journal.entries.length);
    await runMigrations(fresh.database);
    expect(await countAppliedMigrations(fresh.database)).toBe(journal.entries.length);
  });
});
