import { Link } from '@tanstack/react-router';
import type { FindHit } from '../../../api/archive-search';
import { writeDayAndTime } from '../../../contract/dates/date-format';

const when = (iso: string) => writeDayAndTime(iso);

/** Which purchase a hit came from, and that showing it cost nothing; the link is to the free history, never a purchase. */
export function Provenance({ from }: { from: FindHit['from'] }) {
  const operation = from.operation === 'search' ? 'search' : 'timeline';
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 px-4 pb-2 text-xs text-slate-600 dark:text-slate-400"
      data-testid="hit-provenance"
      data-purchase-id={from.purchaseId}
    >
      <span className="font-semibold text-emerald-800 dark:text-emerald-300">0 credits</span>
      {/* The purchase is said by when it was bought; its id stays for who needs it, on hover and in History. */}
      <span title={`purchase ${from.purchaseId}`}>
        from {operation === 'search' ? `the search “${from.subject}”` : `@${from.subject}'s timeline`}, bought{' '}
        {when(from.boughtAt)}
        {from.person ? ` by ${from.person}` : ''}
      </span>
      <Link
        to="/history"
        search={{ operation, subject: from.subject }}
        className="text-brand-700 underline dark:text-sky-300"
      >
        in History
      </Link>
    </p>
  );
}
