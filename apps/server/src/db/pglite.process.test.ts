import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { settings } from './schema';

describe('embedded PGlite in DATA_DIR', () => {
  it('keeps data across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'consult-data-'));
    try {
      const first = await openDatabase({ dataDir });
      await runMigrations(first);
      await first.db.insert(settings).values({ key: 'probe', value: { kept: true } });
      await first.close();

      const second = await openDatabase({ dataDir });
      await runMigrations(second);
      const rows = await second.db.select().from(settings);
      expect(rows).toEqual([expect.objectContaining({ key: 'probe', value: { kept: true } })]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
