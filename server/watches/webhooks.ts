import { OnePass } from '../background/one-pass.ts';
import type { DeliveryBody } from '../../src/contract/watch-webhooks.ts';
import { SEND_TIMEOUT_MS, sendAttempt } from './webhook-send.ts';
import { itemsOfRun, personScope, watchScope, type DeliveryRow, type WebhookStore } from './webhook-store.ts';
import type { RunRow, WatchRow } from './watch-store.ts';

export interface DelivererDeps {
  hooks: WebhookStore;
  /** host:pid: who holds an attempt while it is sent here. */
  owner: string;
  /** The waits before each retry (CREDITSCOPE_WEBHOOK_RETRY_MS); after the last, the delivery has failed. */
  retryMs: number[];
  /** Whether a webhook may reach a private address (webhook-config.ts). */
  allowPrivate: boolean;
  /** CREDITSCOPE_PUBLIC_URL: items' links are absolute with it, the app's own paths without. */
  publicUrl: string | null;
  log: (message: string) => void;
}

/** Items one body carries at most (a run finds at most a few pages' worth), and lines its `text` lists. */
const BODY_ITEMS_MAX = 200;
const TEXT_LINES_MAX = 10;
/** How far back a run's missing deliveries are made up for (a process that stopped in between). */
const CATCH_UP_MS = 3_600_000;
/** Attempts sent at once by one process. */
const SENDS_AT_ONCE = 4;

/**
 * Where an item opens free for whoever clicks it in a chat tool: a post in its watch's timeline, whose first page
 * the run just put in the archive (a post's own page shows only posts that browser has loaded, as WhatsNew.tsx
 * says); a result in its search, from the archive.
 */
function openFree(watch: WatchRow, kind: string, link: string): string {
  if (kind !== 'post') return link;
  const target = JSON.parse(watch.target) as Record<string, string | undefined>;
  if (target.screen_name !== undefined) return `/timeline?screen_name=${encodeURIComponent(target.screen_name)}`;
  if (target.rest_id !== undefined) return `/timeline?rest_id=${encodeURIComponent(target.rest_id)}`;
  return link;
}

/**
 * Slack's escaping for `text`: a post's words are someone else's, and `<!channel>` or `<https://x|y>` in them would
 * ping a channel or disguise a link there. Only these three characters, as Slack asks.
 */
const chatSafe = (words: string) => words.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function textOf(watch: WatchRow, run: RunRow, items: DeliveryBody['items'], base: string | null): string {
  const noun = watch.kind === 'timeline' ? 'post' : 'result';
  const head = `${watch.name}: ${run.new_items} new ${noun}${run.new_items === 1 ? '' : 's'}`;
  const lines = items.slice(0, TEXT_LINES_MAX).map((item) => {
    const preview = item.preview.replace(/\s+/g, ' ').trim();
    const short = preview.length > 140 ? `${preview.slice(0, 139)}…` : preview;
    return base ? `• ${short} ${item.link}` : `• ${short}`;
  });
  const more = run.new_items > lines.length ? [`…and ${run.new_items - lines.length} more`] : [];
  return chatSafe([head, ...lines, ...more].join('\n'));
}

/**
 * Webhook deliveries of watches' runs: after a run that found new items, one delivery per webhook that covers its
 * watch (its own, its owner's), its body fixed then; sent at once and, after a failure, again after each wait of
 * retryMs (the same id and body each time), then marked failed. Each attempt is claimed in the store (a lease as
 * long as the send may take), so any number of processes send each attempt once; a process that stops mid-send
 * leaves it to be sent again when its lease runs out (receivers drop a repeated delivery id).
 */
export class WebhookDeliverer {
  private readonly sends = new OnePass(
    () => this.sendDue(),
    (error) => this.deps.log(`webhooks: ${error.message}`),
  );

  constructor(private readonly deps: DelivererDeps) {}

  /** The run's deliveries, once each (however many times this is called, by however many processes). */
  async enqueue(watch: WatchRow, run: RunRow): Promise<number> {
    if (run.state !== 'done' || run.new_items === 0) return 0;
    const base = this.deps.publicUrl;
    const rows = await itemsOfRun(this.deps.hooks.db, run.id, BODY_ITEMS_MAX);
    const items: DeliveryBody['items'] = rows.map((row) => ({
      key: row.key,
      kind: row.kind,
      preview: row.preview,
      link: `${base ?? ''}${openFree(watch, row.kind, row.link)}`,
      foundAt: row.found_at,
    }));
    const body: DeliveryBody = {
      text: textOf(watch, run, items, base),
      watch: { id: watch.id, name: watch.name, kind: watch.kind },
      run: {
        id: run.id,
        trigger: run.trigger,
        startedAt: run.started_at,
        finishedAt: run.finished_at,
        newItems: run.new_items,
      },
      items,
    };
    const scopes = [watchScope(watch.id), personScope(watch.owner)];
    return this.deps.hooks.enqueue(run.id, watch.id, scopes, JSON.stringify(body), items.length);
  }

  /** Sends what is due now (one pass at a time in this process); the scheduler's tick calls it too. */
  kick(): Promise<void> {
    return this.sends.kick();
  }

  /**
   * Deliveries a run should have and has not (its process stopped between finishing it and creating them), for
   * runs of the last CATCH_UP_MS: created now, once (the UNIQUE key), whichever process finds them.
   */
  private async catchUp() {
    const { hooks } = this.deps;
    for (const runId of await hooks.runsMissingDeliveries(new Date(Date.now() - CATCH_UP_MS).toISOString())) {
      const run = await hooks.db.kysely.selectFrom('watch_runs').selectAll().where('id', '=', runId).executeTakeFirst();
      const watch = run
        ? await hooks.db.kysely.selectFrom('watches').selectAll().where('id', '=', run.watch_id).executeTakeFirst()
        : undefined;
      if (run && watch) await this.enqueue(watch, run);
    }
  }

  private async sendDue() {
    await this.catchUp();
    const leaseMs = SEND_TIMEOUT_MS * 3;
    for (;;) {
      const claimed = await this.deps.hooks.claimDue(this.deps.owner, leaseMs, SENDS_AT_ONCE);
      if (claimed.length === 0) return;
      // What is claimed is sent, closing or not: left claimed, it would wait for its lease to run out.
      await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
      if (this.sends.closing) return;
    }
  }

  private async attempt(delivery: DeliveryRow) {
    const { hooks, owner, retryMs } = this.deps;
    const hook = await hooks.get(delivery.scope);
    const result = hook
      ? await sendAttempt({
          deliveryId: delivery.id,
          url: hook.url,
          secret: hook.secret,
          body: delivery.body,
          allowPrivate: this.deps.allowPrivate,
        })
      : ({ ok: false, status: null, error: 'the webhook was removed' } as const);
    if (result.ok)
      return hooks.recordAttempt(delivery.id, owner, {
        state: 'delivered',
        status: result.status,
        error: null,
        nextAt: null,
      });
    const wait = hook ? retryMs[delivery.attempts] : undefined;
    await hooks.recordAttempt(delivery.id, owner, {
      state: wait === undefined ? 'failed' : 'pending',
      status: result.status,
      error: result.error,
      nextAt: wait === undefined ? null : Date.now() + wait,
    });
  }

  /** Stops claiming; an attempt being sent here finishes (or its lease runs out). */
  async close() {
    await this.sends.close();
  }
}
