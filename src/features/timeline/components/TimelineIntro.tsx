import { Link } from '@tanstack/react-router';
import { timelinePage, usePrice } from '../../../api/use-price';
import { PriceText } from '../../../components/CostHint';

const DEMO = ['ada', 'grace', 'newsdesk', 'linus', 'quiet', 'banned', 'nobody'];

/** The page with no user chosen yet: what it does, and a few handles to start from. */
export function TimelineIntro() {
  return (
    <div className="px-4 py-6">
      <h1 className="text-xl font-extrabold text-slate-900 dark:text-white">Browse a timeline</h1>
      <p className="mt-2 text-[15px] text-slate-600 dark:text-slate-400">
        Enter a handle, @handle, numeric id or profile URL above. Each page of posts is bought once and kept; filters,
        find and export on loaded posts are free.
      </p>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Try:</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {DEMO.map((handle) => (
          <DemoHandle key={handle} handle={handle} />
        ))}
      </ul>
    </div>
  );
}

/** A handle to start from, with what opening it costs (or that it is already bought). */
function DemoHandle({ handle }: { handle: string }) {
  const cost = usePrice({ operation: 'timeline', page: timelinePage({ screenName: handle }) });
  return (
    <li>
      <Link
        to="/timeline"
        search={{ screen_name: handle }}
        className="inline-flex items-baseline gap-1.5 rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        @{handle} <PriceText price={cost} testId="cost-hint-timeline" />
      </Link>
    </li>
  );
}
