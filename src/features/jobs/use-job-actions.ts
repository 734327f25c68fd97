import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  changeJob,
  jobKeys,
  landJobSummary,
  quoteJob,
  startJob,
  type JobAction,
  type JobDetail,
  type JobSpec,
  type JobSummary,
} from '../../api/jobs';
import { sessionKeys } from '../../api/keys';
import { useCacheMutation } from '../../lib/use-cache-mutation';

/** A job's new state goes into its page and its row at once; the meter reads the ledger again. */
function landJob(queryClient: QueryClient, job: JobSummary) {
  landJobSummary(queryClient, job);
  void queryClient.invalidateQueries({ queryKey: jobKeys.detail(job.id) });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.state() });
}

/** What a job says the moment its button is pressed, before the server's answer (which carries its figures). */
const SHOWN_AT_ONCE: Record<JobAction, Pick<JobSummary, 'status' | 'stopReason' | 'stopMessage'>> = {
  pause: { status: 'paused', stopReason: null, stopMessage: null },
  resume: { status: 'running', stopReason: null, stopMessage: null },
  cancel: { status: 'cancelled', stopReason: 'cancelled', stopMessage: null },
};

/**
 * Pause, resume or cancel shows at once, everywhere the job is shown: readings already on their way (taken
 * before the press) are dropped so they cannot put the old state back, and the job is settling until the
 * server's answer says what its last calls brought.
 */
async function showAtOnce(queryClient: QueryClient, id: string, action: JobAction) {
  const now =
    queryClient.getQueryData<JobDetail>(jobKeys.detail(id))?.job ??
    queryClient.getQueryData<JobSummary[]>(jobKeys.list())?.find((job) => job.id === id);
  if (!now) return;
  await Promise.all([
    queryClient.cancelQueries({ queryKey: jobKeys.list() }),
    queryClient.cancelQueries({ queryKey: jobKeys.detail(id) }),
  ]);
  landJobSummary(queryClient, { ...now, ...SHOWN_AT_ONCE[action], settling: action !== 'resume' });
}

/** Asking for a quote is free: nothing is bought until it is accepted. */
export function useQuoteJob() {
  return useCacheMutation((spec: JobSpec) => quoteJob(spec));
}

export function useStartJob() {
  const queryClient = useQueryClient();
  return useCacheMutation(
    ({ spec, accepted }: { spec: JobSpec; accepted: string }) => startJob(spec, accepted),
    (job) => landJob(queryClient, job),
  );
}

/** One job's presses run in the order they were made: a Resume pressed before the Pause answered waits for it. */
export function useChangeJob(id: string) {
  const queryClient = useQueryClient();
  return useCacheMutation(
    async (action: JobAction) => {
      await showAtOnce(queryClient, id, action);
      try {
        return await changeJob(id, action);
      } catch (error) {
        // Refused (it had already ended, say): what the server holds replaces what was shown at once.
        void queryClient.invalidateQueries({ queryKey: jobKeys.all });
        throw error;
      }
    },
    (job) => landJob(queryClient, job),
    `job:${id}`,
  );
}
