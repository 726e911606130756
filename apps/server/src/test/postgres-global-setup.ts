/** Vitest global setup of the API tests on the shared PostgreSQL server (TEST_DATABASE_URL). */
import type { TestProject } from 'vitest/node';
import { createMigratedTemplate } from './database-template';

export default async function setup(project: TestProject) {
  const serverUrl = project.config.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the api:postgres project needs TEST_DATABASE_URL');
  const { template, prefix, drop } = await createMigratedTemplate(serverUrl);
  project.provide('testDatabase', { serverUrl, template, prefix });
  return drop;
}
