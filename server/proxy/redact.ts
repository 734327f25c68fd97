import type { Answer } from './answer.ts';

export const REDACTED = '[redacted]';

const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');

const JSON_SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const HTML_NAMED: Record<string, string[]> = { '"': ['&quot;'], '&': ['&amp;'], '<': ['&lt;'], '>': ['&gt;'], "'": ['&apos;'] };

/**
 * Every way one character of the token can be spelt by whoever echoes it: as is, JSON-escaped
 * (`\"`, `\/`, `\u00e9`), percent-encoded (`%C3%A9`, `+` for a space, `%E9`, `%u00E9`), as an HTML entity,
 * or as UTF-8 bytes read back as Latin-1 (`Ã©`, what a header echoed by a UTF-8 server looks like).
 * Encoders mix these freely (`\u00e9` next to a plain `/`), so they are matched character by character.
 */
function spellings(char: string): string[] {
  const code = char.codePointAt(0)!;
  const utf8 = Buffer.from(char, 'utf8');
  const units = char.length === 2 ? [char.charCodeAt(0), char.charCodeAt(1)] : [code];
  const forms = [
    char,
    units.map((unit) => `\\u${hex(unit, 4)}`).join(''),
    [...utf8].map((byte) => `%${hex(byte, 2)}`).join(''),
    `&#${code};`, `&#x${hex(code, 1)};`,
    ...(JSON_SHORT[char] ? [JSON_SHORT[char]] : []),
    ...(HTML_NAMED[char] ?? []),
    ...(char === ' ' ? ['+'] : []),
    ...(code > 0x7f ? [utf8.toString('latin1'), `%u${hex(code, 4)}`] : []),
    ...(code > 0x7f && code <= 0xff ? [`%${hex(code, 2)}`] : []),
  ];
  return [...new Set(forms)];
}

/**
 * The part of base64(prefix + token) that depends on the token alone, for each of the three
 * alignments it can have inside a longer encoded text (such as `Basic base64(user:token)`).
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    // Too short to be the token rather than a coincidence in ordinary text.
    if (core.length >= 4) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

export interface Redactor {
  text(text: string): string;
  headers(headers: Record<string, string>): Record<string, string>;
  answer(answer: Answer): Answer;
}

/** Removes the token, in any encoding an upstream (or an error message) might use, from what leaves the proxy. */
export function createRedactor(token: string): Redactor {
  if (!token) return { text: (text) => text, headers: (headers) => headers, answer: (answer) => answer };
  const perChar = [...token].map((char) => `(?:${spellings(char).map(escapeRegex).join('|')})`).join('');
  // fetch sends a header as Latin-1 bytes when it can: an upstream that base64s what it got sees those.
  const latin1 = [...token].every((char) => char.charCodeAt(0) <= 0xff);
  const bytes = [Buffer.from(token, 'utf8'), ...(latin1 ? [Buffer.from(token, 'latin1')] : [])];
  const cores = [...new Set(bytes.flatMap(base64Cores))].map(escapeRegex);
  // Case-insensitive: hex digits and entity names come in either case, and a case-changed token is still a secret.
  const pattern = new RegExp([perChar, ...cores].join('|'), 'gi');
  const text = (value: string) => value.replace(pattern, REDACTED);
  const headers = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, text(value)]));
  return { text, headers, answer: (answer) => ({ ...answer, text: text(answer.text), headers: headers(answer.headers) }) };
}
