import type { SpendBreakdown, SpendGroup } from '../../../api/spend';
import { mulDiv } from '../../../contract/decimal-math';
import { dateTime } from '../format';
import { DIMENSION_WORDS, type SpendSort } from '../spend-view';
import { SpendGroupLink } from './SpendGroupLink';
import { SpendTableHead } from './SpendTableHead';

/** A group's part of the total in whole percent, from the exact decimals (rounded half up); – when the total is 0. */
function share(credits: string, total: string): string {
  const percent = mulDiv(credits, '100', total, 0);
  return percent === null ? '–' : `${percent} %`;
}

/** The breakdown's groups in the order chosen, each row linking to what it bought, above the period's total. */
export function SpendTable({
  breakdown,
  groups,
  sort,
  onSort,
}: {
  breakdown: SpendBreakdown;
  groups: SpendGroup[];
  sort: SpendSort;
  onSort: (sort: SpendSort) => void;
}) {
  if (groups.length === 0)
    return <p className="py-2 text-sm text-slate-600 dark:text-slate-400">Nothing was spent in this period.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="spend-table">
        <caption className="sr-only">
          Spend {DIMENSION_WORDS[breakdown.by].tab.toLowerCase()}. Column headers sort; a name opens what it bought.
        </caption>
        <SpendTableHead by={breakdown.by} sort={sort} onSort={onSort} />
        <tbody>
          {groups.map((group) => (
            <tr
              key={group.key ?? ''}
              data-testid="spend-row"
              data-group={group.key ?? ''}
              className="border-b border-slate-100 dark:border-slate-900"
            >
              <th scope="row" className="max-w-56 truncate py-1.5 pr-3 text-left font-medium">
                <SpendGroupLink by={breakdown.by} group={group} />
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {group.calls}
                {group.failedFree > 0 && (
                  <span className="text-xs text-slate-500 dark:text-slate-400"> +{group.failedFree} free</span>
                )}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums" data-testid="spend-credits">
                {group.credits}
                {group.unknownCalls > 0 && (
                  <span
                    className="block text-xs text-amber-800 dark:text-amber-300"
                    title="Calls sent with no answer read: booked at the price they held"
                  >
                    {group.unknownCredits} outcome unknown
                  </span>
                )}
              </td>
              <td className="py-1.5 pr-3 text-slate-600 max-sm:hidden dark:text-slate-400">{dateTime(group.lastAt)}</td>
              <td className="py-1.5 text-right tabular-nums text-slate-600 max-sm:hidden dark:text-slate-400">
                {share(group.credits, breakdown.total)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className="py-1.5 pr-3 text-left">
              Total
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{breakdown.calls}</td>
            <td className="py-1.5 pr-3 text-right tabular-nums" data-testid="spend-table-total">
              {breakdown.total}
            </td>
            <td className="max-sm:hidden" />
            <td className="max-sm:hidden" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
