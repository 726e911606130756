import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * A signed-in session: one refresh-token family (its id is the family id, and access tokens carry
 * it as `sid`), with the browser that opened it, the shortened address it was last used from and
 * when (decision 044). Whether it is still live is the refresh tokens' business.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The User-Agent header as sent, cut to 512 characters; null when none was sent. */
    userAgent: text('user_agent'),
    /** The client's address shortened (203.0.113.x): the full one is never stored. */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check('sessions_user_agent_check', sql`char_length(${t.userAgent}) <= 512`),
    check('sessions_ip_check', sql`char_length(${t.ip}) <= 64`),
  ],
);

/** Opaque refresh tokens, stored hashed; each refresh rotates to a new token in the same family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** Proof-of-work challenges already redeemed, kept until they expire so each is used once. */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * An account's authenticator secret (decision 043), encrypted with a key derived from the server
 * secret. `enabledAt` is null while the set-up waits for its first code; `lastUsedStep` is the TOTP
 * time step of the last code accepted, so a code works once.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as hashes; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * The password step of a sign-in with two factors, waiting (five minutes) for its code. Only the
 * token's hash is kept; `passwordHashDigest` binds it to the password it was opened with, so a
 * password change or reset meanwhile ends it.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHashDigest: text('password_hash_digest').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('two_factor_challenges_user_idx').on(t.userId),
    index('two_factor_challenges_expires_idx').on(t.expiresAt),
  ],
);
