import type { JobItem, JobQuote, JobSpec, JobSummary } from '../../api/jobs';
import { writeDate } from '../../contract/dates/date-format';
import { mulDiv, sumDecimals } from '../../contract/decimal-math';

import { plural } from './running-summary';

export { plural, runningSummary } from './running-summary';

/** The sentence a stopped job shows, naming which ceiling stopped it: its quote or the operator's limit. */
export function stopTitle(job: Pick<JobSummary, 'status' | 'stopReason'>): string | null {
  if (job.status === 'cancelled' || job.stopReason === 'cancelled') return 'Cancelled';
  if (job.status !== 'stopped') return null;
  switch (job.stopReason) {
    case 'quote':
      return 'Stopped at the quote';
    case 'limit':
      return "Stopped: the operator's credit limit is reached";
    case 'error':
      return 'Stopped by an error';
    case 'creator-removed':
      return 'Stopped: the person who started it was removed';
    default:
      return 'Stopped';
  }
}

export const JOB_STATUS_WORDS: Record<JobSummary['status'], string> = {
  running: 'Running',
  paused: 'Paused',
  done: 'Done',
  cancelled: 'Cancelled',
  stopped: 'Stopped',
};

export const ITEM_STATUS_WORDS: Record<JobItem['status'], string> = {
  queued: 'queued',
  running: 'running',
  done: 'done',
  failed: 'failed',
  stopped: 'stopped',
  cancelled: 'cancelled',
};

/** 0–100 for a progress bar; an empty plan is complete (nothing to do). */
export function percent(done: number, planned: number): number {
  if (planned <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((done / planned) * 100)));
}

/**
 * A bar's fill and figures. The plan is a ceiling: a timeline that ends before it finishes early, and its
 * bar is then full, with the ceiling said (`28 of at most 100`) rather than left looking unfinished.
 */
export function pageProgress(done: number, planned: number, finished: boolean): { value: number; text: string } {
  if (finished && done < planned) return { value: 100, text: `${done} of at most ${planned}` };
  return { value: percent(done, planned), text: `${done}/${planned}` };
}

/** Credits spent as a share of the quote, exactly on decimals; a quote of 0 is full once anything is done. */
export function creditPercent(spent: string, quoted: string): number {
  const share = mulDiv(spent, '100', quoted, 0);
  return share === null ? 100 : Math.min(100, Number(share));
}

/** What a resume can still spend: the quote less what is spent, never below 0. */
export function creditsLeft(job: Pick<JobSummary, 'quoteMaxCredits' | 'spent'>): string {
  const left = sumDecimals([job.quoteMaxCredits, `-${job.spent}`]);
  return left.startsWith('-') ? '0' : left;
}

/** Whether a limit leaves nothing for the pages the job must buy: then Start offers no price. */
export function startBlocked(quote: Pick<JobQuote, 'budgetLeft' | 'pagesToBuy'>): boolean {
  return quote.pagesToBuy > 0 && quote.budgetLeft !== null && Number(quote.budgetLeft) <= 0;
}

/**
 * The most Start can spend: nothing when the archive holds every page, the quote, or what the limit leaves
 * when that is less (the job stops there); no price when a limit leaves nothing (see startBlocked).
 */
export function startLabel(quote: Pick<JobQuote, 'fits' | 'budgetLeft' | 'maxCredits' | 'pagesToBuy'>): string {
  if (quote.pagesToBuy === 0) return 'Start job · 0 credits · from archive';
  if (startBlocked(quote)) return 'Start job · limit reached';
  if (quote.fits || quote.budgetLeft === null) return `Start job · at most ${quote.maxCredits} credits`;
  return `Start job · at most ${quote.budgetLeft} credits, then it stops at the limit`;
}

/** A list of at most `shown` names, then "+N more". */
function few(names: readonly string[], shown = 3): string {
  return names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} +${names.length - shown} more`;
}

/**
 * What a job collects, as its name: "@ada, @grace · 3 pages each", "“rust async” · 2 pages", "@ada · back to
 * Nov 1, 2026 · “engines”" (the day a job goes back to is a UTC day). Two jobs of one minute differ by what they ask, which an id never said.
 */
export function jobName(spec: JobSpec): string {
  const parts: string[] = [];
  if (spec.handles.length > 0) {
    const { pages, until, untilEnd } = spec.timeline;
    const depth = untilEnd
      ? 'to the end'
      : until
        ? `back to ${writeDate(`${until}T00:00:00Z`, 'dayInYear', { timeZone: 'UTC' })}`
        : `${plural(pages ?? 1, 'page')}${spec.handles.length > 1 ? ' each' : ''}`;
    parts.push(`${few(spec.handles.map((handle) => `@${handle}`))} · ${depth}`);
  }
  if (spec.searches.length > 0) {
    const depth =
      spec.searchPages > 1 ? ` · ${plural(spec.searchPages, 'page')}${spec.searches.length > 1 ? ' each' : ''}` : '';
    parts.push(`${few(spec.searches.map((q) => `“${q}”`))}${depth}`);
  }
  return parts.join(' + ') || 'Empty job';
}
