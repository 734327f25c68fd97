import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  changeJob,
  jobKeys,
  quoteJob,
  startJob,
  type JobAction,
  type JobDetail,
  type JobSpec,
  type JobSummary,
} from '../../api/jobs';
import { sessionKeys } from '../../api/keys';
import { useCacheMutation } from '../../lib/use-cache-mutation';

/** A job's new state goes into its page at once; the list and the meter read theirs again. */
function landJob(queryClient: QueryClient, job: JobSummary) {
  queryClient.setQueryData<JobDetail>(jobKeys.detail(job.id), (old) => (old ? { ...old, job } : old));
  void queryClient.invalidateQueries({ queryKey: jobKeys.detail(job.id) });
  void queryClient.invalidateQueries({ queryKey: jobKeys.list() });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.state() });
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

export function useChangeJob() {
  const queryClient = useQueryClient();
  return useCacheMutation(
    ({ id, action }: { id: string; action: JobAction }) => changeJob(id, action),
    (job) => landJob(queryClient, job),
  );
}
