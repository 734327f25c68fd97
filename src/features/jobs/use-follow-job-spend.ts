import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { JobSummary } from '../../api/jobs';
import { sessionKeys } from '../../api/keys';

/**
 * A job buys on the server, not through this tab's requests, so the meter hears of it only here: each time
 * a job's spend or state moves (a running one, and a paused or cancelled one whose last calls land after it
 * stopped), the ledger is read again, so the meter shows what the job spent within a second of the job's row.
 * The first reading changes nothing: the meter read the ledger when the page opened.
 */
export function useFollowJobSpend(jobs: readonly JobSummary[] | undefined) {
  const queryClient = useQueryClient();
  const signature = jobs === undefined ? null : jobs.map((job) => `${job.id}:${job.status}:${job.spent}`).join(' ');
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (signature === null) return;
    if (previous.current !== null && previous.current !== signature)
      void queryClient.invalidateQueries({ queryKey: sessionKeys.state() });
    previous.current = signature;
  }, [signature, queryClient]);
}
