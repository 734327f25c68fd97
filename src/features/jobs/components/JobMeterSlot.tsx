import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { jobsLiveQueryOptions } from '../../../api/jobs-live';

const JobMeterBadge = lazy(() => import('./JobMeterBadge').then((module) => ({ default: module.JobMeterBadge })));

/**
 * Beside the credit meter on every page: the running job's chip, whose code (the jobs' schema, its list and
 * the meter's following of its spend) loads only once a job runs; most pages never need it.
 */
export function JobMeterSlot() {
  const { data: live } = useQuery(jobsLiveQueryOptions());
  if (!live) return null;
  return (
    <Suspense fallback={null}>
      <JobMeterBadge />
    </Suspense>
  );
}
