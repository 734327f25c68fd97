import { describe, expect, it } from 'vitest';
import { ExchangeStore, type Exchange } from './inspector-store.ts';

const exchange = (responseText: string): Exchange => ({
  request: { method: 'GET', path: '/v1/x', params: {}, body: null },
  status: 200,
  durationMs: 1,
  credits: '0.1',
  responseText,
  attemptHeaders: [],
});

describe("the request inspector's exchanges in memory", () => {
  it('keeps the latest within a count and a length of answers, the newest always', () => {
    const store = new ExchangeStore(300, 250_000);
    for (let index = 0; index < 10; index += 1) store.put(`call-${index}`, exchange('x'.repeat(100_000)));
    expect([7, 8, 9].map((index) => store.get(`call-${index}`) !== undefined)).toEqual([false, true, true]);
    store.put('huge', exchange('x'.repeat(400_000)));
    expect(store.get('huge')?.responseText.length).toBe(400_000);
    expect(store.get('call-9')).toBeUndefined();
    for (let index = 0; index < 400; index += 1) store.put(`small-${index}`, exchange('{}'));
    expect(store.get('small-99')).toBeUndefined();
    expect(store.get('small-100')).toBeDefined();
  });
});
