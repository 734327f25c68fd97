import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { jobsAnswer, type JobSummary } from './schemas/jobs';

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

/** Every job, newest first. Free and changing while one runs, so polled and never persisted. */
export function jobsQueryOptions() {
  return queryOptions({
    queryKey: jobKeys.list(),
    queryFn: ({ signal }) => fetchJobs(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((job) => job.status === 'running') ? LIVE_MS : IDLE_MS),
    meta: { persist: false },
  });
}
