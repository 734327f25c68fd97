import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { jobsAnswer } from '../../src/contract/jobs.ts';
import { jobIdParamsSchema } from '../../src/contract/requests.ts';
import { jobSpecRequest } from '../../src/contract/requests.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';
import { HEADER } from '../../src/contract/index.ts';
import { ownerScope, withinScope, type Action } from '../identity/access.ts';
import { otherMethods, refuse } from '../proxy/api-rules.ts';
import { normalisedError } from '../proxy/errors.ts';
import { sendJson } from '../proxy/send.ts';
import { controlJob, createJob, quoteFor, type JobAction, type JobsContext } from './actions.ts';
import { csvHeader, csvLine, csvRowsOf, exportRows, ndjsonLine } from './export.ts';
import { lines, streamDownload } from '../http/download.ts';
import { PriceUnknown } from './quote.ts';
import { readSpec, type JobSpec } from './spec.ts';
import { readDecimalSetting } from '../../src/contract/decimal.ts';
import { CREDIT_LIMIT_MAX } from '../config-rules.ts';

const MAX_BODY = 4 * 1024 * 1024;

const BODY_SHAPE =
  'The body must be a JSON object under 4 MB, like {"handles":["ada"],"searches":[],"timeline":{"pages":5},"searchPages":1}';
const NO_SUCH_ENDPOINT =
  'No such jobs endpoint: /api/_jobs, /api/_jobs/quote, /api/_jobs/<id>[/pause|/resume|/cancel|/export.ndjson|/export.csv]';

/** The shape of a quote's or a job's body, derived from the contract; readSpec says what each field must be, and words every refusal. */
const specBody = requestSchema(
  v.object({ ...jobSpecRequest.entries, acceptedMaxCredits: v.optional(v.union([v.string(), v.number()])) }),
  { closed: true, refinedLater: true },
);
const jobList = answerSchema(jobsAnswer);
const jobIdParams = requestSchema(jobIdParamsSchema);

/** A quote's or a job's body, read whole and strict: 4 MB at most, `application/json`, one meaning. */
const SPEC_BODY = {
  body: { maxBytes: MAX_BODY, json: true },
  bodyRefusal: (message: string) => `${message}. ${BODY_SHAPE}`,
};

/** The quote's maxCredits a job's body accepts, by the shared rule for decimal settings (canonical), or why not. */
function acceptedCredits(body: unknown) {
  const accepted = (body as Record<string, unknown> | null)?.acceptedMaxCredits;
  return readDecimalSetting(accepted, { name: 'acceptedMaxCredits', min: '0', max: String(CREDIT_LIMIT_MAX) });
}

/** The spec of a quote or a job, or why it is refused, every bad field named. */
function readJob(body: unknown, context: JobsContext, extra: string[]): { spec: JobSpec } | { problem: string } {
  const read = readSpec(body, context.defaultConcurrency, extra);
  const problems = 'problems' in read ? [...read.problems] : [];
  const acceptedRead = acceptedCredits(body);
  if (extra.includes('acceptedMaxCredits') && 'problem' in acceptedRead)
    problems.push(`${acceptedRead.problem} It is the maxCredits of the quote you accept`);
  if (problems.length > 0 || !('spec' in read)) return { problem: `Nothing bought: ${problems.join('; ')}` };
  return { spec: read.spec };
}

function specProblem(body: unknown, context: JobsContext, extra: string[]): string | null {
  const read = readJob(body, context, extra);
  return 'problem' in read ? read.problem : null;
}

function specFrom(body: unknown, context: JobsContext, extra: string[] = []): JobSpec {
  const read = readJob(body, context, extra);
  return 'problem' in read ? refuse(400, 'bad_request', read.problem) : read.spec;
}

/** A price not learnt yet is a 409: the quote cannot be made, nothing is bought. */
async function withQuote<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PriceUnknown)) throw error;
    return refuse(409, 'bad_request', error.message);
  }
}

/** Each post's `url` is its page on this server, as the person's browser reaches it (the guard checked the host). */
function originOf(request: FastifyRequest): string {
  return request.headers.host ? `http://${request.headers.host}` : '';
}

const CONTROLS: JobAction[] = ['pause', 'resume', 'cancel'];
/** A wrong address or method: answered to anyone signed in, saying what there is. */
const READ = { access: 'wrong-address' } as const;

