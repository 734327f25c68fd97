import Big from 'big.js';
import type { CallRow } from '../../ledger/rows.ts';
import { storeUnavailable } from '../errors.ts';
import { GroupCommit } from '../group-commit.ts';
import type { Db } from '../open.ts';
import { SettleRetry } from '../settle-retry.ts';
import { settleBatch, type ArchiveWrite, type NewCall, type Settlement } from './settle-batch.ts';

/** What a settled row says that an answer carries (its id, status, credits, charge), known before the row is written. */
export type SettledCall = Pick<CallRow, 'id' | 'status' | 'credits' | 'durationMs' | 'charged'>;

/**
 * Settles journalled calls with what the upstream said: the row, the totals, the prices and the archived
 * answer in one transaction, calls settling together in one batch (GroupCommit). A settlement the store
 * refuses is kept and retried (SettleRetry) while its row stays pending, its reservation still counted.
 */
export class Settlements {
  private archivedListener: ((pageKeys: string[]) => void) | null = null;

  constructor(private readonly db: Db) {}

  private readonly batches = new GroupCommit<Settlement, CallRow>(async (items) => {
    const { rows, archivedKeys } = await this.db.transact((trx) => settleBatch(trx, items));
    // Committed whatever the listener does: a failure to hand pages over only delays their indexing to the next search.
    try {
      this.archivedListener?.(archivedKeys);
    } catch {
      /* indexed by the next full catch-up */
    }
    return rows;
  });

  private readonly unsettled = new SettleRetry<Settlement>((item) => this.batches.submit(item));

  /** Told the page keys of each batch of answers this process has archived, once they are committed. */
  onArchived(listener: (pageKeys: string[]) => void) {
    this.archivedListener = listener;
  }

  /** Settles a journalled call with what the upstream said, with its totals, prices and archived answer. */
  settle(
    id: string,
    call: NewCall,
    archive: ArchiveWrite | null,
    responseHeaders?: Record<string, string>[],
  ): Promise<CallRow> {
    return this.batches.submit({ id, call, archive, responseHeaders });
  }

  /**
   * Settles a call the upstream has answered; when the store cannot take the settlement just now (a full
   * disk, the database server stopped), keeps it and writes it as soon as the store can (SettleRetry), so
   * the answer is still delivered. Until then the row stays pending and its reservation keeps counting.
   */
  async settleOrKeep(
    id: string,
    call: NewCall,
    archive: ArchiveWrite | null,
    responseHeaders?: Record<string, string>[],
  ): Promise<SettledCall> {
    try {
      return await this.settle(id, call, archive, responseHeaders);
    } catch (error) {
      this.unsettled.keep({ id, call, archive, responseHeaders }, storeUnavailable(error) ?? (error as Error).message);
      return {
        id,
        status: call.status,
        credits: new Big(call.credits).toString(),
        durationMs: call.durationMs,
        charged: call.charged,
      };
    }
  }

  /** The store has taken another write: settlements it refused need not wait for their next round. */
  storeIsBack() {
    this.unsettled.storeIsBack();
  }

  /** Settlements kept in memory because the store refused them, not yet written. */
  get unsettledCount(): number {
    return this.unsettled.size;
  }

  /** At a clean shutdown: tries the kept settlements once more; resolves with how many are still unwritten. */
  flushUnsettled(): Promise<number> {
    return this.unsettled.flush();
  }
}
