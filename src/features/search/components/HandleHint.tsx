import { Link } from '@tanstack/react-router';
import { timelineKeys } from '../../../api/keys';
import { useIsBought } from '../../../api/purchase/use-is-bought';
import { CostHint } from '../../../components/CostHint';

/** `@name` looks like a person: offer their timeline next to the web results. */
export function HandleHint({ handle }: { handle: string }) {
  const bought = useIsBought(timelineKeys.user({ screenName: handle.toLowerCase() }));
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
        Open @{handle}’s timeline <CostHint operation="timeline" cached={bought} />
      </Link>
    </p>
  );
}
