import { Download } from 'lucide-react';
import { fetchJobExport, type JobExport } from '../../../api/jobs';
import { useDownload } from '../../../lib/use-download';
import { button } from '../styles';
import { JobError } from './JobError';

const FORMATS: { format: JobExport; text: string }[] = [
  { format: 'ndjson', text: 'NDJSON' },
  { format: 'csv', text: 'CSV' },
];

/** A job's posts and results as a file, streamed by the server; free. */
export function ExportButtons({ jobId, compact = false }: { jobId: string; compact?: boolean }) {
  const { busy, error, download } = useDownload<JobExport>();
  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label={`Export job ${jobId}, free`} className="flex flex-wrap gap-1.5">
        {FORMATS.map(({ format, text }) => (
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
