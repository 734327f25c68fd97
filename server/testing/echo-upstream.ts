import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The token as a careless upstream might echo it: each the work of a real encoder, not of the redactor. */
export function encodings(token: string): Record<string, string> {
  return {
    raw: token,
    json: JSON.stringify(token).slice(1, -1),
    // PHP's json_encode and Python's json.dumps: `\/` and `\u00e9`.
    php: JSON.stringify(token)
      .slice(1, -1)
      .replace(/\//g, '\\/')
      .replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
    uri: encodeURIComponent(token),
    form: new URLSearchParams({ token }).toString().slice('token='.length),
    basic: Buffer.from(`user:${token}`, 'utf8').toString('base64'),
    b64: Buffer.from(token, 'latin1').toString('base64'),
    html: token.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  };
}

/**
 * An upstream that repeats the bearer token it was sent. The timeline's `screen_name` picks the
 * answer: `<encoding>_<status>` (e.g. `uri_500`) puts that encoding in `x-echo` and `retry-after`;
 * a 200 carries every JSON-safe encoding in its body, a 500 the chosen one in a JSON message,
 * a text page (raw) or an HTML title (html).
 */
export async function startEchoUpstream() {
  const server = createServer((request, response) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const url = new URL(request.url ?? '/', 'http://echo.local');
    const [name = 'raw', status = '200'] = (url.searchParams.get('screen_name') ?? '').split('_');
    const all = encodings(token);
    const chosen = all[name] ?? token;
    response.setHeader('x-echo', chosen);
    response.setHeader('retry-after', chosen);
    if (status === '200') {
      // Raw, the token's `"` would break the JSON; it is echoed raw in the headers and in the text 500.
      const echoed = Object.entries(all)
        .filter(([key]) => key !== 'raw')
        .map(([key, value]) => `"${key}":"${value}"`)
        .join(',');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        `{"success":true,"data":{"timeline":[],"next_cursor":"${all.json}","prev_cursor":"","status":"ok","user":{"name":"${all.php}"},"echo":{${echoed}}},"meta":{"credits":0.1}}`,
      );
    } else if (name === 'raw') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(`Rejected credentials: Bearer ${token}`);
    } else if (name === 'html') {
      response
        .writeHead(500, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html><head><title>Denied &quot;${all.html}&quot;</title></head><body>${all.html}</body></html>`,
        );
    } else {
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(
          `{"success":false,"message":"Rejected credentials ${name === 'json' || name === 'php' ? chosen : all.json} (${chosen})"}`,
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
