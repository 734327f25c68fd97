import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../api/keys';
import type { SessionState } from '../../api/session';
import { setBudget, startNewSession } from '../../api/session-calls';
import { announceLedgerChange } from './use-live-session';

/** Both actions answer with the new ledger state: it goes straight into the cache and out to other tabs. */
function useLedgerMutation<T>(action: (input: T) => Promise<SessionState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (state) => {
      queryClient.setQueryData(sessionKeys.state(), state);
      announceLedgerChange();
    },
  });
}

export function useSetBudget() {
  return useLedgerMutation((limit: string | null) => setBudget(limit));
}

export function useStartNewSession() {
  return useLedgerMutation((_: void) => startNewSession());
}
