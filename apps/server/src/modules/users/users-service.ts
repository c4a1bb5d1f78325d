import {
  MSG,
  pageWindow,
  type TPage,
  type TPageQuery,
  type TUser,
  type TUserCreate,
  type TUserUpdate,
  toPage,
} from '@ezrecharge/shared';
import { auditChange } from '../../infra/audit';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/http';
import { hashPassword } from '../../infra/passwords';
import { EMAIL_TAKEN, toApiUser, USERNAME_TAKEN, userConflict } from '../auth/auth-service';
import {
  deleteUser,
  findTaken,
  findUserById,
  insertUser,
  listUsers,
  lockSuperusers,
  lockUserById,
  type UserFilter,
  type UserRow,
  updateUser,
  userNames,
} from './users-repository';

/** Messages of the users admin (SPEC.md §8 names the success texts; the refusals are ours, the 409s auth's). */
export const USERS_MESSAGES = {
  saved: MSG.user_saved,
  deleted: MSG.user_deleted,
  usernameTaken: USERNAME_TAKEN,
  emailTaken: EMAIL_TAKEN,
  selfDemote: MSG.self_demote,
  selfDelete: MSG.self_delete,
  lastSuperuser: MSG.last_superuser,
} as const;

/** Who is acting, for the permission rules and the audit row. */
export interface Actor {
  id: number;
  isSuperuser: boolean;
  ip?: string | null;
}

function takenError(taken: { username: boolean; email: boolean }): AppError | undefined {
  const errors: Record<string, string> = {};
  if (taken.username) errors.username = USERS_MESSAGES.usernameTaken;
  if (taken.email) errors.email = USERS_MESSAGES.emailTaken;
  const [first] = Object.values(errors);
  return first ? AppError.conflict(first, errors) : undefined;
}

/** Turns a lost unique-index race into the same 409 the pre-check gives. */
function asConflict(err: unknown): unknown {
  return userConflict(err) ?? err;
}

/**
 * True when removing `targetId` from the active superusers (demotion or deletion) leaves none. `superusers` must
 * be the rows locked by lockSuperusers in the same transaction.
 */
export function wouldLeaveNoSuperuser(
  superusers: { id: number; isActive: boolean }[],
  targetId: number,
): boolean {
  const targetCounts = superusers.some((s) => s.id === targetId && s.isActive);
  return targetCounts && !superusers.some((s) => s.id !== targetId && s.isActive);
}

/** Users admin (superuser only, enforced by the routes): list, read, create, edit, delete, id → name map. */
export class UsersService {
  constructor(private readonly db: Db) {}

  async list(query: TPageQuery & UserFilter): Promise<TPage<TUser>> {
    const { rows, total } = await listUsers(
      this.db,
      { username: query.username, email: query.email },
      pageWindow(query),
    );
    return toPage(rows.map(toApiUser), total, query);
  }

  async get(id: number): Promise<TUser> {
    const row = await findUserById(this.db, id);
    if (!row) throw AppError.notFound(MSG.user_not_found);
    return toApiUser(row);
  }

  /**
   * User id → display name (nickname, else username). A superuser gets every user; anyone else only themself,
   * which is all their own order list needs (they see only their own orders).
   */
  async names(actor: Actor): Promise<Record<string, string>> {
    const rows = await userNames(this.db, actor.isSuperuser ? undefined : [actor.id]);
    return Object.fromEntries(rows.map((r) => [String(r.id), r.nickname || r.username]));
  }

  async create(actor: Actor, input: TUserCreate): Promise<TUser> {
    const taken = takenError(await findTaken(this.db, { username: input.username, email: input.email }));
    if (taken) throw taken;
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await this.db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          username: input.username,
          passwordHash,
          nickname: input.nickname,
          avatar: input.avatar,
          email: input.email,
          isSuperuser: input.is_superuser,
        });
        await auditChange(tx, actor, 'user.create', created.id, {
          username: created.username,
          nickname: created.nickname,
          email: created.email,
          is_superuser: created.isSuperuser,
        });
        return created;
      });
      return toApiUser(row);
    } catch (err) {
      throw asConflict(err);
    }
  }

  async update(actor: Actor, id: number, input: TUserUpdate): Promise<TUser> {
    if (actor.id === id && !input.is_superuser) throw AppError.badRequest(USERS_MESSAGES.selfDemote);
    try {
      const row = await this.db.transaction(async (tx) => {
        // Superusers first, then the target: every writer takes the locks in this order, so none deadlock.
        const superusers = await lockSuperusers(tx);
        const before = await lockUserById(tx, id);
        if (!before) throw AppError.notFound(MSG.user_not_found);
        if (!input.is_superuser && wouldLeaveNoSuperuser(superusers, id)) {
          throw AppError.badRequest(USERS_MESSAGES.lastSuperuser);
        }
        const taken = takenError(await findTaken(tx, { email: input.email }, id));
        if (taken) throw taken;
        const after = await updateUser(tx, id, {
          nickname: input.nickname,
          avatar: input.avatar,
          email: input.email,
          isSuperuser: input.is_superuser,
        });
        if (!after) throw AppError.notFound(MSG.user_not_found);
        await auditChange(tx, actor, 'user.update', id, { changed: changes(before, after) });
        return after;
      });
      return toApiUser(row);
    } catch (err) {
      throw asConflict(err);
    }
  }

  async remove(actor: Actor, id: number): Promise<void> {
    if (actor.id === id) throw AppError.badRequest(USERS_MESSAGES.selfDelete);
    await this.db.transaction(async (tx) => {
      const superusers = await lockSuperusers(tx);
      const target = await lockUserById(tx, id);
      if (!target) throw AppError.notFound(MSG.user_not_found);
      if (wouldLeaveNoSuperuser(superusers, id)) throw AppError.badRequest(USERS_MESSAGES.lastSuperuser);
      await deleteUser(tx, id);
      await auditChange(tx, actor, 'user.delete', id, {
        username: target.username,
        email: target.email,
        is_superuser: target.isSuperuser,
      });
    });
  }
}

const AUDITED_FIELDS = [
  ['nickname', 'nickname'],
  ['avatar', 'avatar'],
  ['email', 'email'],
  ['is_superuser', 'isSuperuser'],
] as const;

/** The edited fields that really changed, as `{ field: { from, to } }`. */
function changes(before: UserRow, after: UserRow): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [name, column] of AUDITED_FIELDS) {
    if (before[column] !== after[column]) out[name] = { from: before[column], to: after[column] };
  }
  return out;
}
