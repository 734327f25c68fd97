import type { FastifyReply, FastifyRequest } from 'fastify';

/** The document request as a web Request for the router: its address, headers, and a signal that ends with the connection. */
export function webRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const aborted = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) aborted.abort(new Error('the browser closed the connection'));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const each of value) headers.append(name, each);
  return new Request(new URL(request.url, 'http://localhost'), { headers, signal: aborted.signal });
}
