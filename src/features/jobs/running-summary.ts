import type { JobSummary } from '../../contract/jobs';
import { sumDecimals } from '../../contract/decimal-math';
import { plural } from '../../lib/plural';

/** What every page's header reads of the jobs list (the rest of the jobs' words load with the Jobs page). */

// One plural rule for every page (src/lib/plural.ts).
export { plural };

/** "job running · 12/45 pages" for the header, summed over every running job. */
export function runningSummary(
  jobs: readonly JobSummary[],
): { firstId: string; count: number; pagesDone: number; pagesPlanned: number; spent: string } | null {
  const running = jobs.filter((job) => job.status === 'running');
  if (running.length === 0) return null;
  return {
    firstId: running[0]!.id,
    count: running.length,
    pagesDone: running.reduce((sum, job) => sum + job.pagesDone, 0),
    pagesPlanned: running.reduce((sum, job) => sum + job.pagesPlanned, 0),
    spent: sumDecimals(running.map((job) => job.spent)),
  };
}
