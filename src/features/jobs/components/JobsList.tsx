import { Link } from '@tanstack/react-router';
import type { JobSummary } from '../../../api/jobs';
import { absoluteTime } from '../../../lib/format';
import { plural, stopTitle } from '../job-words';
import { hint } from '../styles';
import { ExportButtons } from './ExportButtons';
import { JobStatusBadge } from './JobStatus';

/** Enough of the id to tell two jobs of the same minute apart, as a link's name. */
const shortId = (id: string) => id.slice(0, 8);

/** Every job, newest first: what it spent of its quote, and its exports. */
export function JobsList({ jobs, shown }: { jobs: readonly JobSummary[]; shown: string | undefined }) {
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
                Job {shortId(job.id)}
              </Link>
              <span className={hint}>started {absoluteTime(job.createdAt)}</span>
            </p>
            <p className={`${hint} tabular-nums`}>
              {job.pagesDone}/{plural(job.pagesPlanned, 'page')} · {plural(job.postsDone, 'post')} ·{' '}
              <span data-testid="jobs-list-spent">{job.spent}</span> of {job.quoteMaxCredits} credits quoted
              {stopTitle(job) && <> · {stopTitle(job)}</>}
            </p>
          </div>
          <ExportButtons jobId={job.id} compact />
        </li>
      ))}
    </ul>
  );
}
