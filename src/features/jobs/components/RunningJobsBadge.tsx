import { Link } from '@tanstack/react-router';
import { Loader } from 'lucide-react';
import { plural, type runningSummary } from '../running-summary';

/** The pill itself, loaded once a job runs: most pages open with none, and need neither it nor its icon. */
export function RunningJobsBadge({ running }: { running: NonNullable<ReturnType<typeof runningSummary>> }) {
  const what = running.count === 1 ? 'job running' : `${running.count} jobs running`;
  const label = `${running.count === 1 ? 'A job is' : `${running.count} jobs are`} running: ${running.pagesDone} of ${plural(running.pagesPlanned, 'page')}, ${running.spent} credits spent. Open Jobs.`;
  return (
    <Link
      to="/jobs"
      search={{ job: running.firstId }}
      data-testid="job-meter"
      aria-label={label}
      title={label}
      className="inline-flex shrink-0 items-center gap-1 rounded-full whitespace-nowrap border border-sky-300 bg-sky-50 px-2 py-0.5 text-xs font-medium tabular-nums text-sky-900
        no-underline hover:bg-sky-100 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100 dark:hover:bg-sky-900"
    >
      <Loader aria-hidden className="h-3 w-3 animate-spin motion-reduce:animate-none" />
      {/* A compact chip where the header's bar is narrow (src/routes/__root.tsx): the meter keeps its one line. */}
      <span className="hidden @xl/bar:inline">{what} · </span>
      {running.pagesDone}/{running.pagesPlanned}
      <span className="hidden @xl/bar:inline"> pages</span>
    </Link>
  );
}
