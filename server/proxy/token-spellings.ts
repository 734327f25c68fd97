import type { Pattern } from './spelling-matcher.ts';

/**
 * Every way an upstream (or a gateway, or an error page in front of it) can spell the token back, built
 * from the encoders rather than from examples: each encoder, and each two of them one after the other.
 *
 * - Character by character: as is, JSON escapes (`\"`, `\/`, `\u00e9`), percent-encoding (`%C3%A9`,
 *   `%E9`, `%u00E9`, `+`), HTML entities, hex of the bytes, UTF-8 read back as Latin-1. Encoders mix these
 *   (`\u00e9` next to a plain `/`; encodeURIComponent leaves `-` as it is), so each character may take any
 *   of its spellings, and each character of that spelling any of its own: two layers, in any order and
 *   any mix, with one tree (`twice`).
 * - base64 and base64url, which work on three bytes at a time: the part of the encoded text that depends
 *   on the token alone, for each of the three alignments it can have inside a longer text (`user:token`);
 *   that part spelt again character by character (hex of base64, percent-encoded base64); and base64 of
 *   what a whole-text encoder makes of the token (base64 of hex, of encodeURIComponent, of base64).
 *
 * Hex digits, percent escapes and entity names are matched in either case by the matcher.
 */
export function tokenSpellings(token: string): Pattern[] {
  const base64OfToken = bytesOf(token).flatMap(base64Cores);
  const base64OfEncoded = [...new Set([...wholeEncodings(token), ...base64OfToken])]
    .flatMap(bytesOf)
    .flatMap(base64Cores);
  return [twice(token), ...base64OfToken.map(once), ...new Set(base64OfEncoded)];
}

type Hex = (value: number, width: number) => string;
const lowerHex: Hex = (value, width) => value.toString(16).padStart(width, '0');
const upperHex: Hex = (value, width) => lowerHex(value, width).toUpperCase();
const utf8 = (char: string) => [...Buffer.from(char, 'utf8')];
const utf16 = (char: string) => Array.from({ length: char.length }, (_, index) => char.charCodeAt(index));

/** The encoders that spell every character, with hex digits of either case (they differ once spelt again: `%2d` → `%2564`, `%2D` → `%2544`). */
const EVERY_CHARACTER: ((char: string, hex: Hex) => string)[] = [
  (char, hex) =>
    utf16(char)
      .map((unit) => `\\u${hex(unit, 4)}`)
      .join(''),
  (char, hex) =>
    utf8(char)
      .map((byte) => `%${hex(byte, 2)}`)
      .join(''),
  (char, hex) =>
    utf8(char)
      .map((byte) => hex(byte, 2))
      .join(''),
  (char) => `&#${char.codePointAt(0)};`,
  (char, hex) => `&#x${hex(char.codePointAt(0)!, 1)};`,
  // Entities padded to a width (`&#0083;`, `&#x0053;`), as some writers do.
  (char) => `&#${String(char.codePointAt(0)).padStart(4, '0')};`,
  (char, hex) => `&#x${hex(char.codePointAt(0)!, 4)};`,
  // C, Python and JavaScript string escapes of each byte.
  (char, hex) =>
    utf8(char)
      .map((byte) => `\\x${hex(byte, 2)}`)
      .join(''),
];
const BOTH_CASES = [lowerHex, upperHex];

const JSON_SHORT: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
const HTML_NAMED: Record<string, string[]> = {
  '"': ['&quot;'],
  '&': ['&amp;'],
  '<': ['&lt;'],
  '>': ['&gt;'],
  "'": ['&apos;', '&#39;'],
};

/** Every spelling of one character by a character-by-character encoder; the same few characters are asked for again and again. */
function characterSpellings(char: string): string[] {
  let spellings = SPELLINGS.get(char);
  if (!spellings) SPELLINGS.set(char, (spellings = spell(char)));
  return spellings;
}
const SPELLINGS = new Map<string, string[]>();

function spell(char: string): string[] {
  const code = char.codePointAt(0)!;
  return [
    ...new Set([
      char,
      ...BOTH_CASES.flatMap((hex) => EVERY_CHARACTER.map((encode) => encode(char, hex))),
      ...(JSON_SHORT[char] ? [JSON_SHORT[char]] : []),
      ...(HTML_NAMED[char] ?? []),
      ...(char === ' ' ? ['+'] : []),
      // UTF-8 read back as Latin-1; JavaScript's escape(); a Latin-1 byte percent-encoded or in hex.
      ...(code > 0x7f
        ? [Buffer.from(char, 'utf8').toString('latin1'), ...BOTH_CASES.map((hex) => `%u${hex(code, 4)}`)]
        : []),
      ...(code > 0x7f && code <= 0xff ? BOTH_CASES.flatMap((hex) => [`%${hex(code, 2)}`, hex(code, 2)]) : []),
    ]),
  ];
}

/** `text` spelt by one character-by-character encoder (or none). */
function once(text: string): Pattern {
  return { seq: [...text].map((char) => ({ any: characterSpellings(char) })) };
}

/** `text` spelt by two character-by-character encoders, one over the other (or one, or none). */
function twice(text: string): Pattern {
  return { seq: [...text].map(spelledTwice) };
}

/** One character spelt by two encoders: a tree shared by every place the character is in. */
function spelledTwice(char: string): Pattern {
  let tree = TWICE.get(char);
  if (!tree) TWICE.set(char, (tree = { any: characterSpellings(char).map(once) }));
  return tree;
}
const TWICE = new Map<string, Pattern>();

/**
 * What whole-text encoders make of the token: the texts base64 may be given. Under base64 each mix of
 * character spellings is a different text, so these are the uniform ones (every character escaped, in
 * either case) and what libraries produce (which leave some characters as they are).
 */
function wholeEncodings(token: string): string[] {
  const characters = [...token];
  const uri = encodeURIComponent(token);
  const json = JSON.stringify(token).slice(1, -1);
  return [
    token,
    json,
    json.replace(/\//g, '\\/').replace(/[^\x20-\x7e]/g, (char) => `\\u${lowerHex(char.charCodeAt(0), 4)}`),
    uri,
    uri.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    new URLSearchParams({ token }).toString().slice('token='.length),
    token
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/'/g, '&#39;'),
    Buffer.from(token, 'utf8').toString('latin1'),
    ...BOTH_CASES.flatMap((hex) =>
      EVERY_CHARACTER.map((encode) => characters.map((char) => encode(char, hex)).join('')),
    ),
  ];
}

/**
 * The bytes a text may be sent as: UTF-8, Latin-1 when it fits (fetch and Node send a header that way), and UTF-16LE
 * (what .NET and Windows APIs encode a string as before base64).
 */
function bytesOf(text: string): Buffer[] {
  const latin1 = [...text].every((char) => char.charCodeAt(0) <= 0xff);
  const utf8 = Buffer.from(text, 'utf8');
  const utf16 = Buffer.from(text, 'utf16le');
  return latin1 && utf8.length > text.length ? [utf8, Buffer.from(text, 'latin1'), utf16] : [utf8, utf16];
}

/**
 * The part of base64(prefix + bytes) that depends on the bytes alone, for each of the three alignments
 * they can have inside a longer encoded text, in base64 and base64url.
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    // Too short to be the token rather than a coincidence in ordinary text.
    if (core.length >= 4) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(cores)];
}
