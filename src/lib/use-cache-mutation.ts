import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

type Status<R> = { state: 'idle' | 'pending' } | { state: 'success'; data: R } | { state: 'error'; error: unknown };

/**
 * What a button reads of useMutation (pending, the answer, the last error), without its observer: the two
 * were a chunk of their own in each page that has such a button. The call still runs as a mutation of the
 * client's cache, so it waits while offline and keeps the client's mutation defaults; only the latest call
 * of a mounted button speaks for it, as with useMutation. Calls sharing a `scope` run one after another, in
 * the order they were asked (TanStack Query's mutation scopes).
 */
export function useCacheMutation<T, R>(
  mutationFn: (input: T) => Promise<R>,
  onSuccess?: (result: R) => void,
  scope?: string,
) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status<R>>({ state: 'idle' });
  const latest = useRef(0);
  // As with useMutation, a button that is gone hears nothing more of its call (its own callbacks included).
  useEffect(
    () => () => {
      latest.current++;
    },
    [],
  );
  const mutate = (input: T, options?: { onSuccess?: (data: R) => void; onError?: (error: unknown) => void }) => {
    const call = ++latest.current;
    setStatus({ state: 'pending' });
    queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn, onSuccess, scope: scope === undefined ? undefined : { id: scope } })
      .execute(input)
      .then(
        (data) => {
          if (call === latest.current) {
            setStatus({ state: 'success', data });
            options?.onSuccess?.(data);
          }
        },
        (error: unknown) => {
          if (call === latest.current) {
            setStatus({ state: 'error', error });
            options?.onError?.(error);
          }
        },
      );
  };
  // A call under way when its button is reset no longer speaks for it.
  const reset = () => {
    latest.current++;
    setStatus({ state: 'idle' });
  };
  return {
    mutate,
    reset,
    isPending: status.state === 'pending',
    isSuccess: status.state === 'success',
    isError: status.state === 'error',
    data: status.state === 'success' ? status.data : undefined,
    error: status.state === 'error' ? status.error : null,
  };
}
