import * as v from 'valibot';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
const HANDLE = /^@?[A-Za-z0-9_]{1,50}$/;

const day = v.optional(v.pipe(v.string(), v.check(realDay, 'must be a day like 2026-11-23')));
const handle = v.pipe(
  v.string(),
  v.regex(HANDLE, 'must be a handle: letters, digits and _, at most 50'),
  v.transform((value) => value.replace(/^@/, '').toLowerCase()),
);

/** The cursor is the last id shown, opaque to the browser so its form can change. */
function cursorOf(raw: string): number | null {
  const id = Number(Buffer.from(raw, 'base64url').toString('utf8'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
export const encodeCursor = (id: number) => Buffer.from(String(id)).toString('base64url');

export const findQuery = v.pipe(
  v.object({
    q: v.optional(v.pipe(v.string(), v.maxLength(500, 'must be at most 500 characters')), ''),
    author: v.optional(handle),
    from: day,
    to: day,
    media: v.optional(
      v.pipe(
        v.picklist(['1', '0', 'true', 'false'], 'must be 1 or 0'),
        v.transform((value) => value === '1' || value === 'true'),
      ),
    ),
    kind: v.optional(
      v.picklist(['post', 'repost', 'quote', 'reply', 'result'], 'must be post, repost, quote, reply or result'),
    ),
    before: v.optional(
      v.pipe(
        v.string(),
        v.transform(cursorOf),
        v.check((cursor) => cursor !== null, 'must be a cursor from a previous answer'),
      ),
    ),
  }),
  v.forward(
    v.check((query) => !query.from || !query.to || query.from <= query.to, 'must be no earlier than from'),
    ['to'],
  ),
);

export const statsQuery = v.object({ handle });

/** "author must be a handle…; to must be no earlier than from": every bad field named, once. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return [...new Set(issues.map((issue) => `${v.getDotPath(issue) ?? 'query'} ${issue.message}`))].join('; ');
}
