import fs from 'node:fs';
import { once } from 'node:events';
import type { JobSummary } from './job-store.ts';
import type { Quote } from './quote.ts';

/** The quote as a person reads it before saying yes. */
export function quoteText(quote: Quote): string {
  const width = Math.min(40, Math.max(...quote.items.map((item) => item.subject.length)));
  const lines = [
    `Quote: at most ${quote.maxCredits} credits for ${quote.pagesToBuy} page(s) to buy; ${quote.pagesInArchive} page(s) already in the archive are free.`,
    `Likely: ${quote.likelyCredits} credits for ${quote.likelyPagesToBuy} page(s), where an archived profile's post count says a timeline ends sooner.`,
    ...quote.items
      .slice(0, 50)
      .map(
        (item) =>
          `  ${item.kind.padEnd(8)} ${item.subject.slice(0, 40).padEnd(width)}  up to ${item.maxPages} page(s), ${item.archivedPages} archived  ${item.maxCredits} credits${item.likelyCredits === item.maxCredits ? '' : ` (likely ${item.likelyCredits})`}`,
      ),
    ...(quote.items.length > 50 ? [`  … and ${quote.items.length - 50} more`] : []),
    `Price per page: timeline ${quote.price.timeline ?? 'not known yet'}, search ${quote.price.search ?? 'not known yet'} credits (the most each has cost).`,
    quote.budgetLeft === null
      ? 'Budget left: no credit limit set.'
      : `Budget left: ${quote.budgetLeft} credits${quote.fits ? '.' : ' — less than the quote: the job will stop at the limit.'}`,
  ];
  return lines.join('\n');
}

export function progressText(job: JobSummary): string {
  return `${job.pagesDone}/${job.pagesPlanned} pages · ${job.postsDone} posts · ${job.spent}/${job.quoteMaxCredits} credits${job.pagesFromArchive ? ` · ${job.pagesFromArchive} from the archive` : ''}`;
}

/** A bar redrawn in place on a terminal; a plain line per change otherwise (a log, a pipe, CI). */
export function progressReporter(stream: NodeJS.WriteStream) {
  let last = '';
  return {
    show(job: JobSummary) {
      const text = progressText(job);
      if (text === last) return;
      last = text;
      if (!stream.isTTY) {
        stream.write(`progress: ${text}\n`);
        return;
      }
      const width = 24;
      const filled = job.pagesPlanned ? Math.round((job.pagesDone / job.pagesPlanned) * width) : 0;
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}\u001b[K`);
    },
    end() {
      if (stream.isTTY && last) stream.write('\n');
    },
  };
}

/** Writes lines to a file with backpressure: an export of a big job never sits in memory. */
export async function writeLines(file: string, lines: AsyncIterable<string>): Promise<void> {
  const out = fs.createWriteStream(file);
  try {
    for await (const line of lines) if (!out.write(line)) await once(out, 'drain');
  } finally {
    out.end();
    await once(out, 'close');
  }
}
