// @vitest-environment happy-dom
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCacheMutation } from './use-cache-mutation';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setup(mutationFn: (input: number) => Promise<string>, onSuccess?: (result: string) => void) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useCacheMutation(mutationFn, onSuccess), { wrapper }) };
}

afterEach(() => onlineManager.setOnline(true));

describe('useCacheMutation', () => {
  it('is pending until the answer, then has it; the hook-level and per-call onSuccess both run', async () => {
    const answer = deferred<string>();
    const landed = vi.fn();
    const called = vi.fn();
    const { result } = setup(() => answer.promise, landed);
    act(() => result.current.mutate(1, { onSuccess: called }));
    expect(result.current.isPending).toBe(true);
    await act(async () => answer.resolve('done'));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: true, data: 'done', error: null });
    expect(landed.mock.calls[0]?.[0]).toBe('done');
    expect(called).toHaveBeenCalledWith('done');
  });

  it('keeps the error of a failed call until the next call, and reset clears it', async () => {
    const failure = new Error('refused');
    const onError = vi.fn();
    const { result } = setup(() => Promise.reject(failure));
    act(() => result.current.mutate(1, { onError }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ isError: false, isPending: false, error: null });
  });

  it('only the latest call speaks for the button', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const answers = [first, second];
    const calls: number[] = [];
    const { result } = setup((input) => answers[input]!.promise);
    act(() => result.current.mutate(0, { onSuccess: () => calls.push(0) }));
    act(() => result.current.mutate(1, { onSuccess: () => calls.push(1) }));
    await act(async () => second.resolve('second'));
    await act(async () => first.resolve('first'));
    expect(result.current.data).toBe('second');
    expect(calls).toEqual([1]);
  });

  it('a button that is gone hears nothing of its call, while the call itself still lands', async () => {
    const answer = deferred<string>();
    const landed = vi.fn();
    const called = vi.fn();
    const { result, unmount } = setup(() => answer.promise, landed);
    act(() => result.current.mutate(1, { onSuccess: called }));
    unmount();
    await act(async () => answer.resolve('done'));
    expect(landed.mock.calls[0]?.[0]).toBe('done');
    expect(called).not.toHaveBeenCalled();
  });

  it('waits while offline, as a mutation of the cache does, and runs once back online', async () => {
    onlineManager.setOnline(false);
    const mutationFn = vi.fn(() => Promise.resolve('done'));
    const { result, client } = setup(mutationFn);
    act(() => result.current.mutate(1));
    await waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true));
    expect(mutationFn).not.toHaveBeenCalled();
    expect(result.current.isPending).toBe(true);
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});
