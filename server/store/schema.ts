import type { Generated } from 'kysely';
import type {
  ApiKeyTable,
  AuditTable,
  InviteTable,
  PeopleTable,
  SignInFailureTable,
  SignInTable,
} from '../identity/tables.ts';
import type { PaidOperation } from '../../src/contract/operations.ts';

/**
 * One schema for both dialects: text for each exact decimal as received, integer nano-credits for
 * sums, text for ISO-8601 UTC times (they sort as they read), integers for flags.
 */
export interface Database {
  /** A session is one person's (#33): `person` null where nobody signs in (loopback, mode none). */
  sessions: { id: string; started_at: string; person: string | null };
  settings: { key: string; value: string | null };
  purchases: PurchaseTable;
  totals: TotalsTable;
  prices: { operation: string; last: string; highest: string; highest_nano: number };
  archive: ArchiveTable;
  accounts: { rest_id: string; handle: string };
  jobs: JobTable;
  job_items: JobItemTable;
  job_pages: JobPageTable;
  spend_alerts: SpendAlertTable;
  people: PeopleTable;
  sign_ins: SignInTable;
  invites: InviteTable;
  api_keys: ApiKeyTable;
  sign_in_failures: SignInFailureTable;
  audit_log: AuditTable;
  watches: WatchTable;
  watch_runs: WatchRunTable;
  watch_items: WatchItemTable;
  /** A holder's private feed key (server/watches/feeds): holder '' where nobody signs in. */
  feed_keys: { holder: string; key: string; made_at: string };
  watch_webhooks: WatchWebhookTable;
  watch_deliveries: WatchDeliveryTable;
}

/** One row per purchase: 'pending' from the journal entry before sending until it settles. */
export interface PurchaseTable {
  id: string;
  seq: Generated<number>;
  at: string;
  session_id: string;
  operation: string;
  params: string;
  page_key: string;
  state: 'pending' | 'settled' | 'unknown' | 'cleared';
  /** What the pending call holds against the budget until it settles. */
  reserved: string;
  /** After this a pending row cannot still be in flight anywhere: it is an unknown outcome. */
  lease_until: string;
  /** host:pid of the process that sent it: a pending row of a dead process on this host is settled as unknown at once. */
  owner: string;
  status: number;
  credits: string;
  duration_ms: number;
  ok: number;
  charged: string;
  attempts: string;
  error_kind: string | null;
  /**
   * JSON: per attempt, the answer's headers that matter (content type, rate limits, Retry-After) for the
   * request inspector; never Authorization. Null for rows settled before it was kept, or never settled.
   */
  response_headers: string | null;
  /** What it was about, as the spend breakdown groups it: a handle, `#<rest_id>` or a query (spend/subject.ts). */
  subject: string | null;
  /** The collection job that journalled it; null for the browser's calls. */
  job_id: string | null;
  /** Who bought it (#28): a person's name, or null where nobody signs in (loopback, mode none). */
  person: string | null;
  /** The watch whose run journalled it (#37): its cap counts these rows; null for every other call. */
  watch_id: Generated<string | null>;
}

/**
 * Running sums per scope ('all', 'day:2026-11-23', 'month:2026-11', 'session:<id>'): O(1) budget
 * checks. Sums are integers of nano-credits, so both databases add them exactly in one statement
 * without a lock; each purchase row keeps its `meta.credits` as the exact decimal text.
 */
export interface TotalsTable {
  scope: string;
  calls: number;
  failed_free: number;
  spent_nano: number;
  timeline_calls: number;
  timeline_nano: number;
  search_calls: number;
  search_nano: number;
  /**
   * What the scope's pending calls hold, in nano-credits: added by the journal entry that admits a call, taken off
   * by the statement that settles or books it. Beside `spent_nano` in one row, so an admission reads a limit's spend
   * and holds in one look, whatever settles meanwhile (write-path/journal.ts).
   */
  reserved_nano: number;
}

export interface ArchiveTable {
  page_key: string;
  operation: string;
  params: string;
  body: string;
  bought_at: string;
  purchase_id: string;
  credits: string;
  /** The timeline's user, or the search's query: what the history page groups by. */
  subject: string;
  /** Who bought the answer kept now (null: nobody signed in). */
  person: string | null;
}

