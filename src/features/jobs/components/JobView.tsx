import { useQuery } from '@tanstack/react-query';
import { jobQueryOptions, type JobSummary } from '../../../api/jobs';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { absoluteTime } from '../../../contract/dates/format';
import { creditPercent, pageProgress, plural, jobName } from '../job-words';
import { hint } from '../styles';
import { ExportButtons, isMixed } from './ExportButtons';
import { JobControls } from './JobControls';
import { JobItems } from './JobItems';
import { JobStatusBadge, StopNotice } from './JobStatus';
import { ProgressBar } from './ProgressBar';

function Overall({ job }: { job: JobSummary }) {
  const pages = pageProgress(job.pagesDone, job.pagesPlanned, job.status === 'done');
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="job-overall">
      <ProgressBar label="Pages" value={pages.value} text={pages.text} testId="job-pages-bar" />
      <ProgressBar
        label="Credits spent of the quote"
        value={creditPercent(job.spent, job.quoteMaxCredits)}
        tone="amber"
        text={`${job.spent}/${job.quoteMaxCredits}`}
        testId="job-credits-bar"
      />
      <p className={`${hint} tabular-nums sm:col-span-2`} data-testid="job-figures">
        {plural(job.postsDone, 'post')} collected · {plural(job.pagesFromArchive, 'page')} from the archive (free) ·{' '}
        {job.concurrency} at once
      </p>
    </div>
  );
}

/**
 * One job, live: polled about once a second while it runs or settles (jobQueryOptions), still once it stops.
 * Its reading is the list's too (landJobSummary): the row below shows the same figures.
 */
export function JobView({ id }: { id: string }) {
  const { data, error, refetch } = useQuery(jobQueryOptions(id));
  if (error && !data) return <ErrorPanel error={error} onRetry={() => void refetch()} compact />;
  if (!data) return <Spinner label="Reading the job…" />;
  const { job, items } = data;
  return (
    <div
      className="space-y-4"
      data-testid="job-view"
      data-job-id={job.id}
      data-status={job.status}
      data-settling={job.settling || undefined}
    >
      <div className="flex flex-wrap items-center gap-2">
        <JobStatusBadge job={job} />
        {job.spec && (
          <span className="font-semibold text-slate-900 dark:text-white" data-testid="job-name">
            {jobName(job.spec)}
          </span>
        )}
        <span className={hint}>Started {absoluteTime(job.createdAt)}</span>
      </div>
      <StopNotice job={job} />
      <Overall job={job} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <JobControls job={job} />
        <ExportButtons jobId={job.id} mixed={isMixed(job.spec)} />
      </div>
      <JobItems items={items} paused={job.status === 'paused'} />
    </div>
  );
}
