/**
 * Text as both stores can hold it: a PostgreSQL text column refuses U+0000 (and SQLite cuts the text there), so
 * a NUL from the upstream stands as U+FFFD, the character for "something was here". Everything else is kept.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}
