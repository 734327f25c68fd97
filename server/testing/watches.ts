import * as v from 'valibot';
import type { WatchDraft } from '../../src/contract/watch-requests.ts';
import { webhookAnswer, type Webhook } from '../../src/contract/watch-webhooks.ts';
import type { NewItem, Watch, WatchRun } from '../../src/contract/watches.ts';

/** Anything with the proxy's API: the in-process harness, or a proxy process's client wrapped as one. */
type Api = (pathname: string, init?: RequestInit) => Promise<Response>;

const post = (api: Api, pathname: string, body: unknown) =>
  api(pathname, { method: 'POST', body: JSON.stringify(body) });

/** Creates a watch as the Watches page does; throws with the server's words when it is refused. */
export async function addWatch(api: Api, draft: WatchDraft): Promise<Watch> {
  const response = await post(api, '/api/_watches', draft);
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { watch: Watch }).watch;
}

/** Run now at the price the watch was quoted (what its button showed): the finished run. */
export async function runWatchNow(api: Api, watch: Watch): Promise<WatchRun> {
  const response = await post(api, `/api/_watches/${watch.id}/run`, { acceptedPerRun: watch.quote.perRun });
  if (response.status !== 200) throw new Error(`run now answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { run: WatchRun }).run;
}

/** Sets the webhook at `pathname` (a watch's, or the person's own) to `url`, as the Watches page does: the webhook with its secret. */
export async function setWebhook(api: Api, pathname: string, url: string): Promise<Webhook> {
  const response = await api(pathname, { method: 'PUT', body: JSON.stringify({ url }) });
  if (response.status !== 200) throw new Error(`PUT ${pathname} answered ${response.status}: ${await response.text()}`);
  return v.parse(webhookAnswer, await response.json()).webhook!;
}

export async function runsOf(api: Api, id: string): Promise<WatchRun[]> {
  return ((await (await api(`/api/_watches/${id}/runs`)).json()) as { runs: WatchRun[] }).runs;
}

export async function newItems(api: Api): Promise<{ items: NewItem[]; count: number }> {
  return (await api('/api/_watches/new')).json() as Promise<{ items: NewItem[]; count: number }>;
}

/** The stand-in's timeline for `handle` gains `posts` newer posts on top of its first page. */
export async function grow(standinUrl: string, handle: string, posts: number) {
  const response = await fetch(`${standinUrl}/_control/grow`, {
    method: 'POST',
    body: JSON.stringify({ screen_name: handle, posts }),
  });
  if (response.status !== 200) throw new Error(`grow answered ${response.status}`);
}
