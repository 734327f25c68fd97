import { HEADER } from '../../src/contract/index.ts';

/**
 * What a test request sends as the real client would: the app's own pages add the client header to every /api
 * request, a script with a key sends only `Authorization: Bearer` (#33.5). So a test's key request proves that a
 * plain `curl -H 'Authorization: Bearer …'` works, instead of passing on the header only the app sends.
 * `pageHeaders`: more that a page's browser adds (`Sec-Fetch-Site`, `Origin`), which a script does not send either.
 */
export function asClientSends(
  headers: Record<string, string> = {},
  pageHeaders: Record<string, string> = {},
): Record<string, string> {
  const byKey = Object.entries(headers).some(
    ([name, value]) => name.toLowerCase() === 'authorization' && /^Bearer\s/i.test(value),
  );
  return byKey ? headers : { [HEADER.client]: '1', ...pageHeaders, ...headers };
}
