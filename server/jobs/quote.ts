import Big from 'big.js';
import type { Limits } from '../budget/limits.ts';
import type { Prices } from '../proxy/prices.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import { outcomeOf, pageAsk } from './pages.ts';
import { planItems, type JobSpec, type PlannedItem } from './spec.ts';

export interface QuoteItem {
  kind: 'timeline' | 'search';
  subject: string;
  maxPages: number;
  archivedPages: number;
  maxCredits: string;
}
export interface Quote {
  maxCredits: string;
  pagesToBuy: number;
  pagesInArchive: number;
  items: QuoteItem[];
  /** The lower of what the operator's and the personal limit leave; null when neither is set. */
  budgetLeft: string | null;
  fits: boolean;
  /** The most a page of each operation has cost (the list price until one is charged): what each page is quoted at. Null while unknown. */
  price: { timeline: string | null; search: string | null };
}
export interface QuoteDeps {
  archive: ArchiveStore;
  prices: Prices;
  ledger: LedgerStore;
  limits: Limits;
}

/**
 * The pages of an item the archive would serve free now, read in order as the job would obtain them
 * (a timeline's cursors taken from the archived answers), and whether the archive shows the item ends there.
 */
async function archivedRun(
  item: PlannedItem,
  spec: JobSpec,
  archive: ArchiveStore,
): Promise<{ archived: number; ended: boolean }> {
  let cursor: string | null = null;
  for (let index = 0; index < item.maxPages; index += 1) {
    const ask = pageAsk(item.kind, item.subject, cursor, index);
    const page = await archive.servable(ask.key, ask.route.operation, ask.params);
    if (!page) return { archived: index, ended: false };
    const outcome = outcomeOf(item.kind, page.body, cursor, spec.timeline);
    if (!outcome) return { archived: index, ended: false };
    if (outcome.ended) return { archived: index + 1, ended: true };
    cursor = outcome.next;
  }
  return { archived: item.maxPages, ended: true };
}

export class PriceUnknown extends Error {}

/**
 * The most a job can cost: every page the archive cannot serve free, at the highest price its
 * operation has cost. Reads only: nothing is bought.
 */
export async function quoteJob(spec: JobSpec, { archive, prices, ledger, limits }: QuoteDeps): Promise<Quote> {
  await prices.refresh();
  const price = { timeline: prices.ceiling('timeline'), search: prices.ceiling('search') };
  const items: QuoteItem[] = [];
  let total = new Big(0);
  let pagesToBuy = 0;
  let pagesInArchive = 0;
  for (const item of planItems(spec)) {
    const { archived, ended } = await archivedRun(item, spec, archive);
    const toBuy = ended ? 0 : item.maxPages - archived;
    const each = price[item.kind];
    if (each === null && toBuy > 0) {
      throw new PriceUnknown(
        `The price of a ${item.kind} page is not known yet (the upstream publishes none; creditscope learns it from the first page bought). Open one ${item.kind === 'timeline' ? 'timeline' : 'search'} in the app, then ask for the quote again.`,
      );
    }
    const credits = new Big(each ?? 0).times(toBuy);
    items.push({
      kind: item.kind,
      subject: item.subject,
      maxPages: item.maxPages,
      archivedPages: archived,
      maxCredits: credits.toString(),
    });
    total = total.plus(credits);
    pagesToBuy += toBuy;
    pagesInArchive += archived;
  }
  const budgetLeft = limits.state(await ledger.budgetFigures()).remaining;
  return {
    maxCredits: total.toString(),
    pagesToBuy,
    pagesInArchive,
    items,
    budgetLeft,
    fits: budgetLeft === null || total.lte(budgetLeft),
    price,
  };
}
