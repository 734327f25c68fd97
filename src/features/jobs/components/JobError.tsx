import { RefusalError } from '../../../components/RefusalError';

/** A jobs API refusal (src/components/RefusalError.tsx), as the Jobs page's tests find it. */
export function JobError({ error, title }: { error: unknown; title: string }) {
  return <RefusalError error={error} title={title} testId="job-error" />;
}
