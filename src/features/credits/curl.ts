export interface SentRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  body: unknown;
}

/** RFC 3986 strict: also encodes ! ' ( ) *, so the URL is safe inside double quotes in any shell and in a JS template. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Path and query after the base URL, every character a shell or a template literal could act on percent-encoded. */
export function pathAndQuery(request: SentRequest): string {
  const query = Object.entries(request.params)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`)
    .join('&');
  const path = request.path
    .split('/')
    .map((segment) => encode(decodeURIComponentSafe(segment)))
    .join('/');
  return `${path}${query ? `?${query}` : ''}`;
}

export const hasBody = (request: SentRequest) => request.body !== null && request.body !== undefined;

/**
 * The call as a curl command a person can rerun. The base URL and token are shell variables:
 * the token is always written as $API_TOKEN, never its value (which the browser never has anyway).
 */
export function curlCommand(request: SentRequest): string {
  const method = request.method.toUpperCase();
  const parts = [
    'curl',
    ...(method === 'GET' ? [] : ['-X', method]),
    `"$API_BASE_URL${pathAndQuery(request)}"`,
    '-H "Authorization: Bearer $API_TOKEN"',
  ];
  if (hasBody(request))
    parts.push(`-H 'Content-Type: application/json'`, `-d ${singleQuoted(JSON.stringify(request.body))}`);
  return parts.join(' ');
}
