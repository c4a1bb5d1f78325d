import { MSG, SESSION_DAYS } from '@ezrecharge/shared';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sessions, twoFactor, users } from '../db/schema';
import type { Db, DbOrTx } from './db';
import { AppError } from './http';
import { keyedHash, keyedHashes, newToken } from './tokens';

/**
 * Sessions (DESIGN.md §9): an opaque random token handed to the client once; the database keeps only its keyed
 * hash, an expiry of SESSION_DAYS, and a revocation time. `requireUser` / `requireSuperuser` are the preHandlers
 * every protected route uses, so role checks happen on the server for every call.
 */
export interface SessionUser {
  id: number;
  username: string;
  nickname: string;
  email: string;
  avatar: string;
  /**
   * Acts as a superuser: holds the role AND this session passed a second factor (issue #15). Everything that
   * grants superuser powers reads this, so a password-only session of a superuser has none of them.
   */
  isSuperuser: boolean;
  /** Holds the superuser role but this session has not passed a second factor (it may only enrol, or sign in again). */
  superuserPending: boolean;
  /** Two-factor sign-in is on for the user. */
  twoFactorEnabled: boolean;
  userType: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`/`requireSuperuser` (null on public routes). */
    user: SessionUser | null;
  }
}

const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
const PURPOSE = 'session';

export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /**
   * Starts a session; returns the token, which is never stored and never shown again. `secondFactor`: the sign-in
   * passed a second factor (a TOTP or recovery code).
   */
  async create(
    tx: DbOrTx,
    userId: number,
    meta: { ip?: string; userAgent?: string },
    secondFactor = false,
  ): Promise<string> {
    const token = newToken();
    const now = new Date();
    await tx.insert(sessions).values({
      userId,
      tokenHash: keyedHash(this.secret, token, PURPOSE),
      expiresAt: new Date(now.getTime() + SESSION_MS),
      secondFactorAt: secondFactor ? now : null,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
    });
    return token;
  }

  /** The session passed a second factor now (the first code of an enrolment). */
  async markSecondFactor(tx: DbOrTx, sessionId: number): Promise<void> {
    await tx.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /**
   * The live session of a token and its (active) user, or null. A session whose token was hashed with an older key
   * of APP_SECRETS is found too, and its hash rewritten with the newest key (so it outlives that key's removal).
   */
  async resolve(token: string): Promise<SessionUser | null> {
    if (token.length < 20 || token.length > 100) return null;
    const hashes = keyedHashes(this.secret, token, PURPOSE);
    const [row] = await this.db
      .select({
        tokenHash: sessions.tokenHash,
        sessionId: sessions.id,
        id: users.id,
        username: users.username,
        nickname: users.nickname,
        email: users.email,
        avatar: users.avatar,
        role: users.isSuperuser,
        secondFactorAt: sessions.secondFactorAt,
        twoFactorEnabledAt: twoFactor.enabledAt,
        userType: users.userType,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
      .where(
        and(
          inArray(sessions.tokenHash, hashes),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    if (!row) return null;
    const { role, secondFactorAt, twoFactorEnabledAt, tokenHash, ...user } = row;
    const newest = hashes[0];
    if (newest && tokenHash !== newest) {
      await this.db.update(sessions).set({ tokenHash: newest }).where(eq(sessions.id, row.sessionId));
    }
    return {
      ...user,
      isSuperuser: role && secondFactorAt !== null,
      superuserPending: role && secondFactorAt === null,
      twoFactorEnabled: twoFactorEnabledAt !== null,
    };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /**
   * Ends every live session of a user (password change or reset, deactivation), or every one but `keep` (turning
   * two-factor sign-in on or off signs out the other devices).
   */
  async revokeAll(tx: DbOrTx, userId: number, keep?: number): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keep === undefined ? undefined : ne(sessions.id, keep),
        ),
      );
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export interface AuthGuards {
  requireUser: preHandlerAsyncHookHandler;
  requireSuperuser: preHandlerAsyncHookHandler;
}

export function registerAuth(app: FastifyInstance, sessionStore: Sessions): AuthGuards {
  app.decorateRequest('user', null);
  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw AppError.unauthorized('Not authenticated: sign in first');
    const user = await sessionStore.resolve(token);
    if (!user) throw AppError.unauthorized('Your session has expired. Please sign in again.');
    request.user = user;
  };
  // A superuser's session without a second factor is refused with what to do: enrol, or sign in with a code.
  const requireSuperuser: preHandlerAsyncHookHandler = async function (request, reply) {
    await requireUser.call(this, request, reply);
    const user = request.user;
    if (user?.superuserPending) {
      throw new AppError(
        'forbidden',
        user.twoFactorEnabled ? MSG.two_factor_session_required : MSG.two_factor_enrol_required,
      );
    }
    if (!user?.isSuperuser) throw AppError.forbidden('Only administrators can do this');
  };
  return { requireUser, requireSuperuser };
}

/** The signed-in user of a route guarded by requireUser; a programming error if the guard is missing. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

/** The signed-in user who makes a change, and from where (for the audit row). */
export function requestActor(request: FastifyRequest): { id: number; isSuperuser: boolean; ip: string } {
  const user = currentUser(request);
  return { id: user.id, isSuperuser: user.isSuperuser, ip: request.ip };
}
