/**
 * One paid page's statements as purchase.ts makes them (archive look-ups, journal, settlement with the archived
 * answer), for the store benches (store-hot-path.ts, admission-profile.ts): no HTTP, only the store.
 */
import { startStandin } from '../server/standin/server.ts';
import type { Store } from '../server/store/store.ts';

/** A real timeline answer (~51 KB), from the stand-in. */
export async function sampleBody(): Promise<string> {
  const standin = await startStandin({ token: 't', port: 0 });
  try {
    return await (
      await fetch(`${standin.url}/v1/social/microblog/posts?screen_name=grace`, {
        headers: { authorization: 'Bearer t' },
      })
    ).text();
  } finally {
    await standin.close();
  }
}

export async function onePage(store: Store, body: string, index: number) {
  const params = { screen_name: `grace__hot${index}` };
  const key = `timeline:${JSON.stringify(params)}`;
  const seen = await store.archive.purchaseOf(key);
  if (await store.archive.freeCopy({ key, operation: 'timeline', params })) throw new Error('archived already');
  const journal = await store.ledger.journal.record({
    operation: 'timeline',
    params,
    pageKey: key,
    reserve: '0.1',
    leaseMs: 60_000,
    archivedSeen: seen,
  });
  if (journal.kind !== 'journalled') throw new Error(journal.kind);
  const attempt = {
    at: new Date().toISOString(),
    status: 200,
    durationMs: 20,
    credits: '0.1',
    charged: 'yes' as const,
  };
  await store.ledger.settlements.settle(
    journal.id,
    {
      operation: 'timeline',
      params,
      status: 200,
      credits: '0.1',
      durationMs: 20,
      ok: true,
      charged: 'yes',
      attempts: [attempt],
    },
    { body, subject: params.screen_name, accounts: [{ restId: '42', handle: 'grace' }] },
    [{ 'content-type': 'application/json' }],
  );
}
