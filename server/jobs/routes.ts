import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER } from '../../src/contract/index.ts';
import { normalisedError } from '../proxy/errors.ts';
import { sendError, sendJson } from '../proxy/send.ts';
import { controlJob, createJob, quoteFor, type JobAction, type JobsContext } from './actions.ts';
import { CSV_HEADER, csvLine, exportRows, lines, ndjsonLine, streamLines } from './export.ts';
import { PriceUnknown } from './quote.ts';
import { readSpec, type JobSpec } from './spec.ts';
import { readJsonObject } from '../proxy/json-body.ts';
import { BodyRefused } from '../proxy/read-body.ts';

const MAX_BODY = 4 * 1024 * 1024;
const DECIMAL = /^\d+(\.\d+)?$/;

const badRequest = (response: ServerResponse, message: string) =>
  sendError(response, normalisedError(400, 'bad_request', message));

/** The spec of a quote or a job from the body, or a 400 that names every bad field; null when answered. */
async function specFrom(
  request: IncomingMessage,
  response: ServerResponse,
  context: JobsContext,
  extra: string[] = [],
): Promise<{ spec: JobSpec; body: Record<string, unknown> } | null> {
  let body: unknown;
  try {
    body = await readJsonObject(request, MAX_BODY);
  } catch (error) {
    const why = error instanceof BodyRefused ? `${error.message}. ` : '';
    badRequest(
      response,
      `${why}The body must be a JSON object under 4 MB, like {"handles":["ada"],"searches":[],"timeline":{"pages":5},"searchPages":1}`,
    );
    return null;
  }
  const read = readSpec(body, context.defaultConcurrency, extra);
  const problems = 'problems' in read ? [...read.problems] : [];
  const accepted = (body as Record<string, unknown> | null)?.acceptedMaxCredits;
  if (extra.includes('acceptedMaxCredits') && (typeof accepted !== 'string' || !DECIMAL.test(accepted)))
    problems.push('acceptedMaxCredits: the maxCredits of the quote you accept, as a string like "0.9"');
  if (problems.length > 0 || !('spec' in read)) {
    badRequest(response, `Nothing bought: ${problems.join('; ')}`);
    return null;
  }
  return { spec: read.spec, body: body as Record<string, unknown> };
}

async function withQuote<T>(response: ServerResponse, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PriceUnknown)) throw error;
    sendError(response, normalisedError(409, 'bad_request', error.message));
    return null;
  }
}

/** `/api/_jobs`: collection jobs, their quotes, controls and exports. Only a created job buys anything. */
export async function handleJobRoute(
  subpath: string,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  context: JobsContext,
) {
  const method = request.method ?? 'GET';
  if (subpath === '/quote' && method === 'POST') {
    const read = await specFrom(request, response, context);
    if (!read) return;
    const quote = await withQuote(response, () => quoteFor(context, read.spec));
    if (quote) sendJson(response, 200, { quote });
    return;
  }
  if (subpath === '' && method === 'POST') {
    const read = await specFrom(request, response, context, ['acceptedMaxCredits']);
    if (!read) return;
    const created = await withQuote(response, () =>
      createJob(context, read.spec, read.body.acceptedMaxCredits as string),
    );
    if (!created) return;
    if ('changed' in created) {
      const failure = normalisedError(
        409,
        'bad_request',
        `The quote changed to ${created.changed.maxCredits} credits (you accepted ${String(read.body.acceptedMaxCredits)}): nothing was bought. Look at the new quote and accept it to start.`,
      );
      return sendJson(response, 409, { ...failure, quote: created.changed }, { [HEADER.charged]: 'no' });
    }
    return sendJson(response, 201, created);
  }
  if (subpath === '' && method === 'GET') return sendJson(response, 200, { jobs: await context.store.list() });
  const match = /^\/([\w-]{1,64})(?:\/(pause|resume|cancel|export\.ndjson|export\.csv))?$/.exec(subpath);
  if (!match)
    return sendError(
      response,
      normalisedError(
        404,
        'not_found',
        'No such jobs endpoint: /api/_jobs, /api/_jobs/quote, /api/_jobs/<id>[/pause|/resume|/cancel|/export.ndjson|/export.csv]',
      ),
    );
  const [, id, action] = match as unknown as [string, string, string | undefined];
  const wanted = action === 'pause' || action === 'resume' || action === 'cancel' ? 'POST' : 'GET';
  if (method !== wanted)
    return sendError(response, normalisedError(405, 'bad_request', `${url.pathname} accepts ${wanted} only`), {
      allow: wanted,
    });
  if (action === 'pause' || action === 'resume' || action === 'cancel') {
    const result = await controlJob(context, id, action as JobAction);
    if ('job' in result) return sendJson(response, 200, result);
    return sendError(
      response,
      normalisedError(result.status, result.status === 404 ? 'not_found' : 'bad_request', result.message),
    );
  }
  const found = await context.store.get(id);
  if (!found) return sendError(response, normalisedError(404, 'not_found', `No job ${id}`));
  // Each post's `url` is its page on this server, as the person's browser reaches it (the guard checked the host).
  const origin = request.headers.host ? `http://${request.headers.host}` : '';
  if (action === 'export.ndjson')
    return streamLines(
      response,
      'application/x-ndjson; charset=utf-8',
      `creditscope-job-${id}.ndjson`,
      lines(exportRows(context.store, id), ndjsonLine(origin)),
    );
  if (action === 'export.csv')
    return streamLines(
      response,
      'text/csv; charset=utf-8',
      `creditscope-job-${id}.csv`,
      lines(exportRows(context.store, id), csvLine(origin), CSV_HEADER),
    );
  return sendJson(response, 200, found);
}
