import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPaidCall } from '../../api/client';
import { sessionKeys } from '../../api/keys';
import { sessionQueryOptions } from '../../api/session';

const CHANNEL = 'creditscope-ledger';

/** Tells every other open tab that the ledger changed (a paid call, a new session, a new budget). */
export function announceLedgerChange() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('ledger-changed');
  channel.close();
}

/**
 * The ledger as this tab sees it: re-read the moment a paid response arrives here,
 * and when another tab reports one, so every open tab shows the same total.
 */
export function useLiveSession() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.state() });
    if (channel) channel.onmessage = refresh;
    const unsubscribe = onPaidCall(() => {
      refresh();
      channel?.postMessage('paid-call');
    });
    return () => {
      unsubscribe();
      channel?.close();
    };
  }, [queryClient]);
  return useQuery(sessionQueryOptions());
}
