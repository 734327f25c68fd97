import { useEffect, useState } from 'react';

/**
 * The current time, ticking every half minute, so "3 min ago" keeps up while the page stays open. It starts
 * from `rendered`, the moment a server-rendered page was written (a moment ago), so hydration reads the same text.
 */
export function useClock(rendered?: number): number {
  const [now, setNow] = useState(() => rendered ?? Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function ageText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
