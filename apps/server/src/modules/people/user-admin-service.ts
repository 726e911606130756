/**
 * The admin's work on accounts: list and search, change role, disable; the last admin stays. The
 * owner's delete is an erasure when records must stay: `deleteAccountForOwner` in account/privacy.
 */
import { AUTH_MESSAGES, type AdminUserUpdate, type User, type UsersPage } from '@consult/shared';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { revokeUserRefreshTokens } from '../auth';
import { insertAuditEntry, auditChange } from '../audit';
import {
  toUserView,
  findUserById,
  listUsers,
  lockActiveAdminIds,
  pendingEmails,
  updateUser,
  type UserRow,
} from '../users';
import { viewUser } from '../account';

/** The account `id` names (404 when unknown or not an id). */
export async function findUserOr404(db: Db, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await findUserById(db, id) : undefined;
  if (!user) throw new HttpProblem(404, AUTH_MESSAGES.userNotFound);
  return user;
}

export async function listUsersPage(
  db: Db,
  query: { search?: string; page: number; pageSize: number },
): Promise<UsersPage> {
  const search = query.search?.trim() || undefined;
  const { rows, total } = await listUsers(db, {
    search,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const pending = await pendingEmails(
    db,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => toUserView(row, pending.get(row.id) ?? null)),
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    totalUsers: total,
  };
}

export async function getUser(db: Db, id: string): Promise<User> {
  return viewUser(db, await findUserOr404(db, id));
}

/** Throws 409 when `user` is the only admin who can still sign in and is about to lose that. */
export async function assertNotLastAdmin(tx: Tx, user: UserRow) {
  if (user.role !== 'admin' || user.disabledAt) return;
  const admins = await lockActiveAdminIds(tx);
  if (admins.length <= 1 && admins.includes(user.id)) {
    throw new HttpProblem(409, AUTH_MESSAGES.lastAdmin);
  }
}

export async function changeUser(
  db: Db,
  actor: UserRow,
  id: string,
  changes: AdminUserUpdate,
): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await findUserOr404(tx, id);
    const demotes = changes.role === 'user' && user.role === 'admin';
    const disables = changes.disabled === true && !user.disabledAt;
    if (demotes || disables) await assertNotLastAdmin(tx, user);
    const updated =
      (await updateUser(tx, id, {
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.disabled !== undefined && {
          disabledAt: changes.disabled ? (user.disabledAt ?? new Date()) : null,
        }),
      })) ?? user;
    if (disables) await revokeUserRefreshTokens(tx, id);
    if (changes.role !== undefined || changes.disabled !== undefined) {
      await insertAuditEntry(tx, {
        actorId: actor.id,
        action: 'user.update',
        target: id,
        details: {
          ...auditChange(
            { role: user.role, disabled: user.disabledAt !== null },
            { role: updated.role, disabled: updated.disabledAt !== null },
          ),
        },
      });
    }
    return viewUser(tx, updated);
  });
}
