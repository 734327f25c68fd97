/** The words of a find, as both indexes split text: runs of letters and digits, lower case, at most 12. */
export function wordsOf(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 12);
}

/**
 * Every word must match; the last one as a prefix too, so a word still being typed finds its posts. Words are
 * letters and digits only, so neither query language's operators can be smuggled in.
 */
export const fts5Query = (words: readonly string[]) =>
  words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' AND ');
export const tsQuery = (words: readonly string[]) =>
  words.map((word, index) => `${word}${index === words.length - 1 ? ':*' : ''}`).join(' & ');

export interface SnippetRun {
  text: string;
  hit: boolean;
}

/** Where a match starts and ends in a snippet the database marks: characters no post text keeps (extract.ts strips them). */
export const HIT_START = '\u0001';
export const HIT_END = '\u0002';

/** A snippet marked with \u0001 … \u0002 (as the queries ask for) as runs of plain and matching text. */
export function snippetRuns(marked: string): SnippetRun[] {
  const runs: SnippetRun[] = [];
  for (const [index, part] of marked.split(HIT_START).join(HIT_END).split(HIT_END).entries()) {
    if (part) runs.push({ text: part, hit: index % 2 === 1 });
  }
  return runs;
}

/** Without words to match, the start of the text stands in for a snippet. */
export function plainSnippet(text: string, max = 280): SnippetRun[] {
  return text ? [{ text: text.length > max ? `${text.slice(0, max - 1)}…` : text, hit: false }] : [];
}
