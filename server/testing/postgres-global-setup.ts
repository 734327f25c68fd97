import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './postgres.ts';

declare module 'vitest' {
  interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run; each test file makes its own database in it (createTestDatabase).
 * No PostgreSQL fails the run: store tests never pass by skipping the backend CI deploys on.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('databaseUrl', given);
    return;
  }
  const cluster = await startThrowawayPostgres().catch((error: Error) => {
    throw new Error(
      `Store tests need PostgreSQL and it could not be started (set TEST_DATABASE_URL to use an existing server). ${error.message}`,
    );
  });
  project.provide('databaseUrl', cluster.url);
  return () => cluster.stop();
}
