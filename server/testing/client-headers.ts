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
  const sent = (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  // With a cookie too it is a browser's request (the guard's `carriesKeyOnly`), and keeps the app's header.
  const byKey = /^Bearer\s/i.test(sent('authorization') ?? '') && sent('cookie') === undefined;
  return byKey ? headers : { [HEADER.client]: '1', ...pageHeaders, ...headers };
}
