import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import type { IgnoredParam } from './IgnoredNote';

/** What a page's address may hold, as IgnoredNote needs to know it. */
export interface AddressRules<T extends object> {
  /** The route's path: the address the page was opened with counts only if it was this page's. */
  path: string;
  schema: v.GenericSchema<unknown, T>;
  /** Every known parameter, with why a bad value of it is dropped. */
  reasons: Record<keyof T, string>;
  /** `search` → "not a search parameter". */
  page: string;
  /** What makes two addresses the same view: the note from the address opened stays while this is unchanged. */
  identity: (valid: T) => unknown;
  /** A valid value that still gives way to another one (`rest_id` beside `screen_name`): why, or null. */
  overruled?: (name: keyof T, valid: T) => string | null;
}

/** What the address asked for that the page could not use, compared with the validated params. */
export function ignoredParams<T extends object>(
  rules: AddressRules<T>,
  raw: Record<string, unknown>,
  valid: T,
): IgnoredParam[] {
  const ignored: IgnoredParam[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || value === null || value === '') continue;
    const shown = typeof value === 'string' ? value : JSON.stringify(value);
    const known = name as keyof T;
    const reason = !Object.hasOwn(rules.reasons, name)
      ? `not a ${rules.page} parameter`
      : valid[known] === undefined
        ? rules.reasons[known]
        : (rules.overruled?.(known, valid) ?? null);
    if (reason) ignored.push({ name, value: shown, reason });
  }
  return ignored;
}

/**
 * The router rewrites a bad address to its validated form as the app starts, so by the time the page renders
 * `num=500` is gone; the navigation entry (the address the page was opened with) still has it.
 */
function landing<T extends object>(rules: AddressRules<T>): { identity: string; ignored: IgnoredParam[] } | null {
  try {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const url = new URL(entry?.name ?? window.location.href);
    if (url.pathname !== rules.path) return null;
    const raw = Object.fromEntries(url.searchParams);
    const valid = v.parse(rules.schema, raw);
    return { identity: JSON.stringify(rules.identity(valid)), ignored: ignoredParams(rules, raw, valid) };
  } catch {
    return null;
  }
}

/** What the address asked for that the page could not use, for as long as the page shows that view; Dismiss forgets it. */
export function useIgnoredParams<T extends object>(
  rules: AddressRules<T>,
  search: T,
): { ignored: IgnoredParam[]; dismiss: () => void } {
  const [fromLanding, setFromLanding] = useState(() => landing(rules));
  // In-app navigations are not rewritten: their unknown or bad values are still in the router's location.
  const raw = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const live = ignoredParams(rules, raw, search);
  const first =
    fromLanding && fromLanding.identity === JSON.stringify(rules.identity(search)) ? fromLanding.ignored : [];
  return {
    ignored: [...first, ...live.filter((item) => !first.some((other) => other.name === item.name))],
    dismiss: () => setFromLanding(null),
  };
}
