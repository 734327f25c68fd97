/**
 * JSON for the text of a `<script type="application/json">`: inside it only `</script` and `<!--` could end the
 * element early, so `<` never appears raw; the two line separators are escaped too.
 */
export function escapeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
