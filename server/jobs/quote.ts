import Big from 'big.js';
import type { Limits } from '../budget/limits.ts';
import type { Prices } from '../proxy/prices.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import type { LedgerStore } from '../store/ledger-store.ts';
import { likelyPagesToBuy, timelineKnown } from './likely.ts';
import { outcomeOf, pageAsk } from './pages.ts';
import { planItems, type JobSpec, type PlannedItem } from './spec.ts';
import type { PaidOperation } from '../../src/contract/operations.ts';

export interface QuoteItem {
  kind: PaidOperation;
  subject: string;
  maxPages: number;
  archivedPages: number;
  maxCredits: string;
  /** The pages it likely buys (server/jobs/likely.ts): fewer than at most when the profile says the timeline is shorter. */
  likelyPages: number;
  likelyCredits: string;
  /** The post count its profile gives (timelines whose profile the archive holds), which the estimate came from. */
  profilePosts: number | null;
}
export interface Quote {
  /** At most: the job stops here (its hard stop). */
  maxCredits: string;
  pagesToBuy: number;
  /** Likely: what it would cost if each timeline ends where its profile's post count says. Never above maxCredits. */
  likelyCredits: string;
  likelyPagesToBuy: number;
  pagesInArchive: number;
  items: QuoteItem[];
  /** The least that any limit on the asker leaves (the operator's, their session's, their own); null when none is set. */
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
    const page = await archive.freeCopy({ ...ask, operation: ask.route.operation });
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
 * operation has cost; and what it likely costs, where an archived profile says a timeline is shorter.
 * Reads only: nothing is bought.
 */
export async function quoteJob(
  spec: JobSpec,
  { archive, prices, ledger, limits }: QuoteDeps,
  person: string | null = null,
): Promise<Quote> {
  await prices.refresh();
  const price = { timeline: prices.ceiling('timeline'), search: prices.ceiling('search') };
  const items: QuoteItem[] = [];
  let total = new Big(0);
  let likelyTotal = new Big(0);
  let pagesToBuy = 0;
  let likelyPages = 0;
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
    const known = item.kind === 'timeline' && toBuy > 0 ? await timelineKnown(archive, item.subject) : null;
    const likely = likelyPagesToBuy(item, archived, toBuy, known);
    const likelyCredits = new Big(each ?? 0).times(likely);
    items.push({
      kind: item.kind,
      subject: item.subject,
      maxPages: item.maxPages,
      archivedPages: archived,
      maxCredits: credits.toString(),
      likelyPages: likely,
      likelyCredits: likelyCredits.toString(),
      profilePosts: known?.posts ?? null,
    });
    total = total.plus(credits);
    likelyTotal = likelyTotal.plus(likelyCredits);
    pagesToBuy += toBuy;
    likelyPages += likely;
    pagesInArchive += archived;
  }
  // The asker's own session and limits (#33) beside the operator's: what the job's calls will be admitted against.
  const budgetLeft = limits.state(await ledger.budgetFigures(person)).remaining;
  return {
    maxCredits: total.toString(),
    pagesToBuy,
    likelyCredits: likelyTotal.toString(),
    likelyPagesToBuy: likelyPages,
    pagesInArchive,
    items,
    budgetLeft,
    fits: budgetLeft === null || total.lte(budgetLeft),
    price,
  };
}
