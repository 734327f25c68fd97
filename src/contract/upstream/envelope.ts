import * as v from 'valibot';
import { safeHttpUrl } from '../url.ts';
import type { SearchResult } from './types';
import { looseRecord, text } from './lenient.ts';

/** A search answer's envelope and results; the timeline's, with the post schemas, is ./timeline-envelope.ts. */
export const searchEnvelope = v.looseObject({ success: v.literal(true), data: v.array(v.unknown()) });

const searchResultSchema = v.pipe(
  looseRecord({ title: text, url: text }),
  v.transform((raw): SearchResult | null =>
    raw.url ? { title: raw.title.trim() || raw.url, url: raw.url, href: safeHttpUrl(raw.url) } : null,
  ),
);

export function toSearchResults(data: unknown[]): SearchResult[] {
  return data.flatMap((item) => {
    const result = v.safeParse(searchResultSchema, item);
    return result.success && result.output ? [result.output] : [];
  });
}
