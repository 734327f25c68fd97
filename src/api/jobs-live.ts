import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';

/** Whether any job may be buying now: what every page's header needs before it loads the jobs' own code. */
export const jobsLiveKey = ['jobs', 'live'] as const;

/** Jobs started elsewhere (another tab, the CLI) show up within this long. */
const IDLE_MS = 15_000;

/**
 * Read without the jobs' schema, which only the Jobs page and a running job's chip load (src/api/jobs-list.ts):
 * a job running, or stopped while its last calls land. Anything unexpected reads as none running.
 */
async function anyJobLive(signal: AbortSignal): Promise<boolean> {
  const { json } = await apiFetch('/api/_jobs', { signal });
  const jobs = (json as { jobs?: unknown } | null)?.jobs;
  return (
    Array.isArray(jobs) &&
    jobs.some(
      (job: { status?: unknown; settling?: unknown } | null) => job?.status === 'running' || job?.settling === true,
    )
  );
}

/** Polled while nothing runs; once a job runs, its chip polls the list itself (jobsQueryOptions). */
export function jobsLiveQueryOptions() {
  return queryOptions({
    queryKey: jobsLiveKey,
    queryFn: ({ signal }) => anyJobLive(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data ? false : IDLE_MS),
    meta: { persist: false },
  });
}
