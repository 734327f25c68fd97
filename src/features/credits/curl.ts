export interface SentRequest { method: string; path: string; params: Record<string, unknown>; body: unknown }

/** RFC 3986 strict: also encodes ! ' ( ) *, so the URL is safe inside double quotes in any shell. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The call as a curl command a person can rerun. The base URL and token are shell variables:
 * the token is always written as $API_TOKEN, never its value (which the browser never has anyway).
 */
export function curlCommand(request: SentRequest): string {
  const method = request.method.toUpperCase();
  const query = Object.entries(request.params)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');
  const path = request.path.split('/').map((segment) => encode(decodeURIComponentSafe(segment))).join('/');
  const url = `"$API_BASE_URL${path}${query ? `?${query}` : ''}"`;
  const parts = ['curl', ...(method === 'GET' ? [] : ['-X', method]), url, '-H "Authorization: Bearer $API_TOKEN"'];
  if (request.body !== null && request.body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`, `-d ${singleQuoted(JSON.stringify(request.body))}`);
  }
  return parts.join(' ');
}

function decodeURIComponentSafe(segment: string): string {
  try { return decodeURIComponent(segment); } catch { return segment; }
}
