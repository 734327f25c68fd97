import type { SpendBreakdown, SpendGroup } from '../../../api/spend';
import { downloadText } from '../../../lib/download';
import { spendCsv } from '../spend-view';
import { outlineButton } from './control-style';

/** The file's name says what it holds: the dimension, and this session or the period's days. */
function csvName(breakdown: SpendBreakdown): string {
  const period = breakdown.session ? 'session' : `${breakdown.from ?? 'start'}_${breakdown.to ?? 'now'}`;
  return `creditscope-spend-by-${breakdown.by}-${period}.csv`;
}

/** Saves the table as shown (its rows in its order) as CSV; nothing to save until there is a row. */
export function SpendCsvButton({ breakdown, groups }: { breakdown: SpendBreakdown | undefined; groups: SpendGroup[] }) {
  return (
    <button
      type="button"
      className={`${outlineButton} ml-auto`}
      disabled={!breakdown || groups.length === 0}
      onClick={() =>
        breakdown && downloadText(csvName(breakdown), 'text/csv;charset=utf-8', spendCsv(breakdown, groups))
      }
    >
      Download CSV
    </button>
  );
}
