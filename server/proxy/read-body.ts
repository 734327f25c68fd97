import type { IncomingMessage } from 'node:http';

/** A request body as text, refused past `maxBytes` so a client cannot make the server hold an unbounded body. */
export async function readLimitedBody(request: IncomingMessage, maxBytes: number): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
