/**
 * Vitest global setup of the contract tests on the engine that ships (decision 055): one cluster
 * of the embedded PostgreSQL 17, started by the server's own code (decision 051) in a temporary
 * DATA_DIR, with a migrated template that each test file copies.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { createMigratedTemplate } from './database-template';

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'consult-test-pg-'));
  // A throwaway cluster need not survive a power cut: commits skip the disk flush. It serves two
  // test files at a time, each with its own pools (the app's 10, the test's own, the listeners;
  // two apps in the two-node tests) and some with 30 or 50 queries at once, where the site holds
  // one pool of 4: 100 connections ran out once when two such files met, so it allows 200.
  // Queries, plans, locks and errors are those of the shipped engine.
  const cluster = await startEmbeddedPostgres(dataDir, undefined, {
    settings: { fsync: 'off', synchronous_commit: 'off', max_connections: '200' },
  });
  try {
    // The cluster goes at the end with every database in it: nothing is dropped one by one.
    const { template, prefix } = await createMigratedTemplate(cluster.url);
    project.provide('testDatabase', { serverUrl: cluster.url, template, prefix });
  } catch (err) {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return async () => {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
