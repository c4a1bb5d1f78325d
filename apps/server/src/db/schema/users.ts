import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    email: text('email').notNull(),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /** 1 Register User, 2 Agent User (SPEC.md §3). */
    userType: smallint('user_type').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * 'en' or 'zh': the language of the account's last sign-in or of its sign-up, for e-mails nobody asked for
     * (the attack notice). Null until then: such e-mails go out in both languages.
     */
    lang: text('lang'),
    ...timestamps,
  },
  (t) => [
    // Usernames and e-mails are unique regardless of case: "Alice" and "alice" are one account.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
  ],
);

/** Opaque session tokens; only their HMAC is stored, so a database leak does not leak live sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * When this session passed a second factor (a TOTP or recovery code at sign-in, or the first code of an
     * enrolment); null for a password-only session. A superuser acts as one only on a session that has it.
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * E-mail verification codes (register, forget_password, and sign_in for an account under attack): hashed, single
 * use, short-lived, few tries. For sign_in, `email` holds the lower-case username the code unlocks.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_lookup_idx').on(t.purpose, sql`lower(${t.email})`, t.createdAt)],
);

/** Login event times already used per user: a replayed encrypted password is refused. */
export const loginNonces = pgTable(
  'login_nonces',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventtime: text('eventtime').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_nonces_uq').on(t.userId, t.eventtime)],
);

/**
 * TOTP (RFC 6238) of a user: the secret sealed with APP_SECRET (infra/sealed.ts), never stored in clear. A row
 * without `enabled_at` is an enrolment waiting for its first code. `last_step` is the time step of the last code
 * accepted: a code of that step or an earlier one is refused, so a code works once.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  ...timestamps,
});

/** Single-use recovery codes of a user's two-factor sign-in, each an argon2id hash (ASVS 5.0 6.5.2). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The state between a right password and the second factor: an opaque token (only its keyed hash stored), short-
 * lived, a few tries, used once. It is not a session: no guard accepts it.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('login_challenges_token_hash_uq').on(t.tokenHash)],
);
