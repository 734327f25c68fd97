import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { jobsLiveKey } from './keys';
import { jobsAnswer, type JobDetail, type JobSummary } from '../contract/jobs';

/**
 * The list of jobs, which every page's header polls (src/features/jobs/components/JobMeterBadge.tsx): kept
 * apart from the rest of the jobs API (quotes, details, exports), which only the Jobs page loads.
 */

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => [...jobKeys.all, 'list'] as const,
  detail: (id: string) => [...jobKeys.all, 'detail', id] as const,
};

export function parseJobAnswer<T extends v.GenericSchema>(schema: T, json: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, json);
  if (!result.success) throw new ApiError('invalid_response', 'The creditscope server sent an unexpected job shape');
  return result.output;
}

export async function fetchJobs(signal?: AbortSignal): Promise<JobSummary[]> {
  return parseJobAnswer(jobsAnswer, (await apiFetch('/api/_jobs', { signal })).json).jobs;
}

/** A running job changes every second; anything else only when someone acts on it. */
export const LIVE_MS = 1_000;
/** Jobs started elsewhere (another tab, the CLI) show up within this long. */
const IDLE_MS = 15_000;

/** A job whose pages and credits may still move: running, or stopped while its last calls land. */
export const isLive = (job: JobSummary) => job.status === 'running' || job.settling;

/**
 * One state per job in the browser: whichever answer last said how a job stands (the list, the job's own
 * page, a pause or cancel) is written into both the list and the job's page, so the Jobs page's panel, its
 * All jobs row and the header's chip never show two figures for one job. A job not listed yet goes on top
 * (newest first).
 */
export function landJobSummary(client: QueryClient, job: JobSummary, addToList = true) {
  // The header's chip loads once a job runs (src/features/jobs/components/JobMeterSlot.tsx).
  if (isLive(job)) client.setQueryData(jobsLiveKey, true);
  client.setQueryData<JobSummary[]>(jobKeys.list(), (jobs) => {
    if (!jobs) return jobs;
    if (jobs.some((row) => row.id === job.id)) return jobs.map((row) => (row.id === job.id ? job : row));
    return addToList ? [job, ...jobs] : jobs;
  });
  client.setQueryData<JobDetail>(jobKeys.detail(job.id), (detail) => (detail ? { ...detail, job } : detail));
}

/** Every job, newest first. Free and changing while one runs, so polled and never persisted. */
export function jobsQueryOptions() {
  return queryOptions({
    queryKey: jobKeys.list(),
    queryFn: async ({ signal, client }) => {
      const jobs = await fetchJobs(signal);
      // A job's open page shows the same reading as its row.
      for (const job of jobs)
        client.setQueryData<JobDetail>(jobKeys.detail(job.id), (detail) => (detail ? { ...detail, job } : detail));
      return jobs;
    },
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isLive) ? LIVE_MS : IDLE_MS),
    meta: { persist: false },
  });
}
