/**
 * The notice to a client whose package credits expire within CREDIT_EXPIRY_NOTICE_DAYS (issue 24):
 * one mail per purchase, through the outbox, queued in the transaction that marks it sent, so a
 * restart neither loses nor repeats it and any number of runners may work at once.
 */
import {
  CREDIT_EXPIRY_NOTICE_DAYS,
  DAY_MS,
  HOUR_MS,
  isErasedAddress,
  paths,
} from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import type { Job } from '../../jobs/job-runner';
import { formatMailTime, simpleMail, type OutgoingMail } from '../mail';
import { findUserContacts } from '../users';
import { claimExpiringPurchases, updatePurchase } from './purchases-repository';

export type CreditExpiryDeps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'config' | 'clock'>;

export const CREDIT_EXPIRY_INTERVAL_MS = HOUR_MS;
const BATCH_SIZE = 50;

export function creditExpiryMail(facts: {
  appUrl: string;
  to: string;
  clientName: string;
  packageTitle: string;
  remaining: number;
  expiresAt: string;
}): OutgoingMail {
  const credits = `${facts.remaining} ${facts.remaining === 1 ? 'credit' : 'credits'}`;
  return simpleMail(
    facts.to,
    `Your ${credits} of ${facts.packageTitle} expire soon`,
    [
      `Hello ${facts.clientName}, you have ${credits} left of ${facts.packageTitle}; they expire on ${facts.expiresAt}.`,
      'Book a session before then to use them: a credit is used automatically when you book a covered service.',
    ],
    { href: `${facts.appUrl}${paths.consultation}`, label: 'Book a session' },
  );
}

/** Queues the notice of every purchase whose credits expire within the window. Returns how many. */
export async function sendCreditExpiryNotices(
  deps: CreditExpiryDeps,
  now: Date = deps.clock(),
): Promise<number> {
  const until = new Date(now.getTime() + CREDIT_EXPIRY_NOTICE_DAYS * DAY_MS);
  let sent = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await claimExpiringPurchases(tx, { now, until }, BATCH_SIZE);
      const clients = new Map(
        (await findUserContacts(tx, [...new Set(rows.map((row) => row.clientId))])).map(
          (client) => [client.id, client],
        ),
      );
      for (const purchase of rows) {
        const client = clients.get(purchase.clientId);
        if (client && !isErasedAddress(client.email)) {
          await deps.mailer.queueMail(
            creditExpiryMail({
              appUrl: deps.config.APP_URL,
              to: client.email,
              clientName: client.name,
              packageTitle: purchase.title,
              remaining: purchase.creditsRemaining,
              expiresAt: formatMailTime(purchase.expiresAt!, client.timeZone),
            }),
            tx,
          );
          sent += 1;
        }
        // Marked either way: an account gone since has nobody to tell.
        await updatePurchase(tx, purchase.id, { expiryNoticeSentAt: now });
      }
      return rows.length;
    });
    if (claimed < BATCH_SIZE) return sent;
  }
}

/** The jobs app.ts registers with the runner. */
export function packageJobs(deps: CreditExpiryDeps): Job[] {
  return [
    {
      name: 'credit-expiry-notices',
      intervalMs: CREDIT_EXPIRY_INTERVAL_MS,
      run: async () => {
        await sendCreditExpiryNotices(deps);
      },
    },
  ];
}
