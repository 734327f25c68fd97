import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callDetailSchema,
  callsPageSchema,
  HEADER,
  sessionStateSchema,
  type SessionState,
} from '../../src/contract/index.ts';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';

/**
 * The browser reads `/api/_session` with the contract's schemas and nothing else (no defaults for a field a
 * server leaves out). What a real server sends must pass them whole: every field there, none the schema
 * would drop, whichever store the numbers come out of.
 */
async function read<S extends v.GenericSchema>(schema: S, response: Promise<Response>) {
  const answer = await response;
  expect(answer.status).toBe(200);
  const json: unknown = await answer.json();
  const parsed = v.safeParse(schema, json);
  expect(parsed.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? []).toEqual([]);
  // Nothing stripped or filled in: the answer is exactly what the schema describes.
  expect(parsed.output).toStrictEqual(json);
  return parsed.output as v.InferOutput<S>;
}

describe.each(STORE_KINDS)('/api/_session answers the contract (%s store)', (store: StoreKind) => {
  let harness: ProxyHarness;
  beforeAll(async () => {
    harness = await startProxyAgainstStandin({ CREDIT_LIMIT: '100', CREDIT_WARN_AT: '90' }, { store });
  });
  afterAll(() => harness?.close());

  it('the state, a new session, a limit, older rows and one call, with paid and failed calls in them', async () => {
    const bought = await harness.api('/api/v1/social/microblog/posts?screen_name=ada__contract');
    const callId = bought.headers.get(HEADER.callId)!;
    await harness.fault({ match: 'ada__contract_retried', status: 429, retryAfter: '1', times: 1 });
    await harness.api('/api/v1/social/microblog/posts?screen_name=ada__contract_retried');
    await harness.api('/api/v1/social/microblog/posts?screen_name=ada__fault_503');

    const state: SessionState = await read(sessionStateSchema, harness.api('/api/_session?limit=2'));
    expect(state.rows).toHaveLength(2);
    expect(state.olderRowsCursor).not.toBeNull();
    expect(state.budget).toMatchObject({ operatorLimit: '100', warnAt: '90', period: 'total' });

    const older = await read(
      callsPageSchema,
      harness.api(`/api/_session/calls?session=${state.session.id}&before=${state.olderRowsCursor}&limit=5`),
    );
    expect(older.rows.map((row) => row.id)).toEqual([callId]);
    expect((await read(callDetailSchema, harness.api(`/api/_session/calls/${callId}`))).row.id).toBe(callId);

    const limited = await read(
      sessionStateSchema,
      harness.api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: '50' }) }),
    );
    expect(limited.budget.personalLimit).toBe('50');
    const fresh = await read(sessionStateSchema, harness.api('/api/_session/new', { method: 'POST', body: '{}' }));
    expect(fresh.pastSessions.map((session) => session.id)).toContain(state.session.id);
  });

  it('the Fastify schemas derived from the contract refuse what it does not allow, and let a query carry more', async () => {
    const refused = async (path: string, init?: RequestInit) => {
      const answer = await harness.api(path, init);
      const body = (await answer.json()) as { error: { kind: string; message: string } };
      return { status: answer.status, kind: body.error?.kind, message: body.error?.message };
    };
    // A body's unknown field is a 400, never dropped (ajv: removeAdditional false), naming the field where the route does.
    const put = { method: 'PUT', body: JSON.stringify({ limit: '5', extra: 1 }) };
    expect(await refused('/api/_session/budget', put)).toMatchObject({
      status: 400,
      message: expect.stringContaining('"extra"'),
    });
    const alert = { method: 'POST', body: JSON.stringify({ kind: 'session', threshold: '2', extra: true }) };
    expect(await refused('/api/_spend/alerts', alert)).toMatchObject({ status: 400, kind: 'bad_request' });
    // Each type as the contract says it: no coercion of a number-like text into a boolean, or of an array into text.
    const limitAsObject = { method: 'PUT', body: JSON.stringify({ limit: { credits: '5' } }) };
    expect((await refused('/api/_session/budget', limitAsObject)).status).toBe(400);
    expect((await refused('/api/_spend?by=nope')).status).toBe(400);
    expect((await refused('/api/_session/calls?before=soon')).status).toBe(400);
    expect((await refused('/api/_history?operation=both')).status).toBe(400);
    expect((await refused('/api/_history/lookup')).status).toBe(400);
    expect((await refused('/api/_archive/search?q=a&q=b')).status).toBe(400);
    // A query may carry a field the contract does not name (a cache-buster, a tracking tag).
    expect((await harness.api('/api/_session?limit=2&utm=x')).status).toBe(200);
    expect((await harness.api('/api/_spend?by=day&utm=x')).status).toBe(200);
  });
});
