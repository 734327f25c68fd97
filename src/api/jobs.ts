import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { fetchFileExport } from './file-export';
import { isLive, jobKeys, landJobSummary, LIVE_MS, parseJobAnswer as parse } from './jobs-list';
import {
  jobAnswer,
  jobDetailAnswer,
  quoteAnswer,
  type JobDetail,
  type JobQuote,
  type JobSpec,
  type JobSummary,
} from '../contract/jobs';

export { fetchJobs, isLive, jobKeys, jobsQueryOptions, landJobSummary } from './jobs-list';

export type { JobDetail, JobItem, JobQuote, JobStatus, JobSummary, QuoteItem } from '../contract/jobs';

/** What a job collects (src/contract/jobs.ts); the server quotes it and runs it as given. */
export type { JobSpec };

export type JobAction = 'pause' | 'resume' | 'cancel';
/** `csv` is the job's posts (its results for a job of searches only); `results-csv` its web results. */
export type JobExport = 'ndjson' | 'csv' | 'results-csv';

const jobPath = (id: string) => `/api/_jobs/${encodeURIComponent(id)}`;

/** Free: the server prices the spec against its archive and the budget, and buys nothing. */
export async function quoteJob(spec: JobSpec): Promise<JobQuote> {
  return parse(quoteAnswer, (await apiFetch('/api/_jobs/quote', { method: 'POST', body: spec })).json).quote;
}

/** Starts buying, at most `acceptedMaxCredits`; a 409 means the quote changed since it was shown. */
export async function startJob(spec: JobSpec, acceptedMaxCredits: string): Promise<JobSummary> {
  return parse(
    jobAnswer,
    (await apiFetch('/api/_jobs', { method: 'POST', body: { ...spec, acceptedMaxCredits } })).json,
  ).job;
}

export async function changeJob(id: string, action: JobAction): Promise<JobSummary> {
  return parse(jobAnswer, (await apiFetch(`${jobPath(id)}/${action}`, { method: 'POST', body: {} })).json).job;
}

export async function fetchJob(id: string, signal?: AbortSignal): Promise<JobDetail> {
  return parse(jobDetailAnswer, (await apiFetch(jobPath(id), { signal })).json);
}

export function fetchJobExport(id: string, format: JobExport): Promise<{ blob: Blob; filename: string }> {
  const path = format === 'results-csv' ? 'export.csv?rows=results' : `export.${format}`;
  return fetchFileExport(`${jobPath(id)}/${path}`, `creditscope-job-${id}.${format === 'ndjson' ? 'ndjson' : 'csv'}`);
}

export const isQuoteChanged = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * One job with its items: polled about once a second while it runs or settles, not at all once it stopped.
 * Each reading lands in the list too (landJobSummary): the panel and the job's row show one state.
 */
export function jobQueryOptions(id: string) {
  return queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: async ({ signal, client }) => {
      const detail = await fetchJob(id, signal);
      landJobSummary(client, detail.job, false);
      return detail;
    },
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isLive(query.state.data.job) ? LIVE_MS : false),
    meta: { persist: false },
  });
}
