import { Link } from '@tanstack/react-router';
import { timelinePage } from '../../../api/use-price';
import { CostHint } from '../../../components/CostHint';

/** `@name` looks like a person: offer their timeline next to the web results. */
export function HandleHint({ handle }: { handle: string }) {
  return (
    <p
      data-testid="handle-hint"
      className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800 dark:bg-brand-700/20 dark:text-slate-200"
    >
      Looking for a person?{' '}
      <Link
        to="/timeline"
        search={{ screen_name: handle }}
        className="font-semibold text-brand-700 underline hover:no-underline dark:text-brand-100"
      >
        Open @{handle}’s timeline <CostHint operation="timeline" page={timelinePage({ screenName: handle })} />
      </Link>
    </p>
  );
}
