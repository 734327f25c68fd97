import { Ban, Pause, Play } from 'lucide-react';
import { useRef } from 'react';
import type { JobAction, JobSummary } from '../../../api/jobs';
import { creditsLeft } from '../job-words';
import { useChangeJob } from '../use-job-actions';
import { button } from '../styles';
import { JobError } from './JobError';

/** Pause and cancel spend nothing; resume shows what it may still spend (the rest of the quote). */
export function JobControls({ job }: { job: JobSummary }) {
  const change = useChangeJob(job.id);
  // Every press counts and they run in order (never `disabled`: a focused button that becomes disabled drops
  // keyboard focus to the page); only the same press twice before the first has answered is one press.
  const lastPressed = useRef<JobAction | null>(null);
  const act = (action: JobAction) => {
    if (change.isPending && lastPressed.current === action) return;
    lastPressed.current = action;
    change.mutate(action);
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
        <button type="button" className={button} onClick={() => act('cancel')} data-testid="job-cancel">
          <Ban aria-hidden className="h-4 w-4" />
          Cancel job
        </button>
      </div>
      {change.isError && <JobError error={change.error} title="The job did not change" />}
    </div>
  );
}
