import { useEffect, useState } from 'react';
import { useHoldsBought } from '../holds-bought';
import type { BoughtLists as Lists } from './BoughtLists';
import { NothingBought } from './NothingBought';

// Loaded only once the cache holds something bought: a first visit's start page never needs the list's code.
const loadLists = () => import('./BoughtLists').then((module) => module.BoughtLists);

/**
 * Everything already bought and still in this browser's cache: each opens again for free. The section is
 * the page's last, so what fills it in (after the cache is restored, and the list's code has loaded) moves
 * nothing; until then it shows neither "Nothing bought yet" nor a list that would then change its mind.
 * Not React.lazy: a Suspense boundary that showed its fallback holds the content back ~300 ms more.
 */
export function BoughtSection() {
  const holdsBought = useHoldsBought();
  const [BoughtLists, setBoughtLists] = useState<typeof Lists | null>(null);
  useEffect(() => {
    if (holdsBought) void loadLists().then((component) => setBoughtLists(() => component));
  }, [holdsBought]);
  return (
    <section aria-labelledby="bought-title" data-testid="bought">
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="bought-title" className="text-base font-bold text-slate-900 dark:text-white">
          Already bought
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Kept in this browser for 24 hours; opening them again costs nothing.
        </p>
      </div>
      {holdsBought === false && <NothingBought />}
      {holdsBought && BoughtLists && <BoughtLists />}
    </section>
  );
}
