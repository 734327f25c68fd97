import { createContext, useContext } from 'react';

/** Puts text in the free find box over the loaded posts: how a hashtag filters instead of buying a search. */
export type FindInLoaded = (text: string) => void;

/** Null outside a timeline with loaded posts: there is nothing to filter, so hashtags offer a web search instead. */
export const FindInLoadedContext = createContext<FindInLoaded | null>(null);

/** One hidden description for every hashtag button, read by screen readers with the tag. */
export const FIND_HINT_ID = 'hashtag-find-hint';

export function useFindInLoaded(): FindInLoaded | null {
  return useContext(FindInLoadedContext);
}
