import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { sessionKeys } from '../../api/keys';
import type { SessionState } from '../../api/session';
import { announceLedgerChange } from './use-live-session';

type Status = { pending: boolean; error: unknown; failed: boolean };

/**
 * What the page reads of useMutation (pending, the last error), without its observer, which in a chunk of
 * its own was the page's largest shared script. The call still runs as a mutation of the client's cache, so it
 * waits while offline and keeps the client's mutation defaults. Both actions answer with the new ledger
 * state: it goes straight into the cache and out to other tabs.
 */
function useLedgerMutation<T>(action: (input: T) => Promise<SessionState>) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>({ pending: false, error: null, failed: false });
  // Only the latest call speaks for the buttons, as with useMutation.
  const latest = useRef(0);
  const mutate = (input: T, options?: { onSuccess?: () => void }) => {
    const call = ++latest.current;
    setStatus({ pending: true, error: null, failed: false });
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: action,
      onSuccess: (state: SessionState) => {
        queryClient.setQueryData(sessionKeys.state(), state);
        announceLedgerChange();
      },
    });
    mutation.execute(input).then(
      () => { if (call === latest.current) { setStatus({ pending: false, error: null, failed: false }); options?.onSuccess?.(); } },
      (error: unknown) => { if (call === latest.current) setStatus({ pending: false, error, failed: true }); },
    );
  };
  return { mutate, isPending: status.pending, isError: status.failed, error: status.error };
}

// Each action is asked for on a click: the module that calls the server is loaded then, not with the page.
export function useSetBudget() {
  return useLedgerMutation((limit: string | null) => import('../../api/session-calls').then((calls) => calls.setBudget(limit)));
}

export function useStartNewSession() {
  return useLedgerMutation((_: void) => import('../../api/session-calls').then((calls) => calls.startNewSession()));
}
