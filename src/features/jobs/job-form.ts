import type { JobSpec } from '../../api/jobs';
import { JOB_LIMITS } from '../../contract/jobs';
import { parseHandleList, parseSearchList } from './job-input';

export type DepthMode = 'pages' | 'until' | 'end';

/** The form as typed: text, so a half-typed number is kept and named rather than lost. */
export interface JobFormValues {
  handles: string;
  searches: string;
  depth: DepthMode;
  pages: string;
  until: string;
  maxPages: string;
  searchPages: string;
  concurrency: string;
}

export const DEFAULT_FORM: JobFormValues = {
  handles: '',
  searches: '',
  depth: 'pages',
  pages: '3',
  until: '',
  maxPages: '100',
  searchPages: '1',
  concurrency: '2',
};

export type FormField = keyof JobFormValues | 'form';
export type FormProblems = Partial<Record<FormField, string>>;

/** The contract's bounds (src/contract/jobs.ts), the server's too; said here so a person hears them before asking for a quote. */
export const LIMITS = {
  pages: JOB_LIMITS.pages,
  searchPages: JOB_LIMITS.pages,
  concurrency: JOB_LIMITS.concurrency.max,
} as const;

function whole(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** The spec the server is asked to quote, or what must change first, per field. */
export function specFromForm(values: JobFormValues, today: string): { spec: JobSpec } | { problems: FormProblems } {
  const problems: FormProblems = {};
  const { handles, problems: handleProblems } = parseHandleList(values.handles);
  const searches = parseSearchList(values.searches);
  if (handleProblems.length > 0) problems.handles = handleProblems.join('. ');
  if (handles.length === 0 && searches.length === 0 && !problems.handles)
    problems.form = 'Add at least one handle or one search.';

  const timeline: JobSpec['timeline'] = {};
  if (handles.length > 0) {
    if (values.depth === 'pages') {
      const pages = whole(values.pages, 1, LIMITS.pages);
      if (pages === null) problems.pages = `Pages per handle: a whole number from 1 to ${LIMITS.pages}.`;
      else timeline.pages = pages;
    } else {
      const maxPages = whole(values.maxPages, 1, LIMITS.pages);
      if (maxPages === null) problems.maxPages = `Page cap: a whole number from 1 to ${LIMITS.pages}.`;
      else timeline.maxPages = maxPages;
      if (values.depth === 'end') timeline.untilEnd = true;
      else if (!/^\d{4}-\d{2}-\d{2}$/.test(values.until)) problems.until = 'Pick the date to go back to.';
      else if (values.until > today) problems.until = 'The date must not be in the future.';
      else timeline.until = values.until;
    }
  }
  const searchPages = searches.length > 0 ? whole(values.searchPages, 1, LIMITS.searchPages) : 1;
  if (searchPages === null) problems.searchPages = `Pages per search: a whole number from 1 to ${LIMITS.searchPages}.`;
  const concurrency = whole(values.concurrency, 1, LIMITS.concurrency);
  if (concurrency === null) problems.concurrency = `Calls at once: a whole number from 1 to ${LIMITS.concurrency}.`;

  if (Object.keys(problems).length > 0 || searchPages === null || concurrency === null) return { problems };
  return { spec: { handles, searches, timeline, searchPages, concurrency } };
}

/** The form as it was filled for `spec`: a job run again starts from exactly what it asked. */
export function formFromSpec(spec: JobSpec): JobFormValues {
  const { pages, until, untilEnd, maxPages } = spec.timeline;
  return {
    ...DEFAULT_FORM,
    handles: spec.handles.join(', '),
    searches: spec.searches.join('\n'),
    depth: untilEnd ? 'end' : until ? 'until' : 'pages',
    pages: String(pages ?? DEFAULT_FORM.pages),
    until: until ?? '',
    maxPages: String(maxPages ?? DEFAULT_FORM.maxPages),
    searchPages: String(spec.searchPages),
    concurrency: String(spec.concurrency ?? DEFAULT_FORM.concurrency),
  };
}
