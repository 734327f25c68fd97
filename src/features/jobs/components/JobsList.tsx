import { Link } from '@tanstack/react-router';
import type { JobSpec, JobSummary } from '../../../api/jobs';
import { absoluteTime } from '../../../contract/dates/format';
import { jobName, plural, stopTitle } from '../job-words';
import { hint } from '../styles';
import { ExportButtons, isMixed } from './ExportButtons';
import { JobStatusBadge } from './JobStatus';

/** Enough of the id to tell two jobs apart when a job's spec is not known (a row from an older server). */
const shortId = (id: string) => id.slice(0, 8);

/** Every job, newest first, named by what it collects: what it spent of its quote, its exports, and "Run again". */
export function JobsList({
  jobs,
  shown,
  onRunAgain,
}: {
  jobs: readonly JobSummary[];
  shown: string | undefined;
  onRunAgain?: (spec: JobSpec) => void;
}) {
  if (jobs.length === 0)
    return (
      <p className={hint} data-testid="jobs-empty">
        No jobs yet: a job appears here once started.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="jobs-list">
      {jobs.map((job) => (
        <li
          key={job.id}
          data-testid="jobs-list-item"
          data-job-id={job.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2"
        >
          <div className="min-w-0 space-y-0.5">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <JobStatusBadge job={job} />
              <Link
                to="/jobs"
                search={{ job: job.id }}
                aria-current={job.id === shown ? 'true' : undefined}
                className="font-medium text-brand-700 underline dark:text-sky-300"
              >
                {job.spec ? jobName(job.spec) : `Job ${shortId(job.id)}`}
              </Link>
              <span className={hint}>started {absoluteTime(job.createdAt)}</span>
            </p>
            <p className={`${hint} tabular-nums`}>
              <span data-testid="jobs-list-pages">
                {job.pagesDone}/{plural(job.pagesPlanned, 'page')}
              </span>{' '}
              · {plural(job.postsDone, 'post')} · <span data-testid="jobs-list-spent">{job.spent}</span> of{' '}
              {job.quoteMaxCredits} credits quoted
              {stopTitle(job) && <> · {stopTitle(job)}</>}
            </p>
          </div>
          <span className="flex flex-wrap items-center gap-2">
            {job.spec && onRunAgain && (
              <button
                type="button"
                data-testid="job-run-again"
                onClick={() => onRunAgain(job.spec!)}
                className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                Run again · <span className="text-emerald-700 dark:text-emerald-300">quote first, free</span>
              </button>
            )}
            <ExportButtons jobId={job.id} mixed={isMixed(job.spec)} compact />
          </span>
        </li>
      ))}
    </ul>
  );
}
