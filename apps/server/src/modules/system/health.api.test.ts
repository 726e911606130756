import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema, problemSchema } from '@consult/shared';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captureLogs: true });
  });
  afterAll(() => t.close());

  it('answers ok with the version, uptime and database latency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthSchema.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.db.ok).toBe(true);
    expect(body.db.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('writes no log line for a healthy answer: probes poll it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/site' });
    // The next request's lines are there, so the health check's would have been too.
    expect(t.logs.some((line) => line.msg === 'request completed')).toBe(true);
    expect(t.logs.filter((line) => line.requestId === res.headers['x-request-id'])).toEqual([]);
  });

  it('answers 503 once the database is unreachable', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', db: { ok: false, latencyMs: null } });
    expect(problemSchema.safeParse(res.json()).success).toBe(false);
    const lines = t.logs.filter((line) => line.requestId === res.headers['x-request-id']);
    expect(lines).toMatchObject([{ level: 40, msg: 'health check: database unreachable' }]);
  });
});
