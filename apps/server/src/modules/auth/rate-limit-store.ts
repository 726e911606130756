/** Rate-limit counters in memory, or in Redis when REDIS_URL is set so that every app node shares them. */
export async function createRateLimitStore(redisUrl: string | undefined) {
  if (!redisUrl) return { options: {}, close: async () => {} };
  // Loaded only for Redis: a single node keeps its counters in memory and need not hold the client.
  const { Redis } = await import('ioredis');
  // Fail fast: a slow or absent Redis must not hold sign-ins for long (the plugin's advice).
  const redis = new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  return {
    options: { redis, nameSpace: 'consult-rate-limit:' },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
