import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startRedisPeer, type RedisPeer } from '../../test/redis-peer';

describe('rate limits with REDIS_URL', () => {
  let redis: RedisPeer;
  let nodeA: TestApp;
  let nodeB: TestApp;

  beforeAll(async () => {
    redis = await startRedisPeer();
    nodeA = await createTestApp({ env: { REDIS_URL: redis.url } });
    nodeB = await createTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await redis?.close();
  });

  it('shares the sign-in budget between app nodes', async () => {
    const attempt = (node: TestApp) =>
      node.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { email: 'shared@example.test', password: 'wrong password' },
        remoteAddress: '192.0.2.10',
      });
    for (const node of [nodeA, nodeB, nodeA, nodeB, nodeA]) {
      expect((await attempt(node)).statusCode).toBe(401);
    }
    const locked = await attempt(nodeB);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().detail).toBe('Too many requests. Please wait a moment and try again.');
  });
});
