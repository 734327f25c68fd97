import Big from 'big.js';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Operation } from '../ledger/rows.ts';
import { PAID_OPERATIONS } from '../../src/contract/operations.ts';
import { DELIVERY_STATES } from '../../src/contract/watch-webhooks.ts';

/**
 * What an operator watches creditscope with, in Prometheus' text format (GET /metrics, server/http/metrics-route.ts),
 * kept by prom-client. Labels are bounded: an operation (timeline, search), an outcome, a source, a limit's kind, a
 * job's state. Never a handle, a query or a person's name: those are unbounded, and per-person figures stay in the app.
 *
 * Counters count what this process did (each server process exports its own; Prometheus sums them across
 * instances). Gauges that are a fact of the shared store (what is left of a limit, jobs by state, store up) are read
 * from the store at scrape time (`readings`), so every process reports the same truth.
 */
export type PaidOutcome = 'ok' | 'failed' | 'unknown';
/** Where a page served without a paid call came from. Only the archive: a page the browser finds in its own cache never reaches the server. */
export type FreeSource = 'archive';
/**
 * Whose limit: the operator's CREDIT_LIMIT (all spend in the store in its period); the least left of the session
 * limits set from the browser (each person's on their current session, or nobody's in loopback); the least left of
 * the people's own limits (set by an admin, over their period).
 */
export type LimitKind = 'operator' | 'session' | 'person';

/** What the store says at scrape time; null readings are left out (the store is down, or no such limit is set). */
export interface StoreReadings {
  storeUp: boolean;
  /** Credits left under each kind of limit that is set (for `person`: the person nearest to theirs). */
  limitsLeft: Partial<Record<LimitKind, string>>;
  /** Collection jobs by state (running, paused, done, cancelled, stopped). */
  jobsByState: Record<string, number>;
  /** Watch runs (#37) by state (running, done, refused, failed, interrupted). */
  watchRunsByState?: Record<string, number>;
  /** Webhook deliveries of watches' runs by state (pending: to be sent or retried; delivered; failed: gave up). */
  webhookDeliveriesByState?: Record<string, number>;
}

const JOB_STATES = ['running', 'paused', 'done', 'cancelled', 'stopped'] as const;
const WATCH_RUN_STATES = ['running', 'done', 'refused', 'failed', 'interrupted'] as const;
const OPERATIONS: readonly Operation[] = PAID_OPERATIONS;
const PAID_OUTCOMES: PaidOutcome[] = ['ok', 'failed', 'unknown'];

/** A decimal credit amount as the float a Prometheus sample is: converted once, at the point of increment. */
const creditsNumber = (credits: string) => new Big(credits).toNumber();

/**
 * A gauge of the store's rows by state, read at scrape time: every known state present (0 when there are none, so a
 * rate or an alert never misses a series), any other state the store holds too; no samples while the store is down
 * (unknown, not zero).
 */
function stateGauge(
  registry: Registry,
  read: () => Promise<StoreReadings | null>,
  gauge: {
    name: string;
    help: string;
    states: readonly string[];
    counts: (readings: StoreReadings) => Record<string, number> | undefined;
  },
) {
  new Gauge({
    name: gauge.name,
    help: gauge.help,
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const readings = await read();
      this.reset();
      if (!readings?.storeUp) return;
      const counts = gauge.counts(readings) ?? {};
      for (const state of new Set([...gauge.states, ...Object.keys(counts)])) this.set({ state }, counts[state] ?? 0);
    },
  });
}

export class ServerMetrics {
  readonly registry = new Registry();
  private readings: (() => Promise<StoreReadings>) | null = null;
  private lastReadings: Promise<StoreReadings> | null = null;

