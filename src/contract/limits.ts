/**
 * The limits the browser's forms and the server's routes both hold a request to: one number each, so a form
 * never lets through what the route refuses, nor refuses what it takes.
 */

/** The most pages a collection job reads per handle or per search (the job form, server/jobs/spec.ts). */
export const MAX_JOB_PAGES = 1000;

/** The most results one search page asks for (`num`: the search form and route, the proxy's validation). */
export const MAX_RESULTS = 100;

/** The most page keys one archive price look-up asks about (src/api/archive-lookup.ts, server's `/api/_history/lookup`). */
export const MAX_LOOKUP_KEYS = 100;

/** The most characters of a search text, a job's query or a cursor. */
export const MAX_TEXT_LENGTH = 2048;
