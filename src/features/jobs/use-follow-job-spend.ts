import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { JobSummary } from '../../api/jobs';
import { sessionKeys } from '../../api/keys';

/**
 * A job buys on the server, not through this tab's requests, so the meter hears of it only here: each time
 * a job's spend or state moves (a running one, and a paused or cancelled one whose last calls land after it
 * stopped), the ledger is read again, so the meter shows what the job spent within a second of the job's row.
 * The first reading counts as a move too: this code loads once a job runs, and a job on a fast upstream can
 * have bought every page (and stopped) before it arrives, after the meter's last reading.
 */
export function useFollowJobSpend(jobs: readonly JobSummary[] | undefined) {
  const queryClient = useQueryClient();
  const signature = jobs === undefined ? null : jobs.map((job) => `${job.id}:${job.status}:${job.spent}`).join(' ');
  useEffect(() => {
    if (signature !== null) void queryClient.invalidateQueries({ queryKey: sessionKeys.state() });
  }, [signature, queryClient]);
}
