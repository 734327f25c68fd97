import type { NewItem, Watch, WatchRun } from '../../src/contract/watches.ts';
import type { Prices } from '../proxy/prices.ts';
import { definitionOf, quoteOf } from './draft.ts';
import type { ItemRow, RunRow, WatchRow } from './watch-store.ts';

const ms = (at: string) => new Date(at).getTime();

/** A run as the contract (src/contract/watches.ts) says it. */
export function runView(row: RunRow): WatchRun {
  return {
    id: row.id,
    watchId: row.watch_id,
    dueAt: ms(row.due_at),
    startedAt: ms(row.started_at),
    finishedAt: row.finished_at === null ? null : ms(row.finished_at),
    state: row.state,
    calls: row.calls,
    credits: row.credits,
    newItems: row.new_items,
    reason: row.reason,
    trigger: row.trigger,
  };
}

/** A watch as the contract says it, with its last run and its quote at today's prices. */
export function watchView(row: WatchRow, lastRun: RunRow | undefined, prices: Prices): Watch {
  const definition = definitionOf(row);
  return {
    id: row.id,
    ...definition,
    owner: row.owner,
    createdAt: ms(row.created_at),
    nextRunAt: row.paused === 1 || row.next_due_at === null ? null : ms(row.next_due_at),
    lastRun: lastRun ? runView(lastRun) : null,
    quote: quoteOf(definition, prices.ceiling(definition.kind)),
  };
}

export function itemView(row: ItemRow): NewItem {
  return {
    watchId: row.watch_id,
    key: row.key,
    kind: row.kind,
    seenAt: row.seen_at === null ? null : ms(row.seen_at),
    foundAt: ms(row.found_at),
    runId: row.run_id,
    preview: row.preview,
    link: row.link,
    matched: row.matched === 1,
  };
}
