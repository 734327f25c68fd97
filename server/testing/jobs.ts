import type { JobItem, JobSummary } from '../jobs/job-store.ts';
import type { Quote } from '../jobs/quote.ts';
import { waitFor } from './harness.ts';

/** Anything with the proxy's API: the in-process harness, or a proxy process's client wrapped as one. */
type Api = (pathname: string, init?: RequestInit) => Promise<Response>;

export interface JobSpecBody {
  handles?: string[];
  searches?: string[];
  timeline?: { pages?: number; until?: string; untilEnd?: boolean; maxPages?: number };
  searchPages?: number;
  concurrency?: number;
}

/**
 * A real upstream publishes no prices: the proxy learns them from the first page of each operation bought,
 * and a job cannot be quoted before. One timeline page and one search page, on their own tag.
 */
export async function learnPrices(api: Api, tag = 'prices') {
  const timeline = await api(`/api/v1/social/microblog/posts?screen_name=quiet__${tag}`);
  const search = await api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q: `${tag} price` }) });
  if (timeline.status !== 200 || search.status !== 200)
    throw new Error(`could not learn the prices: ${timeline.status} ${search.status}`);
}

export async function quoteOf(api: Api, spec: JobSpecBody): Promise<Quote> {
  const response = await api('/api/_jobs/quote', { method: 'POST', body: JSON.stringify(spec) });
  if (response.status !== 200) throw new Error(`quote answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { quote: Quote }).quote;
}

/** Quotes a job, accepts the quote and starts it. */
export async function startJob(api: Api, spec: JobSpecBody): Promise<{ quote: Quote; job: JobSummary }> {
  const quote = await quoteOf(api, spec);
  const response = await api('/api/_jobs', {
    method: 'POST',
    body: JSON.stringify({ ...spec, acceptedMaxCredits: quote.maxCredits }),
  });
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return { quote, job: ((await response.json()) as { job: JobSummary }).job };
}

export async function jobOf(api: Api, id: string): Promise<{ job: JobSummary; items: JobItem[] }> {
  return (await api(`/api/_jobs/${id}`)).json() as Promise<{ job: JobSummary; items: JobItem[] }>;
}

/** Until the job is no longer running (or `until` says so), as the Jobs page polls it. */
export function settledJob(
  api: Api,
  id: string,
  until: (job: JobSummary) => boolean = (job) => job.status !== 'running',
  timeoutMs = 20_000,
) {
  return waitFor(
    () => jobOf(api, id),
    ({ job }) => until(job),
    timeoutMs,
  );
}

export const control = (api: Api, id: string, action: 'pause' | 'resume' | 'cancel') =>
  api(`/api/_jobs/${id}/${action}`, { method: 'POST', body: '{}' });

/** How many calls the upstream had in flight at once at most, from its log: each held for `latencyMs` after it arrived. */
export function mostAtOnce(arrivals: string[], latencyMs: number): number {
  const times = arrivals.map((at) => Date.parse(at)).sort((a, b) => a - b);
  // A few ms of slack: a call arriving just as another's answer leaves is not overlapping it.
  return Math.max(
    0,
    ...times.map((start) => times.filter((other) => other >= start && other < start + latencyMs - 15).length),
  );
}

/** Each page the upstream was asked for, as its canonical request: the same page twice is the same entry twice. */
export const pagesAsked = (log: { path: string; query: Record<string, string>; body: unknown }[]) =>
  log.map((entry) => JSON.stringify([entry.path, entry.query, entry.body]));

export const duplicates = (pages: string[]) => [
  ...new Set(pages.filter((page, index) => pages.indexOf(page) !== index)),
];
