/**
 * Loopback ports for the e2e servers, away from the dev (5173), preview (4173) and demo stand-in (4599)
 * defaults. E2E_PORT_BASE moves them all, so two suites can run side by side on one machine.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4300);

export const E2E = {
  demoApp: base + 17,
  demoStandin: base + 18,
  upstreamApp: base + 19,
  upstreamStandin: base + 20,
  budgetApp: base + 21,
  /** `npm run dev` (server/dev.ts: Vite in middleware mode, React StrictMode on) in demo mode, with its own stand-in. */
  devApp: base + 22,
  devStandin: base + 23,
  /** Upstream mode with no operator limit and a ledger only e2e/credits.spec.ts writes to: exact totals. */
  creditsApp: base + 24,
  /** Two instances on one PostgreSQL (e2e/two-instances.spec.ts starts them itself). */
  sharedStoreA: base + 25,
  sharedStoreB: base + 26,
  /** An instance of its own (e2e/ledger-paging.spec.ts starts it): a ledger no other spec writes to, a per-day limit with a warning. */
  ledgerApp: base + 27,
  /** Instances of their own for the request inspector (restarted mid-test), the meter's pace and the 375 px Credits page. */
  inspectorApp: base + 28,
  paceApp: base + 29,
  phoneApp: base + 30,
  /** Instances of their own for e2e/jobs.spec.ts: one killed and restarted mid-job, one under an operator limit. */
  jobsApp: base + 31,
  jobsLimitApp: base + 32,
  /** An archive of its own for e2e/find.spec.ts: finding counts exactly what that spec bought. */
  findApp: base + 33,
  /** Server rendering on (`SSR=1`) for e2e/server-render.spec.ts. */
  serverRenderApp: base + 34,
  /** Server rendering on for e2e/ssr-session.spec.ts (a scripted session in another zone and language). */
  ssrSessionApp: base + 44,
  /** The same for e2e/server-render-search.spec.ts (its own archive: a search bought there is bought once). */
  serverRenderSearchApp: base + 35,
  /** An instance of its own for e2e/spend-breakdown.spec.ts: where the credits went, summed over its ledger only. */
  spendApp: base + 46,
  /** An instance of its own for e2e/money.spec.ts: CREDIT_PRICE set, on a ledger no other spec writes to. */
  moneyApp: base + 58,
  /** An instance of its own for e2e/exact-prices.spec.ts: a personal limit reached on a ledger no other spec touches. */
  pricesApp: base + 36,
  /** People on a shared server (#28): accounts mode on a host name (e2e/accounts.spec.ts); header mode behind nginx. */
  accountsApp: base + 47,
  headerApp: base + 37,
  /** Each person's own numbers (#33): accounts mode, a ledger of its own (e2e/own-numbers.spec.ts). */
  ownNumbersApp: base + 61,
  /** An instance of its own for e2e/watches.spec.ts: its watches, runs and new items are that spec's alone. */
  watchesApp: base + 62,
  /** An instance of its own for e2e/watches-new.spec.ts: What's new paged, its count alone in the navigation. */
  watchesNewApp: base + 74,
  /** An instance of its own for e2e/watch-feeds.spec.ts: its feed key and watches are that spec's alone. */
  watchFeedsApp: base + 71,
  /** An instance of its own for e2e/watch-webhooks.ts (#37 webhooks): its watch's deliveries are that spec's alone. */
  webhooksApp: base + 83,
  headerNginx: base + 38,
  /** `CREDITSCOPE_AUTH=none` set explicitly beyond loopback: exposed, and every page says so. */
  exposedApp: base + 39,
  token: 'e2e-upstream-token-7d41c9a0f3b8e2aa-secret',
} as const;
