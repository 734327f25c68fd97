import { DECIMAL_DIGITS } from '../../../contract/decimal';
import { field } from './styles';

/** Credits and their period, as `--limit` and `--period` take them; empty credits: no limit of their own. */
export function LimitFields({ credits, period, idPrefix }: { credits: string; period: string; idPrefix: string }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-xs font-medium text-slate-700 dark:text-slate-300" htmlFor={`${idPrefix}-credits`}>
        Limit (credits)
        <input
          id={`${idPrefix}-credits`}
          name="credits"
          inputMode="decimal"
          defaultValue={credits}
          placeholder="none"
          pattern={DECIMAL_DIGITS}
          title="A number of credits such as 0.5, or empty for none"
          className={`${field} mt-1 block w-28 tabular-nums`}
        />
      </label>
      <label className="text-xs font-medium text-slate-700 dark:text-slate-300" htmlFor={`${idPrefix}-period`}>
        Period
        <select id={`${idPrefix}-period`} name="period" defaultValue={period} className={`${field} mt-1 block`}>
          <option value="day">a day (UTC)</option>
          <option value="month">a month (UTC)</option>
          <option value="total">in total</option>
        </select>
      </label>
    </div>
  );
}

/** The limit a form's fields say: null where no credits were given. */
export function limitFromForm(form: FormData) {
  const credits = String(form.get('credits') ?? '').trim();
  const period = String(form.get('period') ?? 'day') as 'total' | 'day' | 'month';
  return credits === '' ? null : { credits, period };
}
