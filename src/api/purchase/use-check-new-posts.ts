import { useQueryClient } from '@tanstack/react-query';
import { useCacheMutation } from '../../lib/use-cache-mutation';
import type { TimelineTarget } from '../keys';

/**
 * "Check for new posts" as a TanStack mutation: one call per click, never aborted. (useCacheMutation is
 * useMutation's state without its observer, which would be a chunk of its own on the timeline page.) The
 * buying and merging (check-new-posts.ts) load with the first click: most visits never check.
 */
export function useCheckForNewPosts(asked: TimelineTarget) {
  const queryClient = useQueryClient();
  return useCacheMutation(async (_: void) => (await import('./check-new-posts')).checkForNewPosts(queryClient, asked));
}
