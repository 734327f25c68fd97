import * as v from 'valibot';
import { FIND_KINDS, type FindParams } from '../../api/find-params';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (max: number) =>
  v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(max))), undefined);

/** The /find address: a bad value falls back to "not set", so a shared link never shows an error screen. */
export const findRouteSchema = v.object({
  q: text(500),
  author: v.fallback(
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^@?\w{1,50}$/),
        v.transform((handle) => handle.replace(/^@/, '')),
      ),
    ),
    undefined,
  ),
  from: v.fallback(v.optional(v.pipe(v.string(), v.regex(DAY))), undefined),
  to: v.fallback(v.optional(v.pipe(v.string(), v.regex(DAY))), undefined),
  media: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.boolean(), v.string(), v.number()]),
        v.transform((value) => value === true || value === '1' || value === 1 || value === 'true'),
      ),
    ),
    undefined,
  ),
  kind: v.fallback(v.optional(v.picklist(FIND_KINDS)), undefined),
});

export type FindRouteParams = v.InferOutput<typeof findRouteSchema>;

/** Only what is set, so the address reads as typed and equal finds share one cache entry. */
export function pickFind(params: FindRouteParams): FindParams {
  const picked: FindParams = {};
  if (params.q?.trim()) picked.q = params.q.trim();
  if (params.author) picked.author = params.author.toLowerCase();
  if (params.from) picked.from = params.from;
  if (params.to) picked.to = params.to;
  if (params.media) picked.media = true;
  if (params.kind) picked.kind = params.kind;
  return picked;
}

export const hasFind = (params: FindParams) => Object.keys(params).length > 0;
