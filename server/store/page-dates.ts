import * as v from 'valibot';
import { timelineEnvelope, toTimelinePage } from '../../src/contract/upstream/timeline-envelope.ts';

/** The oldest and newest post of an archived timeline page: which stretch of the timeline that page is. */
export interface PostDates {
  oldest: string;
  newest: string;
}

/** From the archived answer's text; null when it holds no dated post (or is not a timeline answer). */
export function postDatesOf(body: string): PostDates | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = v.safeParse(timelineEnvelope, json);
  if (!parsed.success) return null;
  const dates = toTimelinePage(parsed.output.data)
    .posts.map((post) => post.createdAt)
    .filter((date): date is string => date !== null)
    .sort();
  return dates.length > 0 ? { oldest: dates[0]!, newest: dates.at(-1)! } : null;
}
