import { useEffect, useRef, useState } from 'react';
import { isQuoteChanged, type JobQuote, type JobSpec } from '../../../api/jobs';
import { DEFAULT_FORM, formFromSpec, specFromForm, type FormProblems, type JobFormValues } from '../job-form';
import { useQuoteJob, useStartJob } from '../use-job-actions';
import { JobError } from './JobError';
import { JobForm } from './JobForm';
import { QuotePanel } from './QuotePanel';

/** The server's days are UTC, so "posts older than" a day is a UTC day too. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * Form → quote → start. The quote belongs to the spec it priced: any change to the form drops it, so the
 * price on Start is always the price of what would run. `again` (a job run again) fills the form with what
 * that job asked and asks for its quote, free: Start, with the price on it, is still the person's own click.
 * After Start the form keeps what was asked.
 */
export function JobCreator({ onStarted, again }: { onStarted: (id: string) => void; again?: JobSpec }) {
  const [values, setValues] = useState<JobFormValues>(() => (again ? formFromSpec(again) : DEFAULT_FORM));
  const [problems, setProblems] = useState<FormProblems>({});
  const [quoted, setQuoted] = useState<{ spec: JobSpec; quote: JobQuote; changed: boolean } | null>(null);
  const quoteJob = useQuoteJob();
  const startJob = useStartJob();
  const today = utcToday();

  const change = (patch: Partial<JobFormValues>) => {
    setValues((old) => ({ ...old, ...patch }));
    setProblems({});
    setQuoted(null);
    quoteJob.reset();
    startJob.reset();
  };

  const requote = (spec: JobSpec, changed: boolean) =>
    quoteJob.mutate(spec, { onSuccess: (quote) => setQuoted({ spec, quote, changed }) });

  // Once per job run again (StrictMode mounts twice): its quote, which buys nothing.
  const quotedAgain = useRef(false);
  useEffect(() => {
    if (!again || quotedAgain.current) return;
    quotedAgain.current = true;
    requote(again, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once for the spec this form was mounted with
  }, []);

  const askQuote = () => {
    const built = specFromForm(values, today);
    if ('problems' in built) {
      setProblems(built.problems);
      return;
    }
    startJob.reset();
    requote(built.spec, false);
  };

  const start = () => {
    if (!quoted) return;
    startJob.mutate(
      { spec: quoted.spec, accepted: quoted.quote.maxCredits },
      {
        onSuccess: (job) => {
          setQuoted(null);
          onStarted(job.id);
        },
        // The server priced it differently now: show the new price and let the person decide again.
        onError: (error) => {
          if (isQuoteChanged(error)) {
            setQuoted(null);
            requote(quoted.spec, true);
          }
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <JobForm
        values={values}
        problems={problems}
        onChange={change}
        onQuote={askQuote}
        quoting={quoteJob.isPending}
        today={today}
      />
      {quoteJob.isError && <JobError error={quoteJob.error} title="No quote" />}
      {quoted && (
        <QuotePanel quote={quoted.quote} changed={quoted.changed} onStart={start} starting={startJob.isPending} />
      )}
      {startJob.isError && !isQuoteChanged(startJob.error) && (
        <JobError error={startJob.error} title="The job did not start" />
      )}
    </div>
  );
}
