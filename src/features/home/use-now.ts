import { useEffect, useState } from 'react';

/** The current time, refreshed once a minute, so "bought 5 min ago" keeps up while the page stays open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
