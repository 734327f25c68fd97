import type { ReactNode } from 'react';
import { FIND_HINT_ID, FindInLoadedContext, type FindInLoaded } from '../hooks/find-context';

/** Lets hashtags anywhere below (bio, posts, quotes) filter the loaded posts, and says so to screen readers. */
export function FindInLoadedProvider({ find, children }: { find: FindInLoaded; children: ReactNode }) {
  return (
    <FindInLoadedContext.Provider value={find}>
      <span id={FIND_HINT_ID} hidden>
        Filters the loaded posts, free
      </span>
      {children}
    </FindInLoadedContext.Provider>
  );
}
