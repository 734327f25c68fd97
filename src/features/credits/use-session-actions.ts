import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../api/keys';
import type { SessionState } from '../../api/session';
import { useCacheMutation } from '../../lib/use-cache-mutation';
import { announceLedgerChange } from './use-live-session';

/** Both actions answer with the new ledger state: it goes straight into the cache and out to other tabs. */
function useLedgerMutation<T>(action: (input: T) => Promise<SessionState>) {
  const queryClient = useQueryClient();
  return useCacheMutation(action, (state) => {
    queryClient.setQueryData(sessionKeys.state(), state);
    announceLedgerChange();
  });
}

// Each action is asked for on a click: the module that calls the server is loaded then, not with the page.
export function useSetBudget() {
  return useLedgerMutation((limit: string | null) =>
    import('../../api/session-calls').then((calls) => calls.setBudget(limit)),
  );
}

export function useStartNewSession() {
  return useLedgerMutation((_: void) => import('../../api/session-calls').then((calls) => calls.startNewSession()));
}
