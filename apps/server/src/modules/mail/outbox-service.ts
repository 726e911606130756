/**
 * The owner's outbox viewer (decision 030). The bodies are shown as sent, verification and reset
 * links included: the owner runs the server and could read them in the log anyway. The last mail
 * of an erased account is the exception: its address and content are never shown, only that it
 * waits or failed.
 */
import {
  MAIL_DELIVERY_OFF_PROBLEM_TYPE,
  MAIL_NOT_FAILED_PROBLEM_TYPE,
  OUTBOX_MESSAGES,
  OUTBOX_PAGE_SIZE,
  type OutboxMail,
  type OutboxMailSummary,
  type OutboxPage,
  type OutboxState,
  type outboxQuerySchema,
} from '@consult/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { isUuid } from '../../db/uuid';
import { HttpProblem } from '../../plugins/errors';
import { insertAuditEntry } from '../audit';
import {
  findOutboxMail,
  listOutboxMails,
  requeueUndeliveredMail,
  type OutboxRow,
} from './outbox-repository';

const STATE_OF_STATUS: Record<OutboxRow['status'], OutboxState> = {
  pending: 'queued',
  sent: 'sent',
  failed: 'failed',
  not_delivered: 'not_delivered',
};

type SummaryRow = Pick<
  OutboxRow,
  | 'id'
  | 'to'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'lastError'
  | 'createdAt'
  | 'sentAt'
  | 'eraseAfterSend'
  | 'nextAttemptAt'
> & { folding: boolean };

function toSummary(row: SummaryRow): OutboxMailSummary {
  return {
    id: row.id,
    to: row.eraseAfterSend ? null : row.to,
    subject: row.subject,
    state: STATE_OF_STATUS[row.status],
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    dueAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    gathering: row.status === 'pending' && row.attempts === 0 && row.folding,
    erased: row.eraseAfterSend,
  };
}

export async function outboxPage(
  deps: Pick<AppDeps, 'db'>,
  query: z.output<typeof outboxQuerySchema>,
): Promise<OutboxPage> {
  const { rows, total } = await listOutboxMails(
    deps.db,
    { state: query.state },
    { limit: OUTBOX_PAGE_SIZE, offset: (query.page - 1) * OUTBOX_PAGE_SIZE },
  );
  return {
    mails: rows.map(toSummary),
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)),
    totalMails: total,
  };
}

const notFound = () => new HttpProblem(404, OUTBOX_MESSAGES.notFound);

export async function outboxMail(deps: Pick<AppDeps, 'db'>, id: string): Promise<OutboxMail> {
  const row = isUuid(id) ? await findOutboxMail(deps.db, id) : undefined;
  if (!row) throw notFound();
  const withheld = row.eraseAfterSend;
  return {
    ...toSummary({ ...row, folding: row.foldItems !== null }),
    text: withheld ? null : row.text,
    html: withheld ? null : row.html,
    attachments: withheld
      ? []
      : row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
  };
}

/**
 * Puts a failed or not delivered mail back in the queue with fresh attempts; audited. 409 for any
 * other state, and while no mail server is configured (it would go nowhere again). Mail left not
 * delivered before SMTP_URL was set is sent only this way, one by one: clients get no flood of old
 * mail (decision 038).
 */
export async function resendMail(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  actorId: string,
  id: string,
): Promise<OutboxMailSummary> {
  if (!isUuid(id)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const before = await findOutboxMail(tx, id);
    if (!before) throw notFound();
    if (deps.mailer.delivery === 'none') {
      throw new HttpProblem(409, OUTBOX_MESSAGES.deliveryOff, {
        type: MAIL_DELIVERY_OFF_PROBLEM_TYPE,
      });
    }
    const row = await requeueUndeliveredMail(tx, id);
    if (!row) {
      throw new HttpProblem(409, OUTBOX_MESSAGES.onlyFailed, {
        type: MAIL_NOT_FAILED_PROBLEM_TYPE,
      });
    }
    await insertAuditEntry(tx, {
      actorId,
      action: 'mail.resend',
      target: id,
      details: {
        subject: row.subject,
        before: {
          state: STATE_OF_STATUS[before.status],
          attempts: before.attempts,
          lastError: before.lastError,
        },
        after: { state: 'queued', attempts: 0 },
      },
    });
    return toSummary({ ...row, folding: row.foldItems !== null });
  });
}