export type JobStatus = 'running' | 'paused' | 'done' | 'cancelled' | 'stopped';
export type JobStopReason = 'quote' | 'limit' | 'cancelled' | 'error' | 'creator-removed';
export type JobItemStatus = 'queued' | 'running' | 'done' | 'failed' | 'stopped' | 'cancelled';

/** A collection job (server/jobs): what was asked (spec, JSON), what was accepted, and who runs it now. */
export interface JobTable {
  id: string;
  created_at: string;
  status: JobStatus;
  stop_reason: JobStopReason | null;
  stop_message: string | null;
  spec: string;
  /** The accepted quote: the job never spends past it. */
  quote_max_credits: string;
  /** What its pages cost, in nano-credits: added to in the transaction that records each page, whichever worker records it. */
  spent_nano: number;
  concurrency: number;
  /** host:pid of the process running it; another may take it over once lease_until has passed or that process is gone. */
  owner: string | null;
  lease_until: string;
  /** Who created it: its purchases are theirs, under their limit (null: nobody signed in). */
  person: string | null;
}

/** One handle or one search of a job, with its progress; `cursor` is the next timeline page to obtain. */
export interface JobItemTable {
  job_id: string;
  position: number;
  kind: PaidOperation;
  subject: string;
  status: JobItemStatus;
  pages_done: number;
  pages_planned: number;
  posts: number;
  /** Exact decimal: what this item's pages cost (0 for pages served from the archive). */
  credits: string;
  pages_from_archive: number;
  error: string | null;
  cursor: string | null;
  /** The page being obtained (and since when): after a crash, whether it was bought is read from the ledger. */
  pending_key: string | null;
  pending_since: string | null;
}

/** Every page a job obtained: which purchase's answer it is, and whether the archive served it free. */
export interface JobPageTable {
  job_id: string;
  position: number;
  page_index: number;
  page_key: string;
  purchase_id: string;
  from_archive: number;
  posts: number;
  credits: string;
  at: string;
}

/** An alert the person set (spend/alerts.ts): fired once for the session or the UTC day in `fired_for`. */
export interface SpendAlertTable {
  id: string;
  kind: 'session' | 'today';
  /** Exact decimal: credits for 'session', a percentage of the limit for 'today'. */
  threshold: string;
  created_at: string;
  fired_for: string | null;
  fired_at: string | null;
  /** Whose alert (#33): it watches their own session and day; null where nobody signs in. */
  person: string | null;
}

/** A watch (server/watches): JSON for target, schedule and match; next_due_at null while paused. */
export interface WatchTable {
  id: string;
  owner: string | null;
  kind: PaidOperation;
  name: string;
  target: string;
  schedule: string;
  time_zone: string;
  cap_credits: string;
  cap_per: 'day' | 'month';
  match: string;
  pages_per_run: number;
  paused: number;
  created_at: string;
  next_due_at: string | null;
}

/** One run of a watch for one due time: UNIQUE (watch_id, due_at) is its claim. */
export interface WatchRunTable {
  id: string;
  watch_id: string;
  due_at: string;
  trigger: 'schedule' | 'now';
  state: 'running' | 'done' | 'refused' | 'failed' | 'interrupted';
  started_at: string;
  finished_at: string | null;
  calls: number;
  credits: string;
  new_items: number;
  reason: string | null;
  /** host:pid running it, and until when it holds it unrenewed: after that (or once that process is gone) it was interrupted. */
  owner: string;
  lease_until: string;
}

/** A post or search result a watch's run found: seen before by the watch once here. */
export interface WatchItemTable {
  watch_id: string;
  key: string;
  kind: 'post' | 'result';
  run_id: string;
  found_at: string;
  seen_at: string | null;
  matched: number;
  preview: string;
  link: string;
}

/** Where a watch's (`watch:<id>`) or a person's (`person:<name>`) new items are POSTed, and the secret that signs them. */
export interface WatchWebhookTable {
  scope: string;
  watch_id: string | null;
  person: string | null;
  url: string;
  secret: string;
  created_at: string;
  updated_at: string;
}

/** One run's new items for one webhook: UNIQUE (run_id, scope); each attempt claimed by one process (lease). */
export interface WatchDeliveryTable {
  id: string;
  run_id: string;
  watch_id: string;
  scope: string;
  body: string;
  items: number;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: string;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}
