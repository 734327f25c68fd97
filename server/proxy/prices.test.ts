import { afterEach, describe, expect, it } from 'vitest';
import { CREDITS } from '../standin/server.ts';
import type { Store } from '../store/store.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { book, openScratch, paidCall, scratchStore, type ScratchStore } from '../testing/store-reads.ts';
import { Prices } from './prices.ts';

describe.each(STORE_KINDS)('prices (%s store)', (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function store(): Promise<{ scratch: ScratchStore; opened: Store }> {
    const scratch = await scratchStore(kind);
    cleanup.push(() => scratch.remove());
    const opened = await openScratch(scratch);
    cleanup.push(() => opened.close());
    return { scratch, opened };
  }

  const search = (credits: string, charged: 'yes' | 'unknown' = 'yes') =>
    paidCall(credits, { operation: 'search', charged, ok: charged === 'yes' });

  it('in demo mode are the stand-in list prices until a charge says otherwise', async () => {
    const { opened } = await store();
    const prices = new Prices(opened.ledger, CREDITS);
    await prices.refresh();
    expect(prices.state()).toEqual({ timeline: '0.1', search: '0.2' });
    await book(opened.ledger, search('0.25'));
    await prices.refresh();
    expect(prices.state()).toEqual({ timeline: '0.1', search: '0.25' });
  });

  it('against a real upstream are unknown until charged, then the latest for display and the highest for reservations', async () => {
    const { opened } = await store();
    const prices = new Prices(opened.ledger, null);
    await prices.refresh();
    expect([prices.current('search'), prices.ceiling('search')]).toEqual([null, null]);
    await book(opened.ledger, search('0.3'));
    await book(opened.ledger, search('0.2'));
    await book(opened.ledger, search('9', 'unknown'));
    await prices.refresh();
    expect([prices.current('search'), prices.ceiling('search'), prices.current('timeline')]).toEqual([
      '0.2',
      '0.3',
      null,
    ]);
  });

  it('are shared through the store: a second process opening it knows what the first learnt', async () => {
    const { scratch, opened } = await store();
    await book(opened.ledger, search('0.4'));
    await book(opened.ledger, search('0.35'));
    const second = await openScratch(scratch);
    try {
      const prices = new Prices(second.ledger, null);
      await prices.refresh();
      expect([prices.current('search'), prices.ceiling('search')]).toEqual(['0.35', '0.4']);
    } finally {
      await second.close();
    }
  });
});
