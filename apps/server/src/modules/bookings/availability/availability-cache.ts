/**
 * The availability cache (decision 017): finished availability answers, and the service rows,
 * scheduling settings and each service's slots over the bookable stretch (decision 049) they are
 * computed from, kept in this process until anything that could change them is written.
 *
 * Freshness
 * - A trigger notifies 'availability_changed' at the commit of every write of bookings, services or
 *   settings (migration 0003), whoever makes it. Each notification bumps the generation, and only
 *   entries of the current generation are served. This process's own writes are reported before
 *   the writing query returns (db/client.ts), so a writer's next read is fresh; other nodes' writes
 *   as soon as the notification arrives.
 * - While the database connection that listens is down, nothing is served from the cache: every
 *   read computes afresh until it listens again.
 * - A computation that saw a change while it ran is not stored: it may predate the change.
 * - Time: an entry expires after `ttlMs` at the latest, or earlier when the caller says (the first
 *   slot leaving the notice window), so the passing of time never keeps a slot offered for long.
 * - Bounded: the least recently used entries go beyond `maxEntries`.
 */
import type { SchedulingSettings } from '@consult/shared';
import type { ChangeListener } from '../../../db/client';
import type { ServiceRow } from '../services-repository';

export const AVAILABILITY_CACHE_TTL_MS = 30_000;
export const AVAILABILITY_CACHE_MAX_ENTRIES = 500;

/** What a computation gives: the value, and until when (epoch ms, inclusive) it holds at most. */
export interface Computed<T> {
  value: T;
  expiresAt?: number;
}

interface Entry<T> {
  value: T;
  generation: number;
  expiresAt: number;
}

/** Least recently used first (a Map keeps insertion order; a hit is moved to the end). */
class Lru<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #inFlight = new Map<string, { generation: number; promise: Promise<T> }>();

  constructor(readonly maxEntries: number) {}

  get(key: string, generation: number, now: number): Entry<T> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.generation !== generation || now > entry.expiresAt) return undefined;
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry<T>): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  /** A computation of `key` already running in `generation`, shared by the readers that miss at once. */
  inFlight(key: string, generation: number): Promise<T> | undefined {
    const running = this.#inFlight.get(key);
    return running?.generation === generation ? running.promise : undefined;
  }

  track(key: string, generation: number, promise: Promise<T>): void {
    this.#inFlight.set(key, { generation, promise });
    const done = () => {
      if (this.#inFlight.get(key)?.promise === promise) this.#inFlight.delete(key);
    };
    promise.then(done, done);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

export class AvailabilityCache implements ChangeListener {
  #generation = 0;
  #listening = false;
  readonly #ttlMs: number;
  readonly #answers: Lru<unknown>;
  readonly #services: Lru<ServiceRow | undefined>;
  readonly #offered: Lru<unknown>;
  readonly #settings = new Lru<SchedulingSettings>(1);

  constructor(options: { ttlMs?: number; maxEntries?: number } = {}) {
    this.#ttlMs = options.ttlMs ?? AVAILABILITY_CACHE_TTL_MS;
    const maxEntries = options.maxEntries ?? AVAILABILITY_CACHE_MAX_ENTRIES;
    this.#answers = new Lru(maxEntries);
    this.#services = new Lru(maxEntries);
    this.#offered = new Lru(maxEntries);
  }

  onChange(): void {
    this.#generation += 1;
    this.#answers.clear();
    this.#services.clear();
    this.#offered.clear();
    this.#settings.clear();
  }

  onListening(listening: boolean): void {
    this.#listening = listening;
    // Changes may have been missed while not listening: nothing from before counts.
    this.onChange();
  }

  /** Whether anything is served from the cache (only while changes are heard). */
  get enabled(): boolean {
    return this.#listening;
  }

  /** How many answers are held (for tests and diagnostics). */
  get size(): number {
    return this.#answers.size;
  }

  /** A finished answer for `key`; `compute` runs on a miss. */
  answer<T>(key: string, now: Date, compute: () => Promise<Computed<T>>): Promise<T> {
    return this.#through(this.#answers as Lru<T>, key, now, compute);
  }

  service(
    slug: string,
    now: Date,
    load: () => Promise<ServiceRow | undefined>,
  ): Promise<ServiceRow | undefined> {
    return this.#through(this.#services, slug, now, async () => ({ value: await load() }));
  }

  /**
   * What a service offers over the whole bookable stretch, which every answer for it is cut from
   * (availability-service.ts); `compute` runs on a miss.
   */
  offered<T>(slug: string, now: Date, compute: () => Promise<Computed<T>>): Promise<T> {
    return this.#through(this.#offered as Lru<T>, slug, now, compute);
  }

  settings(now: Date, load: () => Promise<SchedulingSettings>): Promise<SchedulingSettings> {
    return this.#through(this.#settings, '', now, async () => ({ value: await load() }));
  }

  async #through<T>(
    lru: Lru<T>,
    key: string,
    now: Date,
    compute: () => Promise<Computed<T>>,
  ): Promise<T> {
    if (!this.#listening) return (await compute()).value;
    const generation = this.#generation;
    const hit = lru.get(key, generation, now.getTime());
    if (hit) return hit.value;
    const running = lru.inFlight(key, generation);
    if (running) return running;
    const promise = compute().then(({ value, expiresAt }) => {
      if (this.#listening && this.#generation === generation) {
        const latest = now.getTime() + this.#ttlMs;
        lru.set(key, {
          value,
          generation,
          expiresAt: expiresAt === undefined ? latest : Math.min(expiresAt, latest),
        });
      }
      return value;
    });
    lru.track(key, generation, promise);
    return promise;
  }
}
