import type { JobSummary } from '../../../api/jobs';
import { JOB_STATUS_WORDS, stopTitle } from '../job-words';

const tone: Record<JobSummary['status'], string> = {
  running: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  paused: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  done: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  cancelled: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  stopped: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
};

export function JobStatusBadge({ job }: { job: Pick<JobSummary, 'status'> }) {
  return (
    <span data-testid="job-status" className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[job.status]}`}>
      {JOB_STATUS_WORDS[job.status]}
    </span>
  );
}

/** Why a job ended before its plan: its quote, the operator's limit, an error or a person; with the server's words. */
export function StopNotice({ job }: { job: JobSummary }) {
  const title = stopTitle(job);
  if (!title) return null;
  return (
    <div
      role="status"
      data-testid="job-stop"
      data-reason={job.stopReason ?? undefined}
      className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p className="font-semibold" data-testid="job-stop-title">
        {title}
      </p>
      {job.stopMessage && (
        <p className="mt-0.5 break-words" data-testid="job-stop-message">
          {job.stopMessage}
        </p>
      )}
    </div>
  );
}
