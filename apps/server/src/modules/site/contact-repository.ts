import type { ContactMessage } from '@consult/shared';
import type { Db } from '../../db/client';
import { contactMessages } from './schema';

export async function insertContactMessage(db: Db, message: ContactMessage): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: message.name,
      phone: message.phone,
      email: message.email,
      type: message.type,
      message: message.message,
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}
