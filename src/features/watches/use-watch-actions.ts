import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  changeWatch,
  createWatch,
  deleteWatch,
  markSeen,
  runWatch,
  watchKeys,
  type Watch,
  type WatchDraft,
  type WatchPatch,
} from '../../api/watches';
import { watchesNewCountKey } from '../../api/watches-count';
import { sessionKeys } from '../../api/keys';
import { useCacheMutation } from '../../lib/use-cache-mutation';

/** A watch's new state replaces its row at once (a new one goes on top); the server's list follows. */
function landWatch(client: QueryClient, watch: Watch) {
  client.setQueryData<Watch[]>(watchKeys.list(), (watches) => {
    if (!watches) return watches;
    return watches.some((row) => row.id === watch.id)
      ? watches.map((row) => (row.id === watch.id ? watch : row))
      : [watch, ...watches];
  });
  void client.invalidateQueries({ queryKey: watchKeys.list() });
}

/** What was found or seen changed: the list of new items and the navigation's count are read again. */
function readNewAgain(client: QueryClient) {
  void client.invalidateQueries({ queryKey: watchKeys.newItems() });
  void client.invalidateQueries({ queryKey: watchesNewCountKey });
}

export function useCreateWatch() {
  const client = useQueryClient();
  return useCacheMutation(
    (draft: WatchDraft) => createWatch(draft),
    (watch) => landWatch(client, watch),
  );
}

/** Edits, pause and resume of one watch run in the order they were pressed. */
export function useChangeWatch(id: string) {
  const client = useQueryClient();
  return useCacheMutation(
    (patch: WatchPatch) => changeWatch(id, patch),
    (watch) => landWatch(client, watch),
    `watch:${id}`,
  );
}

export function useDeleteWatch(id: string) {
  const client = useQueryClient();
  return useCacheMutation(
    () => deleteWatch(id),
    () => {
      client.setQueryData<Watch[]>(watchKeys.list(), (watches) => watches?.filter((row) => row.id !== id));
      void client.invalidateQueries({ queryKey: watchKeys.list() });
      readNewAgain(client);
    },
    `watch:${id}`,
  );
}

/** Spends: the run's price was on the button; the meter, the watch's row and what is new are read again. */
export function useRunWatch(id: string) {
  const client = useQueryClient();
  return useCacheMutation(
    async (acceptedPerRun: string) => {
      try {
        return await runWatch(id, acceptedPerRun);
      } catch (error) {
        // Refused (its price rose, a limit, another run under way): the row shows what the server holds now.
        void client.invalidateQueries({ queryKey: watchKeys.list() });
        throw error;
      }
    },
    ({ watch }) => {
      landWatch(client, watch);
      void client.invalidateQueries({ queryKey: watchKeys.runs(id) });
      void client.invalidateQueries({ queryKey: sessionKeys.state() });
      readNewAgain(client);
    },
    `watch:${id}`,
  );
}

export function useMarkSeen() {
  const client = useQueryClient();
  return useCacheMutation(
    (watchId: string | undefined) => markSeen(watchId),
    () => readNewAgain(client),
  );
}