  private readonly creditsSpent = new Counter({
    name: 'creditscope_credits_spent_total',
    help: 'Credits booked for paid upstream calls settled by this process, by operation and outcome (ok, failed, unknown: may have been charged, booked at the going price).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly paidCalls = new Counter({
    name: 'creditscope_paid_calls_total',
    help: 'Paid upstream calls settled by this process, by operation and outcome.',
    labelNames: ['operation', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly freePages = new Counter({
    name: 'creditscope_free_pages_total',
    help: 'Pages served without a paid call, by operation and source (archive: bought before, by anyone on this store).',
    labelNames: ['operation', 'source'] as const,
    registers: [this.registry],
  });
  private readonly savedCredits = new Counter({
    name: 'creditscope_credits_saved_total',
    help: 'Credits the free pages cost when they were bought: what serving them again did not spend.',
    labelNames: ['operation', 'source'] as const,
    registers: [this.registry],
  });
  private readonly upstreamLatency = new Histogram({
    name: 'creditscope_upstream_request_duration_seconds',
    help: 'Time for one attempt at an upstream call (a retried call counts each attempt), by operation.',
    labelNames: ['operation'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  constructor() {
    // Every series present from the start, at 0: a rate over a counter that appears only with its first call misses it.
    for (const operation of OPERATIONS) {
      for (const outcome of PAID_OUTCOMES) {
        this.paidCalls.inc({ operation, outcome }, 0);
        this.creditsSpent.inc({ operation, outcome }, 0);
      }
      this.freePages.inc({ operation, source: 'archive' }, 0);
      this.savedCredits.inc({ operation, source: 'archive' }, 0);
    }
    // In collect(), `this` is the gauge: the store's figures come through this arrow.
    const read = () => this.read();
    new Gauge({
      name: 'creditscope_store_up',
      help: 'Whether the store (SQLite file or PostgreSQL) answers a trivial query now: 1 up, 0 down.',
      registers: [this.registry],
      async collect() {
        const readings = await read();
        this.set(readings?.storeUp ? 1 : 0);
      },
    });
    new Gauge({
      name: 'creditscope_limit_remaining_credits',
      help: 'Credits left under each kind of limit that is set, read from the store: operator (CREDIT_LIMIT, all spend in its period, less what calls in flight hold), session (the least left of the session limits set in the browser), person (the least left of the people with a limit of their own).',
      labelNames: ['limit'] as const,
      registers: [this.registry],
      async collect() {
        const readings = await read();
        this.reset();
        for (const [kind, left] of Object.entries(readings?.limitsLeft ?? {}))
          this.set({ limit: kind }, creditsNumber(left));
      },
    });
    stateGauge(this.registry, read, {
      name: 'creditscope_jobs',
      help: 'Collection jobs in the store, by state.',
      states: JOB_STATES,
      counts: (readings) => readings.jobsByState,
    });
    stateGauge(this.registry, read, {
      name: 'creditscope_watch_runs',
      help: 'Watch runs in the store (one per due time or run now), by state.',
      states: WATCH_RUN_STATES,
      counts: (readings) => readings.watchRunsByState,
    });
    // A pending count that only grows is a receiver down (or this server unable to reach it); failed ones gave up.
    stateGauge(this.registry, read, {
      name: 'creditscope_webhook_deliveries',
      help: "Webhook deliveries of watches' runs in the store, by state (pending: due or waiting to retry; delivered; failed: every retry used).",
      states: DELIVERY_STATES,
      counts: (readings) => readings.webhookDeliveriesByState,
    });
  }

  /** Where the gauges read the store's figures from at scrape time (server/observe/store-readings.ts). */
  readFrom(readings: () => Promise<StoreReadings>) {
    this.readings = readings;
  }

  /** One reading per scrape, shared by the gauges that need it. */
  private read(): Promise<StoreReadings | null> {
    if (!this.readings) return Promise.resolve(null);
    // A read that fails midway (the store lost between two queries) is the store down, never a failed scrape.
    this.lastReadings ??= this.readings()
      .catch((): StoreReadings => ({ storeUp: false, limitsLeft: {}, jobsByState: {} }))
      .finally(() => (this.lastReadings = null));
    return this.lastReadings;
  }

  /** The Prometheus text, and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  // What the purchase path reports (server/proxy/purchase.ts), once each.

  /** A paid call settled: counted once, by exactly the credits its ledger row books (a decimal, made a number here). */
  paidCallSettled(operation: Operation, outcome: PaidOutcome, credits: string) {
    this.paidCalls.inc({ operation, outcome });
    this.creditsSpent.inc({ operation, outcome }, creditsNumber(credits));
  }
  /** A page served free, and what it cost when it was bought. */
  servedFree(operation: Operation, source: FreeSource, boughtFor: string) {
    this.freePages.inc({ operation, source });
    // An archived page whose price was not recorded ('') saved an unknown amount: counted as a page, not as credits.
    if (boughtFor !== '') this.savedCredits.inc({ operation, source }, creditsNumber(boughtFor));
  }
  /** One attempt at the upstream took this long. */
  upstreamAttempt(operation: Operation, seconds: number) {
    this.upstreamLatency.observe({ operation }, seconds);
  }
}
