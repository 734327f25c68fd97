import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/auth/me';
import { SPEND_DIMENSIONS } from '../../../contract/spend';
import { DIMENSION_WORDS, PERIOD_WORDS, PERIODS, type SpendPeriod, type SpendView } from '../spend-view';
import { control, fieldLabel } from './control-style';

const tab =
  'rounded-md border border-slate-300 px-2 py-1.5 text-sm font-medium hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-800 dark:aria-pressed:text-white';

/**
 * Which breakdown to show: the dimension's tabs, the period, and the days of a custom one. Each change goes to the
 * address (`onView`), so a reload or a shared link shows the same breakdown. Placed in its parent's row of controls.
 */
export function SpendViewPicker({ view, onView }: { view: SpendView; onView: (next: SpendView) => void }) {
  // By person only where people sign in (#28): on loopback nobody does, and every row would be "nobody".
  const { data: me } = useQuery(meQueryOptions());
  const dimensions = SPEND_DIMENSIONS.filter((by) => by !== 'person' || (me && me.mode !== 'none'));
  return (
    <>
      <div role="group" aria-label="Spend by" className="flex flex-wrap gap-1">
        {dimensions.map((by) => (
          <button
            key={by}
            type="button"
            aria-pressed={view.by === by}
            className={tab}
            onClick={() => onView({ ...view, by })}
          >
            {DIMENSION_WORDS[by].tab}
          </button>
        ))}
      </div>
      <label className={fieldLabel}>
        Period
        <select
          className={control}
          value={view.period}
          onChange={(event) => onView({ ...view, period: event.target.value as SpendPeriod })}
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {PERIOD_WORDS[period]}
            </option>
          ))}
        </select>
      </label>
      {view.period === 'custom' && (
        <>
          <label className={fieldLabel}>
            From (UTC day)
            <input
              type="date"
              className={control}
              value={view.from ?? ''}
              onChange={(event) => onView({ ...view, from: event.target.value || undefined })}
            />
          </label>
          <label className={fieldLabel}>
            To (UTC day, included)
            <input
              type="date"
              className={control}
              value={view.to ?? ''}
              onChange={(event) => onView({ ...view, to: event.target.value || undefined })}
            />
          </label>
        </>
      )}
    </>
  );
}
