import { describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../users/users-repository';
import { SIGNED_IN_CACHE_TTL_MS, SignedInCache, type SignedIn } from './signed-in-cache';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

const user = (id: string) => ({ id, role: 'user', disabledAt: null }) as unknown as UserRow;
const found = (id: string): SignedIn => ({ user: user(id), lastUsedAt: at(0) });

function listeningCache(options?: ConstructorParameters<typeof SignedInCache>[0]) {
  const cache = new SignedInCache(options);
  cache.onListening(true);
  return cache;
}

describe('SignedInCache', () => {
  it('loads a user and session once, then serves them', async () => {
    const cache = listeningCache();
    const load = vi.fn(async () => found('u1'));
    expect((await cache.signedIn('u1', 's1', at(0), load))?.user.id).toBe('u1');
    expect((await cache.signedIn('u1', 's1', at(1000), load))?.user.id).toBe('u1');
    expect(load).toHaveBeenCalledTimes(1);
    // Another session of the same user is read from the database before it is served.
    await cache.signedIn('u1', 's2', at(1000), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never keeps a session or user that was not found', async () => {
    const cache = listeningCache();
    const load = vi.fn(async () => undefined);
    expect(await cache.signedIn('u1', 's1', at(0), load)).toBeUndefined();
    expect(await cache.signedIn('u1', 's1', at(0), load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it("drops one user's entries on their change, and everything on a change without a user", async () => {
    const cache = listeningCache();
    await cache.signedIn('u1', 's1', at(0), async () => found('u1'));
    await cache.signedIn('u2', 's2', at(0), async () => found('u2'));
    cache.onChange('u1');
    expect([cache.holds('u1'), cache.holds('u2')]).toEqual([false, true]);
    cache.onChange('');
    expect(cache.size).toBe(0);
  });

  it('does not keep what was loaded across a change, which may predate it', async () => {
    const cache = listeningCache();
    await cache.signedIn('u1', 's1', at(0), async () => {
      cache.onChange('someone-else');
      return found('u1');
    });
    expect(cache.holds('u1')).toBe(false);
  });

  it('holds an entry for its time to live at most', async () => {
    const cache = listeningCache();
    const load = vi.fn(async () => found('u1'));
    await cache.signedIn('u1', 's1', at(0), load);
    await cache.signedIn('u1', 's1', at(SIGNED_IN_CACHE_TTL_MS), load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.signedIn('u1', 's1', at(SIGNED_IN_CACHE_TTL_MS + 1), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('serves nothing while not listening, and starts empty when listening again', async () => {
    const cache = listeningCache();
    await cache.signedIn('u1', 's1', at(0), async () => found('u1'));
    cache.onListening(false);
    expect(cache.enabled).toBe(false);
    const load = vi.fn(async () => found('u1'));
    await cache.signedIn('u1', 's1', at(0), load);
    await cache.signedIn('u1', 's1', at(0), load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
    cache.onListening(true);
    expect(cache.size).toBe(0);
  });

  it('forgets the users least recently seen beyond its bound', async () => {
    const cache = listeningCache({ maxUsers: 2 });
    await cache.signedIn('u1', 's', at(0), async () => found('u1'));
    await cache.signedIn('u2', 's', at(0), async () => found('u2'));
    await cache.signedIn('u1', 's', at(1), async () => found('u1'));
    await cache.signedIn('u3', 's', at(2), async () => found('u3'));
    expect(['u1', 'u2', 'u3'].map((id) => cache.holds(id))).toEqual([true, false, true]);
  });

  it('remembers a session marked used, and freezes the user it shares between requests', async () => {
    const cache = listeningCache();
    const first = await cache.signedIn('u1', 's1', at(0), async () => found('u1'));
    expect(Object.isFrozen(first!.user)).toBe(true);
    cache.markedUsed('u1', 's1', at(5000));
    const again = await cache.signedIn('u1', 's1', at(6000), async () => found('u1'));
    expect(again!.lastUsedAt).toEqual(at(5000));
  });

  it('holds a pending address until its link expires, and that there is none', async () => {
    const cache = listeningCache();
    const load = vi.fn(async () => ({ email: 'new@example.test', expiresAt: at(10_000) }));
    expect(await cache.pendingEmail('u1', at(0), load)).toBe('new@example.test');
    expect(await cache.pendingEmail('u1', at(9_999), load)).toBe('new@example.test');
    expect(load).toHaveBeenCalledTimes(1);
    const none = vi.fn(async () => null);
    expect(await cache.pendingEmail('u1', at(10_000), none)).toBeNull();
    expect(await cache.pendingEmail('u1', at(10_001), none)).toBeNull();
    expect(none).toHaveBeenCalledTimes(1);
  });
});
