/**
 * The signed-in person's sessions (decision 044): the live ones listed with where and when they
 * were used, one ended, or all but the current one. Ending a session revokes its refresh tokens,
 * and `authenticate` refuses its access tokens from the next request on (decision 021). An
 * admin's endings are written to the audit log; a client's are their own business.
 */
import {
  SESSION_MESSAGES,
  type SessionsEnded,
  type SignedInSession,
  type SignedInSessions,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry } from '../audit';
import type { UserRow } from '../users';
import { revokeRefreshFamily, revokeUserRefreshTokens } from './auth-repository';
import { describeDevice } from './session-device';
import {
  countOtherLiveSessions,
  findLiveSession,
  listLiveSessions,
  type SessionRow,
} from './sessions-repository';

type SessionsDeps = Pick<AppDeps, 'db'>;

/** Who asks: the signed-in user and the session of their access token. */
export interface SessionOwner {
  user: UserRow;
  sessionId: string;
}

function toSignedInSession(row: SessionRow, currentId: string): SignedInSession {
  return {
    id: row.id,
    userAgent: row.userAgent,
    device: describeDevice(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    ip: row.ip,
    current: row.id === currentId,
  };
}

/** The live sessions, this one first, then the most recently used. */
export async function listSessions(
  deps: SessionsDeps,
  owner: SessionOwner,
): Promise<SignedInSessions> {
  const rows = await listLiveSessions(deps.db, owner.user.id);
  const sessions = rows.map((row) => toSignedInSession(row, owner.sessionId));
  return {
    sessions: [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)],
  };
}

function auditIfAdmin(tx: Tx, user: UserRow, action: string, target: string, details: object) {
  if (user.role !== 'admin') return;
  return insertAuditEntry(tx, { actorId: user.id, action, target, details: { ...details } });
}

/**
 * Ends one live session of the person: another person's, an ended or an unknown one is 404. Ending
 * the current one signs this browser out (the route clears its cookies).
 */
export async function endSession(
  deps: SessionsDeps,
  owner: SessionOwner,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw new HttpProblem(404, SESSION_MESSAGES.notFound);
  await deps.db.transaction(async (tx) => {
    const session = await findLiveSession(tx, owner.user.id, id);
    if (!session) throw new HttpProblem(404, SESSION_MESSAGES.notFound);
    await revokeRefreshFamily(tx, id);
    await auditIfAdmin(tx, owner.user, 'session.end', id, {
      device: describeDevice(session.userAgent),
      thisDevice: id === owner.sessionId,
    });
  });
}

/** Ends every session of the person but the current one; answers how many were live. */
export async function endOtherSessions(
  deps: SessionsDeps,
  owner: SessionOwner,
): Promise<SessionsEnded> {
  return deps.db.transaction(async (tx) => {
    const ended = await countOtherLiveSessions(tx, owner.user.id, owner.sessionId);
    await revokeUserRefreshTokens(tx, owner.user.id, owner.sessionId);
    if (ended > 0) {
      await auditIfAdmin(tx, owner.user, 'session.end_others', owner.user.id, { ended });
    }
    return { ended };
  });
}
