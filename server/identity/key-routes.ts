import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { refuse, refuseOtherMethods } from '../proxy/api-rules.ts';
import { sendJson } from '../proxy/send.ts';
import { PeopleAdmin } from './admin.ts';
import type { Identity } from './identity.ts';
import type { Person } from './people.ts';
import * as v from 'valibot';
import { apiKeySchema, createdKeySchema } from '../../src/contract/people.ts';
import { keyIdParamsSchema, keyLabelBodySchema, type KeyLabelBody } from '../../src/contract/requests.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';

/** The routes' Fastify schemas, derived from the contract (src/contract/people.ts). */
const SCHEMAS = {
  // Closed (strict) on the server: the serializer writes a key's three fields and never a secret or hash beside them.
  list: { response: { 200: answerSchema(v.strictObject({ keys: v.array(v.strictObject(apiKeySchema.entries)) })) } },
  create: { body: requestSchema(keyLabelBodySchema), response: { 201: answerSchema(createdKeySchema) } },
  revoke: { params: requestSchema(keyIdParamsSchema) },
};

/**
 * `/api/_auth/keys` (#28): a person's own keys for scripts (`Authorization: Bearer <key>`). Listed without the
 * secret (only its hash is kept), made with a label (the key answered once), revoked by its person or an admin;
 * each change in the audit log under the person who made it. Made and revoked only by a person signed in, never
 * with a key (the table's `session only`, #38.4): a key cannot breed keys that outlive its revocation. Viewers make none: a key is for scripts and
 * `npm run job`, which spend, and a viewer reads in the browser; a long-lived bearer credential that could only
 * read would be one more secret to leak for nothing (an admin may still make one with `npm run user -- key`).
 */
export function keyRoutes(identity: Identity): FastifyPluginAsync {
  /** The signed-in person; in mode none nobody is, and keys name nobody (`whoIs` ignores them there). */
  function owner(request: FastifyRequest): Person {
    if (!request.person)
      refuse(
        404,
        'not_found',
        `Keys are for servers where people sign in; this server is in ${identity.config.mode} mode.`,
      );
    return request.person;
  }

  return async (api) => {
    api.get('/_auth/keys', { schema: SCHEMAS.list, config: { access: 'keys' } }, async (request, reply) =>
      sendJson(reply, 200, { keys: await identity.keys.list(owner(request).name) }),
    );

    api.post<{ Body: KeyLabelBody }>(
      '/_auth/keys',
      {
        schema: SCHEMAS.create,
        config: {
          access: 'make-key',
          body: { maxBytes: 4096, json: true },
          refusal: 'Send {"label": …} as JSON: a name for the key of 1 to 100 characters, e.g. "nightly export".',
        },
      },
      async (request, reply) => {
        const person = owner(request);
        const label = request.body.label.trim();
        const key = await new PeopleAdmin(identity, person.name).key(person.name, label);
        return sendJson(reply, 201, {
          key,
          label,
          usage: `Authorization: Bearer ${key}`,
          note: 'Shown once: only its hash is kept. Revoke it here if it leaks.',
        });
      },
    );

    api.delete<{ Params: { id: string } }>(
      '/_auth/keys/:id',
      {
        schema: SCHEMAS.revoke,
        config: { access: 'revoke-key', refusal: 'A key id is 1 to 64 characters, as GET /api/_auth/keys lists it.' },
      },
      async (request, reply) => {
        const person = owner(request);
        // An admin revokes anyone's key; anyone else only their own, and another's looks like no key at all.
        const revoked = await new PeopleAdmin(identity, person.name).revokeKey(
          request.params.id,
          person.role === 'admin' ? null : person.name,
        );
        if (!revoked)
          refuse(404, 'not_found', `You have no working key ${request.params.id}: GET /api/_auth/keys lists yours.`);
        return sendJson(reply, 200, { revoked: request.params.id });
      },
    );

    for (const [url, allowed] of [
      ['/_auth/keys', ['GET', 'POST']],
      ['/_auth/keys/:id', ['DELETE']],
    ] as const)
      refuseOtherMethods(api, url, allowed);
  };
}
