import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Loader } from 'lucide-react';
import { jobsQueryOptions } from '../../../api/jobs';
import { plural, runningSummary } from '../job-words';
import { useFollowJobSpend } from '../use-follow-job-spend';

/**
 * Beside the credit meter on every page: that a job is buying, and how far it is. It also keeps the meter
 * following the job's spend (the job buys on the server, out of this tab's sight).
 */
export function JobMeterBadge() {
  const { data: jobs } = useQuery(jobsQueryOptions());
  useFollowJobSpend(jobs);
  const running = jobs ? runningSummary(jobs) : null;
  if (!running) return null;
  const what = running.count === 1 ? 'job running' : `${running.count} jobs running`;
  return (
    <Link to="/jobs" search={{ job: running.firstId }} data-testid="job-meter"
      aria-label={`${running.count === 1 ? 'A job is' : `${running.count} jobs are`} running: ${running.pagesDone} of ${plural(running.pagesPlanned, 'page')}, ${running.spent} credits spent. Open Jobs.`}
      className="inline-flex items-center gap-1 rounded-full border border-sky-300 bg-sky-50 px-2 py-0.5 text-xs font-medium tabular-nums text-sky-900
        no-underline hover:bg-sky-100 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100 dark:hover:bg-sky-900">
      <Loader aria-hidden className="h-3 w-3 animate-spin motion-reduce:animate-none" />
      <span className="hidden sm:inline">{what} · </span>
      <span className="sm:hidden">job </span>
      {running.pagesDone}/{running.pagesPlanned}<span className="hidden sm:inline"> pages</span>
    </Link>
  );
}
