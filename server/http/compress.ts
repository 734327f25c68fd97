import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';

/** The page is made per request: compressed quickly, and flushed as React writes it (the build's files use the slow settings). */
function compressor(
  header: string | undefined,
): { encoding: 'br' | 'gzip'; stream: zlib.BrotliCompress | zlib.Gzip } | null {
  if (header && /\bbr\b/.test(header))
    return {
      encoding: 'br',
      stream: zlib.createBrotliCompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
      }),
    };
  if (header && /\bgzip\b/.test(header))
    return { encoding: 'gzip', stream: zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH }) };
  return null;
}

/** Sends a page made for this request, compressed as the browser accepts, each part as it comes. */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: Readable | string) {
  const compressed = compressor(request.headers['accept-encoding']);
  if (!compressed) return reply.send(body);
  void reply.header('content-encoding', compressed.encoding);
  if (typeof body === 'string') compressed.stream.end(body);
  // A page that stops streaming part-way ends its compressed stream too (and the connection), never leaves it open.
  else pipeline(body, compressed.stream, () => undefined);
  return reply.send(compressed.stream);
}
