import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { JobSummary } from '../../api/jobs';
import { sessionKeys } from '../../api/keys';
import { runningSummary } from './running-summary';

/**
 * A job buys on the server, not through this tab's requests, so the meter hears of it only here: each
 * time a running job's spend moves, and once more when the last one stops, the ledger is read again.
 * The first reading changes nothing: the meter read the ledger when the page opened.
 */
export function useFollowJobSpend(jobs: readonly JobSummary[] | undefined) {
  const queryClient = useQueryClient();
  const running = jobs ? runningSummary(jobs) : null;
  const signature = jobs === undefined ? null : running ? `${running.count}:${running.spent}` : 'idle';
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (signature === null) return;
    if (previous.current !== null && previous.current !== signature)
      void queryClient.invalidateQueries({ queryKey: sessionKeys.state() });
    previous.current = signature;
  }, [signature, queryClient]);
}
