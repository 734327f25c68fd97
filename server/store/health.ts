import { sql } from 'kysely';
import { storeUnavailable } from './errors.ts';
import type { Store } from './store.ts';

/** Whether the store can be used now: part of what /readyz tells a load balancer (server/http/readiness.ts). */
export interface StoreHealth {
  up: boolean;
  /** Why not, when it is down (never the database's address or password). */
  problem?: string;
  /** Answered calls whose settlement the store refused, kept in memory until it takes them. */
  unsettled: number;
}

/** A probe a health check can afford every few seconds: one trivial query, bounded in time. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Up when a trivial query answers within the bound, the store took the last journal entry asked of it, and no
 * settlement is waiting for the store (one waiting means the store refused a write: a full disk, a database server
 * that just came back). Costs nothing upstream.
 */
export async function checkStore(store: Store): Promise<StoreHealth> {
  const unsettled = store.ledger.settlements.unsettledCount;
  let timer: NodeJS.Timeout | undefined;
  let refusal: string | null;
  try {
    refusal = await Promise.race([
      sql`select 1`.execute(store.db.kysely).then(() => store.ledger.journal.refusing()),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the store did not answer within ${PROBE_TIMEOUT_MS / 1000} s`)),
          PROBE_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    return {
      up: false,
      problem: storeUnavailable(error) ?? `cannot use the store: ${(error as Error).message}`,
      unsettled,
    };
  } finally {
    clearTimeout(timer);
  }
  if (refusal !== null)
    return {
      up: false,
      problem: `the store refuses writes (${refusal}): paid calls are refused until it takes them`,
      unsettled,
    };
  if (unsettled > 0)
    return {
      up: false,
      problem: `the store refused ${unsettled} settlement(s); they are retried until it takes them`,
      unsettled,
    };
  return { up: true, unsettled };
}
