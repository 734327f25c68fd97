import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { jobsQueryOptions } from '../../../api/jobs-list';
import { runningSummary } from '../running-summary';
import { useFollowJobSpend } from '../use-follow-job-spend';

const RunningJobsBadge = lazy(() =>
  import('./RunningJobsBadge').then((module) => ({ default: module.RunningJobsBadge })),
);

/**
 * Beside the credit meter once a job runs (JobMeterSlot): that a job is buying, and how far it is. It also keeps the meter
 * following the job's spend (the job buys on the server, out of this tab's sight).
 */
export function JobMeterBadge() {
  const { data: jobs } = useQuery(jobsQueryOptions());
  useFollowJobSpend(jobs);
  const running = jobs ? runningSummary(jobs) : null;
  if (!running) return null;
  return (
    <Suspense fallback={null}>
      <RunningJobsBadge running={running} />
    </Suspense>
  );
}
