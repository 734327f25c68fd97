import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import type { SessionState } from '../../../api/session';
import { meterBudgetParts, meterBudgetSentence, meterReachedNotes, warningNote } from '../budget-words';
import { meterPaceText, paceSentence, paceUnitLabel } from '../pace-words';
import { spendPace } from '../spend-pace';
import { useLiveSession } from '../use-live-session';
import { ApiError } from '../../../api/errors';
import { SIGN_IN_REQUIRED } from '../../../api/auth/sign-in-required';
import type { DateStyle } from '../../../contract/dates/date-style';
import { useDateStyle } from '../../../lib/use-date-style';
import { Money } from '../../../components/Money';
import { useOneLine } from '../../../lib/use-one-line';
import { useNow } from '../../../lib/use-now';

const tone = {
  reached:
    'border-red-500 bg-red-50 text-red-900 hover:bg-red-100 dark:border-red-500 dark:bg-red-950/70 dark:text-red-100 dark:hover:bg-red-950',
  warning:
    'border-amber-500 bg-amber-50 text-amber-950 hover:bg-amber-100 dark:border-amber-400 dark:bg-amber-950/60 dark:text-amber-100 dark:hover:bg-amber-950',
  calm: 'border-slate-300 text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-900',
};
const quiet = 'text-slate-600 dark:text-slate-400';

/**
 * What the meter leaves out as its room shrinks (useOneLine), first to last. Each part is marked `data-part`,
 * and src/styles.css hides the parts the meter's `data-hide` names.
 */
const DROP_ORDER = ['calls', 'window', 'detail', 'forecast', 'money', 'pace', 'words', 'unit'];

/**
 * Always in the header, on one line at every width: what this session has spent, where the nearest limit
 * stands, and while spending goes on, the recent pace. Where the header has less room, the parts that only add
 * detail give way (DROP_ORDER) until it fits: the call count, the pace's window, whose limit and "of 2", the
 * forecast, the money (with CREDIT_PRICE set), the pace, the limit's words (its icon and colour stay), then the word "credits". Everything is in its
 * accessible name and tooltip, and the whole meter opens the Credits page.
 */
export function CreditMeter() {
  const { data, error, dataUpdatedAt } = useLiveSession();
  // As fresh as the ledger read, and ticking between reads: the recent window moves on while the page is open.
  const now = Math.max(useNow(), dataUpdatedAt);
  const style = useDateStyle();
  // Nobody signed in yet (the sign-in and welcome pages): there is no meter of theirs to show.
  if (error instanceof ApiError && error.kind === SIGN_IN_REQUIRED) return null;
  if (error) return <span className="text-xs text-red-700 dark:text-red-300">meter unavailable</span>;
  if (!data)
    return <span className="text-xs whitespace-nowrap text-slate-500 dark:text-slate-400">loading meter…</span>;
  return <Meter state={data} now={now} style={style} />;
}

function Meter({ state, now, style }: { state: SessionState; now: number; style: DateStyle }) {
  const { session, budget } = state;
  const reached = budget.reached ? meterReachedNotes(budget) : null;
  // Amber before the hard stop, at the nearest limit's warning point (the server's rule); once reached, red.
  const warning = !reached && budget.warning;
  const budgetText = reached ? `. ${reached.sentence}` : meterBudgetSentence(budget);
  const figure = meterBudgetParts(budget);
  const pace = spendPace(state, now);
  const paceText = reached ? null : meterPaceText(pace, now, style);
  const paceLabel = paceText && paceUnitLabel(pace);
  const calls = `${session.calls} ${session.calls === 1 ? 'call' : 'calls'}`;
  const ref = useRef<HTMLAnchorElement>(null);
  useOneLine(ref, DROP_ORDER);
  return (
    <Link
      ref={ref}
      to="/credits"
      data-testid="credit-meter"
      data-budget-reached={reached ? 'true' : undefined}
      data-budget-warning={warning ? 'true' : undefined}
      data-warning-by={warning ? (budget.warningBy ?? undefined) : undefined}
      data-reached-by={budget.reachedBy ?? undefined}
      // The money beside the credits is read after the name: the name is written without it (it loads apart).
      aria-describedby={state.creditPrice ? 'meter-money' : undefined}
      aria-label={`Session spend: ${session.total} credits over ${calls}${budgetText}. ${reached ? '' : `${paceSentence(pace, session, now, style)} `}Open the credits page.`}
      // What a narrow header leaves out, for the pointer too (screen readers have the whole of it above).
      title={[reached?.title ?? (warning && warningNote(budget)), paceLabel && `${paceText!.rate} ${paceLabel}.`]
        .filter(Boolean)
        .join(' ')}
      className={`flex min-w-0 items-center gap-x-2 overflow-hidden rounded-full border px-3 py-1 text-sm leading-5 whitespace-nowrap tabular-nums no-underline ${reached ? tone.reached : warning ? tone.warning : tone.calm}`}
    >
      <span className="shrink-0">
        <strong data-testid="meter-total">{session.total}</strong>
        <span data-part="unit"> credits</span>
      </span>
      {/* The operator's CREDIT_PRICE, if set: the same spend in a currency, beside the credits. */}
      {state.creditPrice && (
        <span data-part="money">
          <Money
            credits={session.total}
            price={state.creditPrice}
            id="meter-money"
            testId="meter-money"
            className={reached || warning ? '' : quiet}
          />
        </span>
      )}
      <span data-part="calls" className={reached || warning ? '' : quiet} data-testid="meter-calls">
        {calls}
      </span>
      {reached ? (
        <span
          data-testid="meter-budget"
          className="rounded-full bg-red-700 px-2 text-xs leading-5 font-semibold text-white dark:bg-red-600"
        >
          <span aria-hidden>■</span>
          <span data-part="words">
            {' '}
            {reached.owner && <span data-part="detail">{reached.owner} </span>}
            limit reached
          </span>
        </span>
      ) : (
        figure !== null && (
          <span
            data-testid="meter-budget"
            data-part={warning ? undefined : 'words'}
            className={warning ? 'font-semibold' : quiet}
          >
            {warning && <span aria-hidden>▲</span>}
            <span data-part="words">
              {warning && ' '}
              {figure.lead}
              {figure.detail && <span data-part="detail">{figure.detail}</span>}
              {figure.tail}
            </span>
          </span>
        )
      )}
      {paceText && (
        <span data-testid="meter-pace" data-part="pace" className={warning ? '' : quiet}>
          {paceText.rate}{' '}
          <abbr title={paceLabel ?? undefined} className="no-underline">
            {paceText.unit}
          </abbr>
          <span data-testid="meter-pace-window" data-part="window">
            {' '}
            · {paceText.window}
          </span>
          {paceText.limit && (
            <span data-testid="meter-forecast" data-part="forecast">
              {' '}
              · {paceText.limit}
            </span>
          )}
        </span>
      )}
    </Link>
  );
}
