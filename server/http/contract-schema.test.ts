import Fastify from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { jobsAnswer } from '../../src/contract/jobs.ts';
import { jobSpecRequest } from '../../src/contract/requests.ts';
import { PAID_PARAMS } from '../../src/contract/paid-params.ts';
import { answerSchema, requestSchema } from './contract-schema.ts';

/** As the paid routes and the jobs' body ask for theirs: closed at the top, and read with valibot afterwards. */
const READ_AFTER = { closed: true, refinedLater: true };

/** Whether Fastify, set as server/app.ts sets it, lets `body` through `schema`; and the body as the route saw it. */
async function passes(schema: object, body: unknown): Promise<{ ok: boolean; seen: unknown }> {
  const app = Fastify({
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allowUnionTypes: true } },
  });
  app.post('/', { schema: { body: schema } }, async (request) => ({ seen: request.body }));
  const answer = await app.inject({ method: 'POST', url: '/', payload: body as object });
  await app.close();
  return {
    ok: answer.statusCode === 200,
    seen: answer.statusCode === 200 ? answer.json<{ seen: unknown }>().seen : null,
  };
}

describe('Fastify schemas derived from the contract', () => {
  it('never refuse what the contract accepts: checks after a trim are valibot’s, defaults are not written in', async () => {
    const asked = { screen_name: ' ada ', cursor: 'DAAB+/=' };
    expect(v.safeParse(PAID_PARAMS.timeline, asked).success).toBe(true);
    expect((await passes(requestSchema(PAID_PARAMS.timeline, READ_AFTER), asked)).ok).toBe(true);
    const body = { handles: ['ada'], timeline: { pages: 2 } };
    expect(await passes(requestSchema(jobSpecRequest, READ_AFTER), body)).toEqual({ ok: true, seen: body });
  });

  it('refuse a name the contract does not list, and a value of the wrong type', async () => {
    const search = requestSchema(PAID_PARAMS.search, READ_AFTER);
    expect((await passes(search, { q: 'engines', num: '20' })).ok).toBe(true);
    expect((await passes(search, { q: 'engines', nope: 1 })).ok).toBe(false);
    expect((await passes(search, { q: ['a', 'b'] })).ok).toBe(false);
    expect((await passes(requestSchema(jobSpecRequest, READ_AFTER), { timeline: { pages: 0 } })).ok).toBe(false);
  });

  it('keep an answer’s objects open, so a field the server adds still reaches the browser', () => {
    const list = answerSchema(jobsAnswer) as { properties: { jobs: { items: Record<string, unknown> } } };
    expect(list.properties.jobs.items.additionalProperties).toBe(true);
    expect(JSON.stringify(list)).toContain('"enum":["running","paused","done","cancelled","stopped"]');
  });
});
