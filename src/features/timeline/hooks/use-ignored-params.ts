import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { ignoredParams, timelineSearchSchema, type IgnoredParam, type TimelineSearch } from '../params';

const same = (a: TimelineSearch, b: TimelineSearch) => a.screen_name === b.screen_name && a.rest_id === b.rest_id;

/**
 * The router rewrites a bad address to its validated form as the app starts, so the values it dropped
 * are read from the navigation entry (the address the page was opened with) as well as the live one.
 */
function landing(): { valid: TimelineSearch; ignored: IgnoredParam[] } | null {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const url = new URL(entry?.name ?? window.location.href);
    if (url.pathname !== '/timeline') return null;
    const raw = Object.fromEntries(url.searchParams);
    const valid = v.parse(timelineSearchSchema, raw);
    return { valid, ignored: ignoredParams(raw, valid) };
  } catch {
    return null;
  }
}

export function useIgnoredParams(search: TimelineSearch): { ignored: IgnoredParam[]; dismiss: () => void } {
  const [fromLanding, setFromLanding] = useState(landing);
  const raw = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const live = ignoredParams(raw, search);
  const first = fromLanding && same(fromLanding.valid, search) ? fromLanding.ignored : [];
  return {
    ignored: [...first, ...live.filter((item) => !first.some((other) => other.name === item.name))],
    dismiss: () => setFromLanding(null),
  };
}
