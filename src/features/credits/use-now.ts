import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`, so a rate "per hour since the start" keeps falling while nothing is spent. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
