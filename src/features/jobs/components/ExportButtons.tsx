import { Download } from 'lucide-react';
import { fetchJobExport, type JobExport } from '../../../api/jobs';
import { useDownload } from '../../../lib/use-download';
import { button } from '../styles';
import { JobError } from './JobError';

const FORMATS: { format: JobExport; text: string }[] = [
  { format: 'ndjson', text: 'NDJSON' },
  { format: 'csv', text: 'CSV' },
];
// Posts and web results have columns of their own: a job of both has a CSV of each.
const MIXED_FORMATS: { format: JobExport; text: string }[] = [
  { format: 'ndjson', text: 'NDJSON' },
  { format: 'csv', text: 'CSV posts' },
  { format: 'results-csv', text: 'CSV results' },
];

/** A job that collects timelines and searches alike. */
export const isMixed = (spec: { handles: string[]; searches: string[] } | null | undefined) =>
  Boolean(spec && spec.handles.length > 0 && spec.searches.length > 0);

/** A job's posts and results as a file, streamed by the server; free. */
export function ExportButtons({
  jobId,
  mixed = false,
  compact = false,
}: {
  jobId: string;
  /** The job collects both timelines and searches. */
  mixed?: boolean;
  compact?: boolean;
}) {
  const { busy, error, download } = useDownload<JobExport>();
  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label={`Export job ${jobId}, free`} className="flex flex-wrap gap-1.5">
        {(mixed ? MIXED_FORMATS : FORMATS).map(({ format, text }) => (
          <button
            key={format}
            type="button"
            disabled={busy !== null}
            aria-busy={busy === format}
            onClick={() => void download(format, () => fetchJobExport(jobId, format))}
            data-testid={`job-export-${format}`}
            className={`${button} ${compact ? 'px-2 py-0.5 text-xs' : ''}`}
          >
            <Download aria-hidden className="h-3.5 w-3.5" />
            {busy === format ? `${text}…` : text}
          </button>
        ))}
      </div>
      {error !== null && <JobError error={error} title="The export failed" />}
    </div>
  );
}
