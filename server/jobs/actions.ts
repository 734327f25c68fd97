import Big from 'big.js';
import type { Services } from '../proxy/services.ts';
import type { JobStore, JobSummary } from './job-store.ts';
import { quoteJob, type Quote } from './quote.ts';
import type { JobRunner } from './runner.ts';
import { planItems, type JobSpec } from './spec.ts';

export interface JobsContext {
  store: JobStore;
  runner: JobRunner;
  services: Services;
  defaultConcurrency: number;
}

/** The quote for `person` (null: nobody signs in, or `npm run job`): what is left is weighed against their own limits. */
export function quoteFor(context: JobsContext, spec: JobSpec, person: string | null = null): Promise<Quote> {
  const {
    store: { archive, ledger },
    prices,
    limits,
  } = context.services;
  return quoteJob(spec, { archive, ledger, prices, limits }, person);
}

/**
 * Starts a job at the quote the person accepted, or returns today's quote when it differs (pages
 * archived or prices learnt since): nothing is bought at a price nobody agreed to.
 */
export async function createJob(
  context: JobsContext,
  spec: JobSpec,
  accepted: string,
  options: { run?: boolean; person?: string | null } = {},
): Promise<{ job: JobSummary } | { changed: Quote }> {
  const quote = await quoteFor(context, spec, options.person ?? null);
  if (!new Big(quote.maxCredits).eq(accepted)) return { changed: quote };
  const id = await context.store.create(spec, quote.maxCredits, planItems(spec), options.person ?? null);
  if (options.run !== false) void context.runner.kick();
  return { job: (await context.store.get(id))!.job };
}

export type JobAction = 'pause' | 'resume' | 'cancel';

/** How long a cancel waits for the calls already in flight here, so its answer is the job's final state. */
const SETTLE_MS = 5_000;

/**
 * After a pause or cancel, the job stops taking pages here at once. A cancel's answer waits (a while at most)
 * for the calls in flight to land, so the pages and credits it reports are what the store ends with; a pause
 * answers at once, so Resume can follow it. Until its last calls land (here or in the process holding it, which
 * stops before its next page) a summary says `settling`, and the browser keeps reading it.
 */
async function stopHere(context: JobsContext, id: string, action: 'pause' | 'cancel') {
  const running = context.runner.contextOf(id);
  if (!running) return;
  running.stop({ reason: action === 'cancel' ? 'cancelled' : 'paused' });
  if (action === 'pause') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    context.runner.settled(id),
    new Promise((resolve) => {
      timer = setTimeout(resolve, SETTLE_MS);
    }),
  ]);
  clearTimeout(timer);
}

export async function controlJob(
  context: JobsContext,
  id: string,
  action: JobAction,
): Promise<{ job: JobSummary } | { status: 404 | 409; message: string }> {
  const { store } = context;
  const row = await store.row(id);
  if (!row) return { status: 404, message: `No job ${id}` };
  let moved = false;
  if (action === 'pause') moved = await store.transition(id, ['running'], 'paused');
  if (action === 'cancel') {
    moved = await store.transition(
      id,
      ['running', 'paused', 'stopped'],
      'cancelled',
      'cancelled',
      'Cancelled: nothing more is bought; what was obtained stays in the archive and in the export.',
      { from: ['queued', 'stopped'], set: { status: 'cancelled' } },
    );
  }
  if (action === 'resume') {
    // Resumed, it spends as its creator (never as who resumed it): a removed creator's job buys nothing more.
    if (row.person !== null && (await store.creatorRole(row.person)) === null)
      return {
        status: 409,
        message: `Cannot resume this job: ${row.person}, who started it, was removed; nothing more is bought for it. Start a job of your own to collect the rest.`,
      };
    // A job stopped by a limit goes on once the limit is raised; one stopped at its quote needs a new quote.
    const again = { from: ['stopped' as const], set: { status: 'queued' as const, error: null } };
    moved =
      (await store.transition(id, ['paused'], 'running', null, null, again)) ||
      (row.stop_reason === 'limit' && (await store.transition(id, ['stopped'], 'running', null, null, again)));
    if (moved) void context.runner.kick();
  }
  if (!moved) {
    const now = (await store.row(id))!;
    const allowed = {
      pause: 'a running job',
      resume: 'a paused job, or one stopped by a credit limit',
      cancel: 'a job that is not done or cancelled',
    }[action];
    return {
      status: 409,
      message: `Cannot ${action} this job: it is ${now.status}${now.stop_reason ? ` (${now.stop_reason})` : ''}; only ${allowed} can be.`,
    };
  }
  if (action !== 'resume') await stopHere(context, id, action);
  return { job: (await store.get(id))!.job };
}
