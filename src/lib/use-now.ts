import { useEffect, useState } from 'react';
import { useDateStyle } from './use-date-style';

/**
 * The current time, refreshed every `everyMs`, so "3 min ago" or a rate per hour keeps up while the page
 * stays open. A page the server rendered starts from the moment its HTML was written, so hydration reads
 * the same text (a loaded machine can take seconds to hydrate, enough to change a rounded rate), and
 * catches up with the clock as soon as it is on screen.
 */
export function useNow(everyMs = 30_000): number {
  const rendered = useDateStyle().now;
  const [now, setNow] = useState(() => rendered ?? Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const catchUp = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, everyMs);
    return () => {
      window.clearTimeout(catchUp);
      window.clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}
