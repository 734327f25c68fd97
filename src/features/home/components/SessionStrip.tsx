import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SessionState } from '../../../api/session';
import { CostHint } from '../../../components/CostHint';

function Fact({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** Where the data comes from, what each kind of call costs, and what this session has spent so far. */
export function SessionStrip({ state }: { state: SessionState | undefined }) {
  const demo = state?.mode === 'demo';
  return (
    <dl
      aria-label="Mode and prices"
      data-testid="session-strip"
      className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-2xl bg-slate-50 px-4 py-3 text-sm text-slate-700 sm:grid-cols-3
        dark:bg-slate-900 dark:text-slate-300"
    >
      <Fact label="Mode" className="max-sm:col-span-2">
        <p data-testid="start-mode" className="flex items-center gap-2">
          <span
            aria-hidden
            className={`h-2 w-2 shrink-0 rounded-full ${!state ? 'bg-slate-400' : demo ? 'bg-amber-500' : 'bg-emerald-500'}`}
          />
          <strong className="font-semibold text-slate-900 dark:text-white">
            {!state ? 'Reading…' : demo ? 'Demo mode' : 'Live upstream'}
          </strong>
        </p>
        {state && (
          <p data-testid="start-upstream" className="mt-0.5 text-xs break-words text-slate-600 dark:text-slate-400">
            {state.upstream}
          </p>
        )}
      </Fact>
      <Fact label="Prices" className="order-last sm:order-none">
        <p data-testid="start-prices" className="space-y-0.5">
          <span className="block">
            Timeline page <CostHint operation="timeline" listed className="whitespace-nowrap" />
          </span>
          <span className="block">
            Web search <CostHint operation="search" listed className="whitespace-nowrap" />
          </span>
        </p>
      </Fact>
      <Fact label="This session">
        {state ? (
          <Link
            to="/credits"
            className="text-slate-900 underline decoration-slate-400/50 underline-offset-2 hover:decoration-current dark:text-white"
          >
            <strong className="tabular-nums">{state.session.total}</strong> credits
          </Link>
        ) : (
          '…'
        )}
        {state && (
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
            {state.session.calls} paid {state.session.calls === 1 ? 'call' : 'calls'}
          </p>
        )}
      </Fact>
    </dl>
  );
}
