import type { ServerResponse } from 'node:http';

/** A handle or query with this in it (`ada__echo_forms`) is answered with the caller's token echoed in every form below. */
export const ECHO_FORMS = /(?:^|__)echo_forms/;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const HEX = (text: string) => hex(text).toUpperCase();
const percentAll = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
const json = (text: string) => JSON.stringify(text).slice(1, -1);
const jsonUnicode = (text: string) =>
  Array.from({ length: text.length }, (_, index) => `\\u${text.charCodeAt(index).toString(16).padStart(4, '0')}`).join(
    '',
  );
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const htmlDecimal = (text: string) => [...text].map((char) => `&#${char.codePointAt(0)};`).join('');
const form = (text: string) => new URLSearchParams({ text }).toString().slice('text='.length);
const uri = encodeURIComponent;

/**
 * The token as careless upstreams, gateways and error pages echo it: one real encoder, or two one over
 * the other, and base64 of the token inside a longer text (its three alignments). Names are distinct
 * ignoring case (each is also a header name).
 */
export function echoedForms(token: string): Record<string, string> {
  return {
    raw: token,
    json: json(token),
    jsonUnicode: jsonUnicode(token),
    uri: uri(token),
    form: form(token),
    percent: percentAll(token),
    html: html(token),
    htmlDecimal: htmlDecimal(token),
    hexLower: hex(token),
    hexUpper: HEX(token),
    base64: base64(token),
    base64url: base64url(token),
    base64At1: base64(`:${token}`),
    basicAuth: base64(`user:${token}`),
    uriTwice: uri(uri(token)),
    percentTwice: percentAll(percentAll(token)),
    percentTwiceLower: percentAll(percentAll(token)).toLowerCase(),
    formOfUri: form(uri(token)),
    uriOfJson: uri(json(token)),
    jsonOfUri: jsonUnicode(uri(token)),
    htmlOfUri: htmlDecimal(uri(token)),
    hexOfUri: hex(uri(token)),
    hexOfHex: hex(hex(token)),
    hexOfBase64: hex(base64(token)),
    hexUpperOfBase64: HEX(base64(token)),
    uriOfBase64: uri(base64(token)),
    percentOfBase64: percentAll(base64(token)),
    jsonOfBase64: jsonUnicode(base64(token)),
    uriOfHtml: uri(html(token)),
    base64OfHexLower: base64(hex(token)),
    base64OfHexUpper: base64(HEX(token)),
    base64OfHexAt2: base64(`0x${hex(token)}`),
    base64urlOfHex: base64url(hex(token)),
    base64OfBase64: base64(base64(token)),
    base64OfBasicAuth: base64(`Basic ${base64(`user:${token}`)}`),
    base64OfUri: base64(uri(token)),
    base64OfPercent: base64(percentAll(token)),
    base64OfJson: base64(json(token)),
  };
}

/** Every form in a header of its own (a rate-limit header, which the request inspector keeps), and all of them in Retry-After. */
export function echoInHeaders(response: ServerResponse, token: string) {
  const forms = echoedForms(token);
  for (const [name, value] of Object.entries(forms))
    response.setHeader(`x-ratelimit-echo-${name.toLowerCase()}`, value);
  response.setHeader('retry-after', Object.values(forms).join(' '));
}

/** Every form in the text of a post, as words among others: what find indexes and a page shows. */
export function echoInPosts(posts: { text?: unknown }[], token: string) {
  Object.entries(echoedForms(token)).forEach(([name, value], index) => {
    const post = posts[index % posts.length];
    if (post) post.text = `${String(post.text ?? '')} echoed ${name} ${value} here`;
  });
}
