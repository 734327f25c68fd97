import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { ignoredParams, pickSearch, searchRouteSchema, type IgnoredParam, type SearchRouteParams } from './params';

/**
 * The address the page was opened with. The router rewrites a bad address to its validated form as it
 * starts, so by the time the page renders, `num=500` is already gone; the navigation entry still has it.
 */
function landingAddress(): URL | null {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return new URL(entry?.name ?? window.location.href);
  } catch {
    return null;
  }
}

function landingNote(): { search: string; ignored: IgnoredParam[] } | null {
  const url = landingAddress();
  if (!url || url.pathname !== '/search') return null;
  const raw = Object.fromEntries(url.searchParams);
  const valid = v.parse(searchRouteSchema, raw);
  return { search: JSON.stringify(pickSearch(valid)), ignored: ignoredParams(raw, valid) };
}

/** What the address asked for that the page could not use, for as long as the page shows that search. */
export function useIgnoredParams(search: SearchRouteParams): { ignored: IgnoredParam[]; dismiss: () => void } {
  const [landing, setLanding] = useState(landingNote);
  // In-app navigations are not rewritten: their unknown or bad values are still in the router's location.
  const raw = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const live = ignoredParams(raw, search);
  const fromLanding = landing && landing.search === JSON.stringify(pickSearch(search)) ? landing.ignored : [];
  const ignored = [...fromLanding, ...live.filter((item) => !fromLanding.some((other) => other.name === item.name))];
  return { ignored, dismiss: () => setLanding(null) };
}
