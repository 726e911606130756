import { describe, expect, it, vi } from 'vitest';
import { AvailabilityCache, AVAILABILITY_CACHE_TTL_MS } from './availability-cache';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

function listeningCache(options?: ConstructorParameters<typeof AvailabilityCache>[0]) {
  const cache = new AvailabilityCache(options);
  cache.onListening(true);
  return cache;
}

describe('AvailabilityCache', () => {
  it('computes once, then serves the stored answer', async () => {
    const cache = listeningCache();
    const compute = vi.fn(async () => ({ value: 'a' }));
    expect(await cache.answer('k', at(0), compute)).toBe('a');
    expect(await cache.answer('k', at(1000), compute)).toBe('a');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('expires an answer after the time to live, or earlier at the moment the caller gives', async () => {
    const cache = listeningCache();
    const compute = vi.fn(async () => ({ value: 'a' }));
    await cache.answer('k', at(0), compute);
    await cache.answer('k', at(AVAILABILITY_CACHE_TTL_MS), compute);
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.answer('k', at(AVAILABILITY_CACHE_TTL_MS + 1), compute);
    expect(compute).toHaveBeenCalledTimes(2);

    // The first slot leaves the notice window 5 s from now: held until then, inclusive.
    const early = vi.fn(async () => ({ value: 'b', expiresAt: T0 + 5000 }));
    await cache.answer('e', at(0), early);
    await cache.answer('e', at(5000), early);
    expect(early).toHaveBeenCalledTimes(1);
    await cache.answer('e', at(5001), early);
    expect(early).toHaveBeenCalledTimes(2);
  });

  it("drops every answer, service, service's offered slots and settings on a change", async () => {
    const cache = listeningCache();
    const compute = vi.fn(async () => ({ value: 'a' }));
    const service = vi.fn(async () => undefined);
    const offered = vi.fn(async () => ({ value: ['2026-03-02T10:00:00.000Z'] }));
    const settings = vi.fn(async () => ({}) as never);
    const readAll = async () => {
      await cache.answer('k', at(0), compute);
      await cache.service('s', at(0), service);
      await cache.offered('s', at(0), offered);
      await cache.settings(at(0), settings);
    };
    await readAll();
    await readAll();
    const calls = () => [compute, service, offered, settings].map((fn) => fn.mock.calls.length);
    expect(calls()).toEqual([1, 1, 1, 1]);
    cache.onChange();
    await readAll();
    expect(calls()).toEqual([2, 2, 2, 2]);
  });

  it('does not store an answer computed across a change, which may predate it', async () => {
    const cache = listeningCache();
    const compute = vi.fn(async () => {
      cache.onChange();
      return { value: 'old' };
    });
    await cache.answer('k', at(0), compute);
    await cache.answer('k', at(0), async () => ({ value: 'new' }));
    expect(await cache.answer('k', at(0), compute)).toBe('new');
  });

  it('serves nothing from the cache while not listening', async () => {
    const cache = new AvailabilityCache();
    const compute = vi.fn(async () => ({ value: 'a' }));
    await cache.answer('k', at(0), compute);
    await cache.answer('k', at(0), compute);
    expect(cache.enabled).toBe(false);
    expect(compute).toHaveBeenCalledTimes(2);

    cache.onListening(true);
    await cache.answer('k', at(0), compute);
    cache.onListening(false);
    await cache.answer('k', at(0), compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = listeningCache({ maxEntries: 2 });
    const compute = vi.fn(async () => ({ value: 'a' }));
    await cache.answer('a', at(0), compute);
    await cache.answer('b', at(0), compute);
    await cache.answer('a', at(0), compute);
    await cache.answer('c', at(0), compute);
    expect(cache.size).toBe(2);
    expect(compute).toHaveBeenCalledTimes(3);
    await cache.answer('a', at(0), compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await cache.answer('b', at(0), compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('shares one computation between readers that miss at the same time', async () => {
    const cache = listeningCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = vi.fn(async () => {
      await gate;
      return { value: 'a' };
    });
    const reads = [cache.answer('k', at(0), compute), cache.answer('k', at(0), compute)];
    release();
    expect(await Promise.all(reads)).toEqual(['a', 'a']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not store a failed computation', async () => {
    const cache = listeningCache();
    await expect(
      cache.answer('k', at(0), async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await cache.answer('k', at(0), async () => ({ value: 'a' }))).toBe('a');
  });
});
