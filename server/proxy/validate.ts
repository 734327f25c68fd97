import * as v from 'valibot';
import { PAID_PARAMS } from '../../src/contract/paid-params.ts';
import type { Route } from './operations.ts';

/**
 * Whether a paid page's parameters may be sent, checked before anything is journalled or sent: a request the
 * upstream would refuse (or answer with something nobody asked for) must not cost a credit. The rules are the
 * contract's (src/contract/paid-params.ts), the ones the app's own forms and addresses follow too.
 */

/** Why these parameters are refused, in one message naming every field at fault; null when they are fine. */
export function paramsProblem(route: Route, source: Record<string, unknown>): string | null {
  const problems: string[] = [];
  const unknown = Object.keys(source).filter((name) => !route.fields.includes(name));
  if (unknown.length > 0) {
    problems.push(
      `unknown parameter${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => JSON.stringify(name)).join(', ')}: ${route.operation} takes ${route.fields.join(', ')}`,
    );
  }
  const result = v.safeParse(PAID_PARAMS[route.operation], source);
  if (!result.success) problems.push(...result.issues.map((issue) => issue.message));
  return problems.length > 0 ? `Not sent, nothing charged: ${problems.join('; ')}` : null;
}

/** The query string as an object; a name given twice becomes a list, which no field accepts. */
export function queryParams(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    params[name] = values.length > 1 ? values : values[0];
  }
  return params;
}
