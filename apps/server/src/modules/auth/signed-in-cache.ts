/**
 * The signed-in cache (decision 049): what `authenticate` reads of a token's user and session, and
 * the user's address waiting for confirmation, kept in this process until the database says it
 * changed, so a signed-in read costs no query.
 *
 * Freshness
 * - Migration 0021 notifies 'auth_changed' with the user's id at the commit of every write that can
 *   end a session (a revoked or deleted token or session) or change the user (role, password,
 *   disabled, e-mail, deletion) or their pending address; a TRUNCATE notifies without an id. Each
 *   notification drops what is held of that user (or everything). This process's own writes are
 *   reported before the writing statement returns (db/client.ts), so a sign-out, an ended session,
 *   a password, role or two-factor change counts from the next request; other nodes' writes as soon
 *   as the notification arrives.
 * - While the connection that listens is down, nothing is served from here: every request reads
 *   the database until it listens again, and then starts empty.
 * - A load that saw any notification while it ran is not kept: it may predate the change.
 * - Only what exists is kept (an open session, a user): a refused token always asks the database.
 * - Time: an entry holds for `ttlMs` at most, a pending address until its link expires.
 * - Bounded: the users least recently seen go beyond `maxUsers`.
 */
import type { ChangeListener } from '../../db/client';
import type { UserRow } from '../users';

export const SIGNED_IN_CACHE_TTL_MS = 60_000;
export const SIGNED_IN_CACHE_MAX_USERS = 1000;

/** What a request with a valid token needs to go on: its user and when its session was last marked used. */
export interface SignedIn {
  user: UserRow;
  lastUsedAt: Date;
}

/** The address a user asked to change to, and until when the link that confirms it holds. */
export interface PendingEmail {
  email: string;
  expiresAt: Date;
}

interface UserEntry {
  user?: UserRow;
  /** Open sessions of the user, with their last-used mark. */
  sessions: Map<string, Date>;
  pending?: PendingEmail | null;
  expiresAt: number;
}

export class SignedInCache implements ChangeListener {
  #listening = false;
  #generation = 0;
  /** Least recently seen first (a Map keeps insertion order; a hit moves the user to the end). */
  readonly #users = new Map<string, UserEntry>();
  readonly #ttlMs: number;
  readonly #maxUsers: number;

  constructor(options: { ttlMs?: number; maxUsers?: number } = {}) {
    this.#ttlMs = options.ttlMs ?? SIGNED_IN_CACHE_TTL_MS;
    this.#maxUsers = options.maxUsers ?? SIGNED_IN_CACHE_MAX_USERS;
  }

  onChange(userId: string): void {
    this.#generation += 1;
    if (userId === '') this.#users.clear();
    else this.#users.delete(userId);
  }

  onListening(listening: boolean): void {
    this.#listening = listening;
    // Changes may have been missed while not listening: nothing from before counts.
    this.onChange('');
  }

  /** Whether anything is served from the cache (only while changes are heard). */
  get enabled(): boolean {
    return this.#listening;
  }

  /** How many users are held (for tests and diagnostics). */
  get size(): number {
    return this.#users.size;
  }

  /** Whether anything of the user is held (for tests and diagnostics). */
  holds(userId: string): boolean {
    return this.#users.has(userId);
  }

  /**
   * The user and open session of a valid token; `load` reads them when they are not held. Undefined
   * (the session ended, the user is gone) is never kept.
   */
  async signedIn(
    userId: string,
    sessionId: string,
    now: Date,
    load: () => Promise<SignedIn | undefined>,
  ): Promise<SignedIn | undefined> {
    const entry = this.#entry(userId, now);
    const lastUsedAt = entry?.sessions.get(sessionId);
    if (entry?.user && lastUsedAt) return { user: entry.user, lastUsedAt };
    const generation = this.#generation;
    const loaded = await load();
    if (loaded && this.#keeps(generation)) {
      const kept = this.#entryToFill(userId, now);
      // Requests share it from now on: none may change it for the others.
      kept.user = Object.freeze(loaded.user);
      kept.sessions.set(sessionId, loaded.lastUsedAt);
    }
    return loaded;
  }

  /** The session was marked used at `at` (by this request): no need to mark it again before long. */
  markedUsed(userId: string, sessionId: string, at: Date): void {
    const sessions = this.#users.get(userId)?.sessions;
    if (sessions?.has(sessionId)) sessions.set(sessionId, at);
  }

  /** The user's address waiting for confirmation; `load` reads it when it is not held. */
  async pendingEmail(
    userId: string,
    now: Date,
    load: () => Promise<PendingEmail | null>,
  ): Promise<string | null> {
    const held = this.#entry(userId, now)?.pending;
    if (held === null) return null;
    if (held && held.expiresAt > now) return held.email;
    const generation = this.#generation;
    const loaded = await load();
    if (this.#keeps(generation)) this.#entryToFill(userId, now).pending = loaded;
    return loaded?.email ?? null;
  }

  #keeps(generation: number): boolean {
    return this.#listening && this.#generation === generation;
  }

  /** The user's entry while it holds, moved to the most recently seen end. */
  #entry(userId: string, now: Date): UserEntry | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#users.get(userId);
    if (!entry) return undefined;
    this.#users.delete(userId);
    if (now.getTime() > entry.expiresAt) return undefined;
    this.#users.set(userId, entry);
    return entry;
  }

  #entryToFill(userId: string, now: Date): UserEntry {
    const held = this.#entry(userId, now);
    if (held) return held;
    const entry: UserEntry = { sessions: new Map(), expiresAt: now.getTime() + this.#ttlMs };
    this.#users.set(userId, entry);
    if (this.#users.size > this.#maxUsers) this.#users.delete(this.#users.keys().next().value!);
    return entry;
  }
}
