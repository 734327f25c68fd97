import * as v from 'valibot';
import { HANDLE } from '../../src/contract/identity.ts';
import { JOB_LIMITS } from '../../src/contract/jobs.ts';
import { jobSpecRequest } from '../../src/contract/requests.ts';
import { UNTYPABLE } from '../../src/contract/paid-rules.ts';
import type { PaidOperation } from '../../src/contract/operations.ts';
import { MAX_TEXT_LENGTH } from '../../src/contract/limits.ts';

/** A job is at most this many handles and searches together, each at most this many pages (the contract's). */
export const MAX_ITEMS = JOB_LIMITS.items;
export const MAX_PAGES = JOB_LIMITS.pages;
/** "Until a date" and "until the end" stop here unless the job says otherwise: a quote is always bounded. */
export const DEFAULT_PAGE_CAP = 100;
const MAX_QUERY = MAX_TEXT_LENGTH;

export type TimelineDepth =
  { mode: 'pages'; pages: number } | { mode: 'until'; until: string; pages: number } | { mode: 'end'; pages: number };
export interface JobSpec {
  handles: string[];
  searches: string[];
  timeline: TimelineDepth;
  searchPages: number;
  concurrency: number;
}
export interface PlannedItem {
  position: number;
  kind: PaidOperation;
  subject: string;
  maxPages: number;
}

const shape = jobSpecRequest;

/** `@Ada` and ` ada ` are `ada`; a handle given twice is one item. */
function handlesOf(raw: string[], problems: string[]): string[] {
  const bad = raw.filter((handle) => !HANDLE.test(handle.trim().replace(/^@/, '')));
  if (bad.length > 0)
    problems.push(
      `handles: not handles (1 to 50 letters, digits or _): ${bad
        .slice(0, 10)
        .map((handle) => JSON.stringify(handle))
        .join(', ')}${bad.length > 10 ? ` and ${bad.length - 10} more` : ''}`,
    );
  return [...new Set(raw.map((handle) => handle.trim().replace(/^@/, '').toLowerCase()))];
}

function searchesOf(raw: string[], problems: string[]): string[] {
  const queries = raw.map((query) => query.trim().replace(/\s+/g, ' '));
  if (queries.some((query) => query === '')) problems.push('searches: a query is empty');
  if (queries.some((query) => query.length > MAX_QUERY))
    problems.push(`searches: a query is longer than ${MAX_QUERY} characters`);
  const untypable = raw.filter((query) => UNTYPABLE.test(query));
  if (untypable.length > 0)
    problems.push(
      `searches: control characters or broken Unicode in ${untypable
        .slice(0, 10)
        .map((query) => JSON.stringify(query.slice(0, 60)))
        .join(', ')}`,
    );
  return [...new Set(queries.filter((query) => query !== ''))];
}

function depthOf(timeline: v.InferOutput<typeof shape>['timeline'], problems: string[]): TimelineDepth {
  const given = [timeline?.pages !== undefined, timeline?.until !== undefined, timeline?.untilEnd === true].filter(
    Boolean,
  ).length;
  if (given !== 1) {
    problems.push(
      'timeline: give exactly one of pages (pages per handle), until (posts older than a date) or untilEnd (true)',
    );
    return { mode: 'pages', pages: 1 };
  }
  if (timeline!.pages !== undefined) {
    if (timeline!.maxPages !== undefined)
      problems.push('timeline.maxPages: only with until or untilEnd; pages is already the number of pages');
    return { mode: 'pages', pages: timeline!.pages };
  }
  const cap = timeline!.maxPages ?? DEFAULT_PAGE_CAP;
  if (timeline!.until !== undefined)
    return { mode: 'until', until: new Date(Date.parse(timeline!.until)).toISOString(), pages: cap };
  return { mode: 'end', pages: cap };
}

/** The job as asked, checked and put in one form, or every problem with it, each naming its field. */
const FIELDS = ['handles', 'searches', 'timeline', 'searchPages', 'concurrency'];

/** The job as asked, checked and put in one form, or every problem with it, each naming its field. */
export function readSpec(
  body: unknown,
  defaultConcurrency: number,
  extraFields: string[] = [],
): { spec: JobSpec } | { problems: string[] } {
  const unknown =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? Object.keys(body).filter((key) => !FIELDS.includes(key) && !extraFields.includes(key))
      : [];
  const parsed = v.safeParse(shape, body);
  if (!parsed.success || unknown.length > 0) {
    const problems = parsed.success ? [] : parsed.issues.map((issue) => issue.message);
    // The lists are checked too when something else is wrong, so one answer names every bad field.
    const lists = body as { handles?: unknown; searches?: unknown };
    const strings = (value: unknown): string[] =>
      Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
    handlesOf(strings(lists.handles), problems);
    searchesOf(strings(lists.searches), problems);
    if (unknown.length > 0)
      problems.push(
        `${unknown.map((key) => JSON.stringify(key)).join(', ')}: unknown field${unknown.length > 1 ? 's' : ''}; a job takes ${[...FIELDS, ...extraFields].join(', ')}`,
      );
    return { problems: [...new Set(problems)] };
  }
  const input = parsed.output;
  const problems: string[] = [];
  const handles = handlesOf(input.handles, problems);
  const searches = searchesOf(input.searches, problems);
  if (handles.length === 0 && searches.length === 0)
    problems.push('handles, searches: both lists are empty; give at least one handle or one search');
  if (handles.length + searches.length > MAX_ITEMS)
    problems.push(`handles, searches: ${handles.length + searches.length} items; a job has at most ${MAX_ITEMS}`);
  const timeline = handles.length > 0 ? depthOf(input.timeline, problems) : { mode: 'pages' as const, pages: 1 };
  if (searches.length > 0 && input.searchPages === undefined)
    problems.push('searchPages: how many pages of results per search (1 or more)');
  if (problems.length > 0) return { problems };
  return {
    spec: {
      handles,
      searches,
      timeline,
      searchPages: input.searchPages ?? 1,
      concurrency: input.concurrency ?? defaultConcurrency,
    },
  };
}

export function planItems(spec: JobSpec): PlannedItem[] {
  return [
    ...spec.handles.map((subject) => ({ kind: 'timeline' as const, subject, maxPages: spec.timeline.pages })),
    ...spec.searches.map((subject) => ({ kind: 'search' as const, subject, maxPages: spec.searchPages })),
  ].map((item, position) => ({ ...item, position }));
}
