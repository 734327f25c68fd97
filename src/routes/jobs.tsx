import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useRef, useState, type ReactNode, type Ref } from 'react';
import * as v from 'valibot';
import { jobsQueryOptions } from '../api/jobs-list';
import type { JobSpec } from '../api/jobs';
import { ErrorPanel } from '../components/ErrorPanel';
import { Spinner } from '../components/Spinner';
import { JobCreator } from '../features/jobs/components/JobCreator';
import { JobsList } from '../features/jobs/components/JobsList';
import { JobView } from '../features/jobs/components/JobView';

// A bad id falls back to "none picked": a shared address never shows an error screen.
const jobsSearchSchema = v.object({
  job: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/))), undefined),
});

export const Route = createFileRoute('/jobs')({
  // Loader and page in one chunk: one lazy import in every page's shell rather than two (src/routes/search.tsx).
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: jobsSearchSchema,
  // The loader is split off like the page (the default): the jobs' schema and list load only with the Jobs page or
  // a running job's chip (src/features/jobs/components/JobMeterSlot.tsx), not in every page's shell.
  // Reading the jobs is free, so the page can ask for them before it renders.
  loader: ({ context }) => void context.queryClient.prefetchQuery(jobsQueryOptions()),
  component: JobsPage,
});

function Section({
  title,
  children,
  testId,
  ref,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section
      ref={ref}
      aria-label={title}
      data-testid={testId}
      tabIndex={ref ? -1 : undefined}
      className="scroll-mt-32 rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-800"
    >
      <h2 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

function JobsPage() {
  const { job: picked } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: jobs, error, refetch } = useQuery(jobsQueryOptions());
  // Without a pick, the job still under way (running or paused) is the one worth watching.
  const shown = picked ?? jobs?.find((job) => job.status === 'running' || job.status === 'paused')?.id;
  const show = (id: string) => void navigate({ search: { job: id }, resetScroll: false });
  // A job just started is where the person looks next, keyboard focus included; picking one from the list stays put.
  const follow = useRef(false);
  // A job run again: the form, filled with what it asked, is mounted anew and asks for its quote.
  const [again, setAgain] = useState<{ spec: JobSpec; n: number } | null>(null);
  const runAgain = (spec: JobSpec) => {
    setAgain((previous) => ({ spec, n: (previous?.n ?? 0) + 1 }));
    window.scrollTo({ top: 0 });
  };
  const started = (id: string) => {
    follow.current = true;
    show(id);
  };
  const bringIntoView = (node: HTMLElement | null) => {
    if (!node || !follow.current) return;
    follow.current = false;
    node.focus();
  };

  return (
    <main className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:py-6">
      <div>
        <h1 className="text-lg font-bold text-slate-900 dark:text-white">Jobs</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Many timelines and searches at once, bought by the server in the background. A quote first says the most it
          can cost; nothing is bought until you accept it, and a job never spends past its quote or the operator&apos;s
          limit.
        </p>
      </div>
      <Section title="New job">
        <JobCreator key={again?.n ?? 0} again={again?.spec} onStarted={started} />
      </Section>
      {shown && (
        <Section key={shown} ref={bringIntoView} title="Job" testId="job-section">
          <JobView id={shown} />
        </Section>
      )}
      <Section title="All jobs">
        {error && !jobs && <ErrorPanel error={error} onRetry={() => void refetch()} compact />}
        {!jobs && !error && <Spinner label="Reading the jobs…" />}
        {jobs && <JobsList jobs={jobs} shown={shown} onRunAgain={runAgain} />}
      </Section>
    </main>
  );
}
