import * as v from 'valibot';
import { decimal } from './decimal.ts';
import { PAID_OPERATIONS } from './operations.ts';
import { MAX_JOB_PAGES } from './limits.ts';

/** A job is at most `items` handles and searches together, each at most `pages` pages, `concurrency` calls at once. */
export const JOB_LIMITS = { items: 1000, pages: MAX_JOB_PAGES, concurrency: { min: 1, max: 16 } } as const;

/** What a job collects, as the server quotes and runs it and the browser's form asks for it. */
export type JobSpec = v.InferOutput<typeof jobSpecShape>;

/** Credits travel as exact decimal strings, as in the ledger: never a float. */
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const kind = v.picklist(PAID_OPERATIONS);

const quoteItem = v.object({
  kind,
  subject: v.string(),
  maxPages: count,
  archivedPages: count,
  maxCredits: decimal,
  // Likely: where the handle's archived profile says its timeline ends sooner (server/jobs/likely.ts).
  likelyPages: count,
  likelyCredits: decimal,
  profilePosts: v.nullable(count),
});

export const quoteSchema = v.object({
  maxCredits: decimal,
  pagesToBuy: count,
  likelyCredits: decimal,
  likelyPagesToBuy: count,
  pagesInArchive: count,
  items: v.array(quoteItem),
  budgetLeft: v.nullable(decimal),
  fits: v.boolean(),
  // The most a page of each operation has cost; null until one was bought (then nothing of that kind is quoted).
  price: v.object({ timeline: v.nullable(decimal), search: v.nullable(decimal) }),
});

/** What a job collects, as an answer names it (to name the job and run it again). */
const jobSpecShape = v.object({
  handles: v.array(v.string()),
  searches: v.array(v.string()),
  timeline: v.object({
    pages: v.optional(count),
    until: v.optional(v.string()),
    untilEnd: v.optional(v.boolean()),
    maxPages: v.optional(count),
  }),
  searchPages: count,
  concurrency: v.optional(count),
});

export const JOB_STATUSES = ['running', 'paused', 'done', 'cancelled', 'stopped'] as const;

export const jobSummarySchema = v.object({
  id: v.string(),
  createdAt: v.string(),
  status: v.picklist(JOB_STATUSES),
  stopReason: v.nullable(v.picklist(['quote', 'limit', 'cancelled', 'error', 'creator-removed'])),
  stopMessage: v.nullable(v.string()),
  quoteMaxCredits: decimal,
  spent: decimal,
  pagesDone: count,
  pagesPlanned: count,
  postsDone: count,
  pagesFromArchive: count,
  concurrency: count,
  /** Stopped, paused or cancelled while its last calls in flight land: its figures may still move. */
  settling: v.optional(v.boolean(), false),
  /** What the job collects, to name it and run it again; absent from a server before this field. */
  spec: v.optional(v.nullable(jobSpecShape), null),
});

export const jobItemSchema = v.object({
  position: count,
  kind,
  subject: v.string(),
  status: v.picklist(['queued', 'running', 'done', 'failed', 'stopped', 'cancelled']),
  pagesDone: count,
  pagesPlanned: count,
  posts: count,
  credits: decimal,
  error: v.nullable(v.string()),
});

export const quoteAnswer = v.object({ quote: quoteSchema });
export const jobAnswer = v.object({ job: jobSummarySchema });

export const jobsAnswer = v.object({ jobs: v.array(jobSummarySchema) });
export const jobDetailAnswer = v.object({ job: jobSummarySchema, items: v.array(jobItemSchema) });

export type JobQuote = v.InferOutput<typeof quoteSchema>;
export type QuoteItem = v.InferOutput<typeof quoteItem>;
export type JobSummary = v.InferOutput<typeof jobSummarySchema>;
export type JobItem = v.InferOutput<typeof jobItemSchema>;
export type JobDetail = v.InferOutput<typeof jobDetailAnswer>;
export type JobStatus = JobSummary['status'];
