import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { apiFetch } from '../../../api/client';
import { jobsLiveKey } from '../../../api/keys';

const JobMeterBadge = lazy(() => import('./JobMeterBadge').then((module) => ({ default: module.JobMeterBadge })));

type Listed = { jobs?: { status?: unknown; settling?: unknown }[] } | null;

/**
 * Beside the credit meter on every page: the running job's chip, whose code (the jobs' schema, its list and
 * the meter's following of its spend) loads only once a job runs; most pages never need it. Until then the
 * list is read for one thing, any job running or stopped while its last calls land, every 15 s (jobs started
 * in another tab or by the CLI); anything unexpected reads as none.
 */
export function JobMeterSlot() {
  const { data: live } = useQuery({
    queryKey: jobsLiveKey,
    queryFn: async ({ signal }) =>
      !!((await apiFetch('/api/_jobs', { signal })).json as Listed)?.jobs?.some?.(
        (job) => job?.status === 'running' || job?.settling === true,
      ),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data ? false : 15_000),
    meta: { persist: false },
  });
  if (!live) return null;
  return (
    <Suspense fallback={null}>
      <JobMeterBadge />
    </Suspense>
  );
}