/** `/api/_jobs`: collection jobs, their quotes, controls and exports. Only a created job buys anything. */
export function jobRoutes(context: JobsContext): FastifyPluginAsync {
  return async (api) => {
    api.post<{ Body: Record<string, unknown> }>(
      '/_jobs/quote',
      {
        schema: { body: specBody },
        config: { ...SPEC_BODY, refusal: (request) => specProblem(request.body, context, []), access: 'spend' },
      },
      async (request, reply) => {
        const spec = specFrom(request.body, context);
        return sendJson(reply, 200, {
          quote: await withQuote(() => quoteFor(context, spec, request.person?.name ?? null)),
        });
      },
    );

    api.post<{ Body: Record<string, unknown> }>(
      '/_jobs',
      {
        schema: { body: specBody },
        config: {
          ...SPEC_BODY,
          refusal: (request) => specProblem(request.body, context, ['acceptedMaxCredits']),
          access: 'spend',
        },
      },
      async (request, reply) => {
        const spec = specFrom(request.body, context, ['acceptedMaxCredits']);
        const read = acceptedCredits(request.body);
        const accepted = 'value' in read ? read.value : '';
        const created = await withQuote(() =>
          createJob(context, spec, accepted, { person: request.person?.name ?? null }),
        );
        if ('changed' in created) {
          const failure = normalisedError(
            409,
            'bad_request',
            `The quote changed to ${created.changed.maxCredits} credits (you accepted ${accepted}): nothing was bought. Look at the new quote and accept it to start.`,
          );
          return sendJson(reply, 409, { ...failure, quote: created.changed }, { [HEADER.charged]: 'no' });
        }
        return sendJson(reply, 201, created);
      },
    );

    // A member's (and a viewer's) own jobs; an admin's list is everyone's (server/identity/access.ts).
    api.get('/_jobs', { schema: { response: { 200: jobList } }, config: { access: 'jobs' } }, async (request, reply) =>
      sendJson(reply, 200, { jobs: await context.store.list(100, ownerScope('jobs', request.person)) }),
    );

    const byId = (access: Action) => ({
      schema: { params: jobIdParams },
      config: { refusal: NO_SUCH_ENDPOINT, access },
    });
    type ById = { Params: { id: string } };
    /** The job, if the asker may reach it with the route's action: another person's is "No job", as one that does not exist. */
    const found = async (request: FastifyRequest<ById>) => {
      const { id } = request.params;
      const job = await context.store.get(id);
      const scope = ownerScope(request.routeOptions.config.access ?? 'jobs', request.person);
      return job && withinScope(scope, job.job.person) ? job : refuse(404, 'not_found', `No job ${id}`);
    };

    api.get<ById>('/_jobs/:id', byId('jobs'), async (request, reply) => {
      const { job, items } = await found(request);
      return sendJson(reply, 200, { job, items });
    });
    for (const action of CONTROLS) {
      api.post<ById>(`/_jobs/:id/${action}`, byId(action), async (request, reply) => {
        await found(request);
        const result = await controlJob(context, request.params.id, action);
        if ('job' in result) return sendJson(reply, 200, result);
        return refuse(result.status, result.status === 404 ? 'not_found' : 'bad_request', result.message);
      });
    }
    api.get<ById>('/_jobs/:id/export.ndjson', byId('export'), async (request, reply) => {
      const { id } = request.params;
      await found(request);
      reply.hijack();
      return streamDownload(
        reply.raw,
        'application/x-ndjson; charset=utf-8',
        `creditscope-job-${id}.ndjson`,
        lines(exportRows(context.store, id), ndjsonLine(originOf(request))),
      );
    });
    api.get<ById>('/_jobs/:id/export.csv', byId('export'), async (request, reply) => {
      const { id } = request.params;
      await found(request);
      const asked = (request.query as { rows?: unknown } | undefined)?.rows;
      if (asked !== undefined && asked !== 'posts' && asked !== 'results')
        refuse(400, 'bad_request', `rows is 'posts' or 'results', not '${String(asked).slice(0, 40)}'`);
      const rows = csvRowsOf(
        (await context.store.items(id)).map((item) => item.kind),
        asked,
      );
      reply.hijack();
      return streamDownload(
        reply.raw,
        'text/csv; charset=utf-8',
        `creditscope-job-${id}${rows === 'results' ? '-results' : ''}.csv`,
        lines(exportRows(context.store, id), csvLine(rows, originOf(request)), csvHeader(rows)),
      );
    });

    // A job's address with the other method: 405, saying which one it takes.
    const wrongMethod = (wanted: string) => async (request: FastifyRequest) =>
      refuse(405, 'bad_request', `${request.url.split('?')[0]} accepts ${wanted} only`, { allow: wanted });
    for (const url of ['/_jobs/:id', '/_jobs/:id/export.ndjson', '/_jobs/:id/export.csv'])
      api.route({ method: otherMethods('GET'), url, config: READ, handler: wrongMethod('GET') });
    for (const action of CONTROLS)
      api.route({
        method: otherMethods('POST'),
        url: `/_jobs/:id/${action}`,
        config: READ,
        handler: wrongMethod('POST'),
      });
    const noSuchEndpoint = async () => refuse(404, 'not_found', NO_SUCH_ENDPOINT);
    api.route({ method: otherMethods('GET', 'POST'), url: '/_jobs', config: READ, handler: noSuchEndpoint });
    api.all('/_jobs/*', { config: READ }, noSuchEndpoint);
  };
}
