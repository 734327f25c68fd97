import { curlCommand, hasBody, pathAndQuery, singleQuoted, type SentRequest } from './curl';

/**
 * HTTPie. The body goes as --raw JSON, not as `key=value` items: an item's value starting with `=` or `@`
 * would be read as another separator (a query parameter, a file to embed), and the call would differ.
 */
export function httpieCommand(request: SentRequest): string {
  const parts = [
    'http',
    request.method.toUpperCase(),
    `"$API_BASE_URL${pathAndQuery(request)}"`,
    '"Authorization:Bearer $API_TOKEN"',
  ];
  if (hasBody(request))
    parts.push(`'Content-Type:application/json'`, `--raw ${singleQuoted(JSON.stringify(request.body))}`);
  return parts.join(' ');
}

/** `fetch` for Node 18+ (an ES module, for the top-level await); the token comes from the environment, as in the shell commands. */
export function fetchSnippet(request: SentRequest): string {
  const method = request.method.toUpperCase();
  const headers = [
    'Authorization: `Bearer ${API_TOKEN}`',
    ...(hasBody(request) ? [`'Content-Type': 'application/json'`] : []),
  ];
  const options = [
    ...(method === 'GET' ? [] : [`  method: '${method}',`]),
    `  headers: { ${headers.join(', ')} },`,
    ...(hasBody(request) ? [`  body: JSON.stringify(${JSON.stringify(request.body)}),`] : []),
  ];
  return [
    'const { API_BASE_URL, API_TOKEN } = process.env;',
    // pathAndQuery percent-encodes ` $ { } \, so nothing in it can end or interpolate the template literal.
    `const response = await fetch(\`\${API_BASE_URL}${pathAndQuery(request)}\`, {`,
    ...options,
    '});',
    'console.log(response.status, await response.json());',
  ].join('\n');
}

export const COPY_FORMATS = [
  { id: 'curl', label: 'curl', build: curlCommand },
  { id: 'httpie', label: 'HTTPie', build: httpieCommand },
  { id: 'fetch', label: 'fetch', build: fetchSnippet },
] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number]['id'];
