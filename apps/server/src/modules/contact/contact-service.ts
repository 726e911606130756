import type { ContactMessage } from '@consult/shared';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { contactMail } from './contact-mail';
import { insertContactMessage } from './contact-repository';

/**
 * Stores the message and queues the owner's copy in one transaction: a message is never stored
 * without its mail or mailed without being stored. With no OWNER_EMAIL it is only stored.
 */
export async function submitContactMessage(
  deps: { db: Db; mailer: Mailer; ownerEmail: string | undefined },
  message: ContactMessage,
): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, message);
    if (deps.ownerEmail) await deps.mailer.queueMail(contactMail(deps.ownerEmail, message), tx);
    return { id };
  });
}
