import * as v from 'valibot';
import type { Post, TimelinePage } from './types';
import { looseRecord, optionalText } from './lenient.ts';
import { postSchema } from './post.ts';
import { profileSchema } from './profile.ts';

/*
 * Apart from the search envelope (./envelope.ts): the post and profile schemas it reads with are the
 * largest, and a search page never needs them.
 */

const pageFields = looseRecord({
  next_cursor: optionalText,
  prev_cursor: optionalText,
  status: optionalText,
  user: v.unknown(),
  pinned: v.unknown(),
});

/** `timeline` must be a list; every other field may be missing or malformed. */
const timelineData = v.pipe(
  v.looseObject({ timeline: v.array(v.unknown()) }),
  v.transform((data) => ({ ...v.parse(pageFields, data), timeline: data.timeline })),
);

/** What must be there for a timeline page to be usable at all; anything less is invalid_response. */
export const timelineEnvelope = v.looseObject({ success: v.literal(true), data: timelineData });

function parsePost(value: unknown): Post | null {
  const result = v.safeParse(postSchema, value);
  return result.success ? result.output : null;
}

export function toTimelinePage(
  data: v.InferOutput<typeof timelineData>,
): Omit<TimelinePage, 'boughtAt' | 'credits' | 'callId' | 'origin'> {
  const profile = data.user ? v.safeParse(profileSchema, data.user) : null;
  return {
    posts: data.timeline.map(parsePost).filter((post): post is Post => post !== null),
    pinned: data.pinned ? parsePost(data.pinned) : null,
    nextCursor: data.next_cursor,
    prevCursor: data.prev_cursor,
    status: data.status,
    user: profile?.success ? profile.output : null,
  };
}
