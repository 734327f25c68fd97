import { Migrator } from 'kysely/migration';
import { checkStore } from '../store/health.ts';
import { migrationProvider } from '../store/migrations.ts';
import type { Store } from '../store/store.ts';

/** What GET /readyz answers: ready to take traffic, or why not (never the database's address or password). */
export type Readiness =
  | { ready: true; store: 'up'; unsettled: 0 }
  | { ready: false; store: 'down'; problem: string; unsettled: number }
  | { ready: false; store: 'up'; problem: string; pendingMigrations: string[]; unsettled: number };

/**
 * Ready when the store answers a trivial query, no settlement is waiting for it (server/store/health.ts), and
 * every migration this version knows has been applied to it (a database restored from before them, or emptied, is
 * not). Reads only: it never migrates (the start-up does) and never calls the upstream.
 */
export async function readiness(store: Store): Promise<Readiness> {
  const health = await checkStore(store);
  if (!health.up)
    return { ready: false, store: 'down', problem: health.problem ?? 'the store is down', unsettled: health.unsettled };
  let pending: string[];
  try {
    const known = await new Migrator({ db: store.db.kysely, provider: migrationProvider }).getMigrations();
    pending = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  } catch (error) {
    return {
      ready: false,
      store: 'down',
      problem: `cannot read the store's migrations: ${(error as Error).message}`,
      unsettled: health.unsettled,
    };
  }
  if (pending.length > 0)
    return {
      ready: false,
      store: 'up',
      problem: `the store lacks ${pending.length} migration(s) this version needs; restart creditscope to apply them`,
      pendingMigrations: pending,
      unsettled: health.unsettled,
    };
  return { ready: true, store: 'up', unsettled: 0 };
}
