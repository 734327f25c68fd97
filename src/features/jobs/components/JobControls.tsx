import { Ban, Pause, Play } from 'lucide-react';
import type { JobAction, JobSummary } from '../../../api/jobs';
import { creditsLeft } from '../job-words';
import { useChangeJob } from '../use-job-actions';
import { button } from '../styles';
import { JobError } from './JobError';

/** Pause and cancel spend nothing; resume shows what it may still spend (the rest of the quote). */
export function JobControls({ job }: { job: JobSummary }) {
  const change = useChangeJob();
  // Never `disabled` while pending: a focused button that becomes disabled drops keyboard focus to the page.
  const act = (action: JobAction) => {
    if (!change.isPending) change.mutate({ id: job.id, action });
  };
  const running = job.status === 'running';
  if (!running && job.status !== 'paused') return null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {/* One button that turns from Pause to Resume, so keyboard focus stays on it. */}
        <button
          type="button"
          className={button}
          aria-disabled={change.isPending}
          onClick={() => act(running ? 'pause' : 'resume')}
          data-testid={running ? 'job-pause' : 'job-resume'}
        >
          {running ? (
            <>
              <Pause aria-hidden className="h-4 w-4" />
              Pause
            </>
          ) : (
            <>
              <Play aria-hidden className="h-4 w-4" />
              Resume{' '}
              <span className="text-xs font-normal text-amber-800 dark:text-amber-300">
                at most {creditsLeft(job)} credits
              </span>
            </>
          )}
        </button>
        <button
          type="button"
          className={button}
          aria-disabled={change.isPending}
          onClick={() => act('cancel')}
          data-testid="job-cancel"
        >
          <Ban aria-hidden className="h-4 w-4" />
          Cancel job
        </button>
      </div>
      {change.isError && <JobError error={change.error} title="The job did not change" />}
    </div>
  );
}
