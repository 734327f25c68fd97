import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import * as v from 'valibot';
import { sessionQueryOptions, type ReadSessionState } from '../api/session';
import { ErrorPanel } from '../components/ErrorPanel';
import { Spinner } from '../components/Spinner';
import { BudgetControl } from '../features/credits/components/BudgetControl';
import { ExportPeriod } from '../features/credits/components/ExportPeriod';
import { LedgerSection } from '../features/credits/components/LedgerSection';
import { NewSessionButton } from '../features/credits/components/NewSessionButton';
import { OperationBreakdown } from '../features/credits/components/OperationBreakdown';
import { PastSessions } from '../features/credits/components/PastSessions';
import { SessionOverview } from '../features/credits/components/SessionOverview';
import { SpendAlertsSection } from '../features/credits/components/SpendAlertsSection';
import { SpendBreakdownSection } from '../features/credits/components/SpendBreakdownSection';
import { SpendChart } from '../features/credits/components/SpendChart';
import { PERIODS } from '../features/credits/spend-periods';
import type { SpendView } from '../features/credits/spend-view';
import { SPEND_DIMENSIONS } from '../contract/spend-dimensions';
import { useLedgerRows } from '../features/credits/use-ledger-rows';
import { PeopleSpendSlot } from '../features/people/components/PeopleSpendSlot';

// Where the credits went, as the address says it (a day's row links to that day); a bad value falls back.
const day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const creditsSearchSchema = v.object({
  by: v.fallback(v.optional(v.picklist(SPEND_DIMENSIONS)), undefined),
  period: v.fallback(v.optional(v.picklist(PERIODS)), undefined),
  from: v.fallback(v.optional(day), undefined),
  to: v.fallback(v.optional(day), undefined),
});

export const Route = createFileRoute('/credits')({
  validateSearch: creditsSearchSchema,
  // Only the page is split off: the loader needs nothing beyond the shell's session query, and in a chunk of
  // its own it was one more script to fetch.
  codeSplitGroupings: [['component']],
  // Reading the ledger is free, so the page can ask for it before it renders.
  loader: ({ context }) => void context.queryClient.prefetchQuery(sessionQueryOptions()),
  component: CreditsPage,
});

// Shown only at some moments (a limit reached, an answer the page could not fully read): loaded then.
const BudgetReachedNotice = lazy(() =>
  import('../features/credits/components/BudgetReachedNotice').then((module) => ({
    default: module.BudgetReachedNotice,
  })),
);
const UnreadableFields = lazy(() => import('../features/credits/components/UnreadableFields'));

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-xl border border-slate-200 p-4 dark:border-slate-800 ${className}`}>
      <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

function CreditsPage() {
  const { data, error, refetch } = useQuery(sessionQueryOptions());
  return (
    <main className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-bold text-slate-900 dark:text-white">Credits</h1>
        {data && <NewSessionButton total={data.session.total} />}
      </div>
      {error && !data && <ErrorPanel error={error} onRetry={() => void refetch()} />}
      {!data && !error && <Spinner label="Reading the ledger…" />}
      {data && <CreditsBody state={data} />}
    </main>
  );
}

function CreditsBody({ state }: { state: ReadSessionState }) {
  // The chart and the ledger read the same rows: the newest page, plus the older ones asked for.
  const ledger = useLedgerRows(state);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // This session's by default: its total is the one the page shows above.
  const view: SpendView = {
    by: search.by ?? 'handle',
    period: search.period ?? 'session',
    from: search.from,
    to: search.to,
  };
  const setView = (next: SpendView) => void navigate({ search: next, replace: true, resetScroll: false });
  const partial = ledger.rows.length < ledger.total;
  return (
    <>
      <Suspense fallback={null}>
        {state.unreadable?.length ? <UnreadableFields fields={state.unreadable} /> : null}
        {state.budget.reached && <BudgetReachedNotice />}
      </Suspense>
      <SessionOverview state={state} />
      <PeopleSpendSlot state={state} />
      <Section title="Cumulative spend">
        <SpendChart
          rows={ledger.rows}
          limit={state.team && state.budget.limitBy === 'operator' ? null : state.budget.limit}
        />
        {partial && (
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            Drawn from the {ledger.rows.length} loaded calls of {ledger.total}: load older calls in the ledger below to
            draw them all.
          </p>
        )}
      </Section>
      <Section title="Where the credits went">
        <SpendBreakdownSection view={view} onView={setView} />
      </Section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="By operation">
          <OperationBreakdown state={state} />
        </Section>
        <Section title="Budget">
          <BudgetControl budget={state.budget} spent={state.session.total} price={state.creditPrice} />
        </Section>
      </div>
      <Section title="Spend alerts">
        <SpendAlertsSection budget={state.budget} sessionId={state.session.id} />
      </Section>
      <Section title="Ledger">
        <LedgerSection state={state} ledger={ledger} />
      </Section>
      <Section title="Export a period">
        <ExportPeriod />
      </Section>
      <Section title="Past sessions">
        <PastSessions sessions={state.pastSessions} />
      </Section>
    </>
  );
}
