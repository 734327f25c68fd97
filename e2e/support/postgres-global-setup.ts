import { startThrowawayPostgres } from '../../server/testing/postgres.ts';

/**
 * One PostgreSQL for the whole e2e run, its URL in E2E_DATABASE_URL for the workers (they inherit this
 * process's environment). The webServer entries start before global setup, so they cannot be handed it.
 */
export default async function globalSetup() {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    process.env.E2E_DATABASE_URL = given;
    return;
  }
  const cluster = await startThrowawayPostgres().catch((error: Error) => {
    throw new Error(
      `The e2e suite needs PostgreSQL and it could not be started (set TEST_DATABASE_URL to use an existing server). ${error.message}`,
    );
  });
  process.env.E2E_DATABASE_URL = cluster.url;
  return () => cluster.stop();
}
