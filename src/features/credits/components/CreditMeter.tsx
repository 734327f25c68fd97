import { Link } from '@tanstack/react-router';
import type { Budget } from '../../../api/session';
import { meterBudgetSentence, meterBudgetText, operatorScope } from '../budget-words';
import { meterPaceText, paceSentence } from '../pace-words';
import { spendPace } from '../spend-pace';
import { useLiveSession } from '../use-live-session';
import { useDateStyle } from '../../../lib/use-date-style';
import { useNow } from '../../../lib/use-now';

/**
 * Whose limit stopped paid calls, and only the ways out that exist for it: the operator's CREDIT_LIMIT
 * cannot be raised, cleared or reset from the browser; the personal limit can.
 */
function reachedNotes(budget: Budget): { label: string; sentence: string; title: string } {
  if (budget.reachedBy === 'operator') {
    return {
      label: "operator's limit reached",
      sentence: `The server operator's limit of ${budget.operatorLimit} credits is reached: paid calls are refused. It counts ${operatorScope(budget.period)} and cannot be changed from the browser`,
      title: `The server operator's limit of ${budget.operatorLimit} credits is reached: paid calls are refused. Only whoever runs creditscope can change it.`,
    };
  }
  if (budget.reachedBy === 'personal') {
    return {
      label: 'your limit reached',
      sentence: `Your limit of ${budget.personalLimit} credits for this session is reached: paid calls are refused until you raise or clear it, or start a new session`,
      title:
        'Your limit for this session is reached: paid calls are refused. Open Credits to raise or clear it, or start a new session.',
    };
  }
  return {
    label: 'limit reached',
    sentence: `A credit limit of ${budget.limit} is reached: paid calls are refused`,
    title: 'A credit limit is reached: paid calls are refused. Open Credits to see which.',
  };
}

const tone = {
  reached:
    'border-red-500 bg-red-50 text-red-900 hover:bg-red-100 dark:border-red-500 dark:bg-red-950/70 dark:text-red-100 dark:hover:bg-red-950',
  warning:
    'border-amber-500 bg-amber-50 text-amber-950 hover:bg-amber-100 dark:border-amber-400 dark:bg-amber-950/60 dark:text-amber-100 dark:hover:bg-amber-950',
  calm: 'border-slate-300 text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-900',
};

/** Always in the header: what this session has spent, on how many calls, and what the budget leaves. */
export function CreditMeter() {
  const { data, isError, dataUpdatedAt } = useLiveSession();
  // As fresh as the ledger read, and ticking between reads: an idle session's rate falls as time passes.
  const now = Math.max(useNow(), dataUpdatedAt);
  const style = useDateStyle();
  if (isError) return <span className="text-xs text-red-700 dark:text-red-300">meter unavailable</span>;
  if (!data) return <span className="text-xs text-slate-500 dark:text-slate-400">loading meter…</span>;
  const { session, budget } = data;
  const reached = budget.reached ? reachedNotes(budget) : null;
  // Amber before the hard stop; once a limit is reached the red state says more.
  const warning = !reached && budget.warning;
  const budgetText = reached ? `. ${reached.sentence}` : meterBudgetSentence(budget);
  const figure = meterBudgetText(budget);
  const pace = spendPace(data, now);
  const paceText = pace && !reached ? meterPaceText(pace, now, style) : null;
  return (
    <Link
      to="/credits"
      data-testid="credit-meter"
      data-budget-reached={reached ? 'true' : undefined}
      data-budget-warning={warning ? 'true' : undefined}
      data-reached-by={budget.reachedBy ?? undefined}
      aria-label={`Session spend: ${session.total} credits over ${session.calls} paid calls${budgetText}. ${reached ? '' : `${paceSentence(pace, session.total, now, style)} `}Open the credits page.`}
      title={
        reached?.title ??
        (warning
          ? `Close to the credit limit (warns at ${budget.warnAt}): paid calls are refused once it is reached.`
          : undefined)
      }
      className={`flex flex-col rounded-2xl border px-3 py-1 text-sm leading-tight tabular-nums no-underline ${reached ? tone.reached : warning ? tone.warning : tone.calm}`}
    >
      <span className="flex flex-wrap items-center gap-x-2">
        <span>
          <strong data-testid="meter-total">{session.total}</strong> credits
        </span>
        <span className={reached || warning ? '' : 'text-slate-600 dark:text-slate-400'} data-testid="meter-calls">
          {session.calls} {session.calls === 1 ? 'call' : 'calls'}
        </span>
        {reached ? (
          <span
            data-testid="meter-budget"
            className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-red-600"
          >
            <span aria-hidden>■ </span>
            {reached.label}
          </span>
        ) : (
          figure !== null && (
            <span
              data-testid="meter-budget"
              className={warning ? 'font-semibold' : 'text-slate-600 dark:text-slate-400'}
            >
              {warning && <span aria-hidden>▲ </span>}
              {figure}
              {warning && (
                <span aria-hidden className="hidden sm:inline">
                  {' '}
                  · near limit
                </span>
              )}
            </span>
          )
        )}
      </span>
      {/* A second, smaller line: the pace keeps the meter narrow enough for one header row. */}
      {paceText && (
        <span data-testid="meter-pace" className={`text-xs ${warning ? '' : 'text-slate-600 dark:text-slate-400'}`}>
          {paceText.rate}
          {paceText.limit && <span data-testid="meter-forecast"> · {paceText.limit}</span>}
        </span>
      )}
    </Link>
  );
}
