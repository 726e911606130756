import type { ContactMessage } from '@consult/shared';
import type { AppDeps } from '../../app-deps';
import { contactMail } from './contact-mail';
import { ownerMailAddresses } from '../users';
import { insertContactMessage } from './contact-repository';

/**
 * Stores the message and queues the owner's copy in one transaction: a message is never stored
 * without its mail or mailed without being stored. The copy goes to OWNER_EMAIL, else to each
 * admin who can still sign in.
 */
export async function submitContactMessage(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  message: ContactMessage,
): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, message);
    for (const to of await ownerMailAddresses(tx, deps.config.OWNER_EMAIL ?? null)) {
      await deps.mailer.queueMail(contactMail(to, message), tx);
    }
    return { id };
  });
}
