/** The mail module's public face (decision 053): the mailer, the outbox and mail formatting. */
export { formatMailTime, localTime } from './mail-time';
export { createMailer } from './mailer';
export type { Mailer } from './mailer';
export {
  digestAddresses,
  oldestPendingMailAt,
  outboxCounts,
  releaseClaimsOfEarlierRun,
} from './outbox-repository';
export type { OutgoingMail } from './outbox-repository';
export { adminOutboxRoutes } from './routes';
export { mailOutbox } from './schema';
export { simpleMail } from './simple-mail';
