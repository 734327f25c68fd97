import * as v from 'valibot';
import { personSchema } from './auth.ts';

/**
 * `/api/_auth/sign-in`, `welcome`, `welcome/check` and `sign-out` (#28): one schema for both sides, as ./auth.ts; a
 * module of its own, out of every page's first load. The browser sends the bodies it types (src/api/auth/actions.ts)
 * and reads a link's state (welcome-check.ts); the server's Fastify schemas are derived from it
 * (server/identity/routes.ts, people-routes.ts). A body is a `strictObject`: a field it does not name is refused,
 * never dropped.
 */

/** The answer of a sign-in or a welcome: who is now signed in. */
export const signedInSchema = v.object({ person: personSchema });

export const linkStateSchema = v.object({ state: v.picklist(['valid', 'used', 'expired']) });
export type LinkState = v.InferOutput<typeof linkStateSchema>['state'];
