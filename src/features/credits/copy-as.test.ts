import { describe, expect, it, vi } from 'vitest';
import { fetchSnippet, httpieCommand } from './copy-as';

const search = { method: 'POST', path: '/v1/search', params: {}, body: { q: "=it's @ada `$(x)`", num: 10, page: '1' } };
const timeline = {
  method: 'GET',
  path: '/v1/social/microblog/posts',
  params: { screen_name: 'ada', cursor: 'a+b/c= ${x}`' },
  body: null,
};

describe('copy as HTTPie', () => {
  it('sends the body as raw JSON, so no value is read as an HTTPie separator, and the token as $API_TOKEN', () => {
    expect(httpieCommand(search)).toBe(
      `http POST "$API_BASE_URL/v1/search" "Authorization:Bearer $API_TOKEN" 'Content-Type:application/json' --raw '{"q":"=it'\\''s @ada \`$(x)\`","num":10,"page":"1"}'`,
    );
  });

  it('puts GET parameters in the URL, percent-encoded', () => {
    expect(httpieCommand(timeline)).toBe(
      `http GET "$API_BASE_URL/v1/social/microblog/posts?screen_name=ada&cursor=a%2Bb%2Fc%3D%20%24%7Bx%7D%60" "Authorization:Bearer $API_TOKEN"`,
    );
  });
});

describe('copy as fetch', () => {
  /** Runs the snippet as Node would, with fetch and the environment stubbed: what it sends is what was sent. */
  async function run(snippet: string) {
    const fetch = vi.fn(async () => ({ status: 200, json: async () => ({ ok: true }) }));
    const log = vi.fn();
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
      ...args: string[]
    ) => (...values: unknown[]) => Promise<void>;
    await new AsyncFunction('process', 'fetch', 'console', snippet)(
      { env: { API_BASE_URL: 'https://api.example', API_TOKEN: 'tok' } },
      fetch,
      { log },
    );
    return { call: fetch.mock.calls[0] as unknown as [string, RequestInit], log };
  }

  it('sends the same POST body and reads the token from the environment, never holding it', async () => {
    const snippet = fetchSnippet(search);
    expect(snippet).toContain('Bearer ${API_TOKEN}');
    const { call, log } = await run(snippet);
    expect(call[0]).toBe('https://api.example/v1/search');
    expect(call[1]).toEqual({
      method: 'POST',
      headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' },
      body: JSON.stringify(search.body),
    });
    expect(log).toHaveBeenCalledWith(200, { ok: true });
  });

  it('sends a GET to the same URL, nothing in a parameter able to end or interpolate the template', async () => {
    const { call } = await run(fetchSnippet(timeline));
    const url = new URL(call[0]);
    expect(Object.fromEntries(url.searchParams)).toEqual(timeline.params);
    expect(call[1]).toEqual({ headers: { Authorization: 'Bearer tok' } });
  });
});
