/**
 * `npm run job -- --handles a,b --pages 5 [--searches "x,y"] [--search-pages 2] [--until 2026-11-01] [--out file] [--yes]`:
 * a collection job from a script. Opens the store with the server's environment (so the budget, the
 * ledger and the archive are the ones a running server uses), prints the quote, and only with --yes
 * buys, with a progress bar, then writes the posts and results (NDJSON, or CSV by the file's extension).
 * Ctrl-C pauses the job: it can be resumed from the Jobs page. In demo mode it starts the built-in stand-in.
 */
import path from 'node:path';
import { whenOutputCloses } from '../cli-output-closed.ts';
import { loadConfig } from '../config.ts';
import { loadEnvFiles } from '../http/options.ts';
import { createServices, type Services } from '../proxy/services.ts';
import { createJob, quoteFor } from './actions.ts';
import { readCli, USAGE, UsageError } from './cli-args.ts';
import { cannotWrite, progressReporter, quoteText, writeLines } from './cli-output.ts';
import { csvHeader, csvLine, csvRowsOf, exportRows, ndjsonLine } from './export.ts';
import { lines } from '../http/download.ts';
import { startJobs, type Jobs } from './service.ts';
import { readSpec } from './spec.ts';

class Exit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function run(
  jobs: Jobs,
  request: Exclude<ReturnType<typeof readCli>, 'help'>,
  spec: Parameters<typeof quoteFor>[1],
) {
  const quote = await quoteFor(jobs, spec);
  console.log(quoteText(quote));
  if (!request.yes) {
    console.log('Nothing bought: add --yes to start.');
    return;
  }
  // Where the rows go is checked before a page is bought: rows paid for and then not written are lost to the person.
  const problem = cannotWrite(path.resolve(request.out ?? 'creditscope-job.ndjson'));
  if (problem) throw new Exit(1, `${problem}. Nothing bought.`);
  const created = await createJob(jobs, spec, quote.maxCredits, { run: false });
  if ('changed' in created)
    throw new Exit(
      1,
      `The quote changed while starting (now ${created.changed.maxCredits} credits): nothing bought. Run again to see it.`,
    );
  const id = created.job.id;
  console.log(`Started job ${id}.`);
  const progress = progressReporter(process.stdout);
  let interrupted = false;
  const pause = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    void jobs.store.transition(id, ['running'], 'paused');
  };
  process.on('SIGINT', pause);
  const ticker = setInterval(() => {
    void jobs.store.get(id).then((found) => found && progress.show(found.job));
  }, 250);
  try {
    if (!(await jobs.runner.runOnly(id)))
      throw new Exit(1, `Job ${id} is held by another process: follow it on the Jobs page.`);
  } finally {
    clearInterval(ticker);
    process.off('SIGINT', pause);
  }
  const { job, items } = (await jobs.store.get(id))!;
  progress.show(job);
  progress.end();
  for (const item of items.filter((candidate) => candidate.error))
    console.log(`  ${item.kind} ${item.subject}: ${item.status}: ${item.error}`);
  const out = path.resolve(request.out ?? `creditscope-job-${id}.ndjson`);
  const csv = out.toLowerCase().endsWith('.csv');
  // Posts and web results have their own columns: a job of searches only writes results, any other its posts.
  const rows = csvRowsOf(
    items.map((item) => item.kind),
    undefined,
  );
  await writeLines(
    out,
    csv
      ? lines(exportRows(jobs.store, id), csvLine(rows), csvHeader(rows))
      : lines(exportRows(jobs.store, id), ndjsonLine()),
  ).catch((error: Error) => {
    throw new Exit(
      1,
      `Job ${id} ${job.status}, but its rows could not be written to ${out}: ${error.message}. Export them from the Jobs page, or run \`npm run job\` again: its pages are in the archive, free.`,
    );
  });
  console.log(
    `Job ${id} ${job.status}${job.stopReason ? ` (${job.stopReason}): ${job.stopMessage}` : ''}. Spent ${job.spent} of ${job.quoteMaxCredits} credits.`,
  );
  console.log(`Wrote ${job.postsDone} row(s) to ${out}`);
  if (job.status === 'paused') console.log('Paused: resume it on the Jobs page.');
  if (job.status !== 'done') throw new Exit(job.status === 'paused' ? 130 : 1, '');
}

async function main(): Promise<void> {
  whenOutputCloses('job', 'carry on');
  let request: ReturnType<typeof readCli>;
  try {
    request = readCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`creditscope job: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (request === 'help') {
    console.log(USAGE);
    return;
  }
  let services: Services | null = null;
  let jobs: Jobs | null = null;
  try {
    const config = loadConfig(loadEnvFiles(process.cwd()));
    const read = readSpec(request.body, config.jobConcurrency);
    if ('problems' in read) throw new Exit(2, `${read.problems.join('\n')}\n\n${USAGE}`);
    services = await createServices(config);
    jobs = startJobs(services, config, { run: false });
    await run(jobs, request, read.spec);
    process.exitCode = 0;
  } catch (error) {
    // Config, price and store problems are said in one line, as the server says them at start-up.
    if ((error as Error).message) console.error(`creditscope job: ${(error as Error).message}`);
    process.exitCode = error instanceof Exit ? error.code : 1;
  } finally {
    // The exit code is set first: closing the store must not be what decides it.
    await jobs?.close();
    await services?.close();
  }
}

void main();
