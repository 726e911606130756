import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadJwtSecret } from './secrets';

describe('loadJwtSecret', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when it is set', async () => {
    expect(await loadJwtSecret({ configured: 'x'.repeat(40), dataDir: '/nonexistent' })).toBe(
      'x'.repeat(40),
    );
  });

  it('generates a secret once, keeps it owner-only in DATA_DIR and reuses it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'jwt-secret-'));
    const dataDir = join(dir, 'data');
    const first = await loadJwtSecret({ dataDir });
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect((await stat(join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await loadJwtSecret({ dataDir })).toBe(first);
  });
});
