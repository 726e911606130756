/**
 * Before the browser tests: one migrated template database, which every server of a test's own
 * copies (`startOwnServer`) instead of running the migrations at its start. Dropped at the end.
 */
import { createMigratedTemplate } from '../../apps/server/src/test/database-template';
import { postgresUrl } from './own-server';

export default async function globalSetup() {
  const { template, drop } = await createMigratedTemplate(postgresUrl);
  // Read by the workers, which inherit this process's environment.
  process.env.E2E_DATABASE_TEMPLATE = template;
  return drop;
}
