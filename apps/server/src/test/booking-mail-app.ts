/**
 * The set-up of the tests that follow booking mails to the wire: an app that delivers to a local
 * SMTP peer and copies the owner, one service and one client.
 */
import { createUser } from './accounts';
import { insertTestBooking, insertTestService, type BookingRow, type ServiceRow } from './bookings';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';
import { createTestApp, type TestApp } from './test-app';

export const OWNER_EMAIL = 'owner@example.test';

export interface BookingMailApp {
  peer: SmtpPeer;
  t: TestApp;
  service: ServiceRow;
  client: Awaited<ReturnType<typeof createUser>>;
  /** A booking of `service` (unless another is given) for `client`. */
  book(booking: { startAt: Date; service?: ServiceRow } & Partial<BookingRow>): Promise<BookingRow>;
  close(): Promise<void>;
}

export async function startBookingMailApp(client: {
  email: string;
  name: string;
}): Promise<BookingMailApp> {
  const peer = await startSmtpPeer();
  const t = await createTestApp({ env: { SMTP_URL: peer.url, OWNER_EMAIL } });
  await t.app.ready();
  const service = await insertTestService(t.app.deps.db);
  const user = await createUser(t.app, client);
  return {
    peer,
    t,
    service,
    client: user,
    book: (booking) => insertTestBooking(t.app.deps.db, { service, clientId: user.id, ...booking }),
    close: async () => {
      await t.close();
      await peer.close();
    },
  };
}
