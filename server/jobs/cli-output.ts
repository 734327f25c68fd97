import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/** Writes lines to a file with backpressure (an export of a big job never sits in memory); a failed write throws. */
export async function writeLines(file: string, lines: AsyncIterable<string>): Promise<void> {
  await pipeline(Readable.from(lines), fs.createWriteStream(file));
}

/**
 * Why the rows could not be written to `file`, found before anything is bought: a folder, a file or a folder this
 * user cannot write. Null when it looks writable (a full disk is only found by writing: writeLines says so).
 */
export function cannotWrite(file: string): string | null {
  try {
    if (fs.statSync(file).isDirectory()) return `${file} is a folder: name a file with --out`;
    fs.accessSync(file, fs.constants.W_OK);
    return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return `cannot write ${file}: ${(error as Error).message}`;
  }
  try {
    fs.accessSync(path.dirname(file), fs.constants.W_OK);
    return null;
  } catch (error) {
    return `cannot write in ${path.dirname(file)}: ${(error as Error).message}`;
  }
}
