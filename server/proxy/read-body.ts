import type { IncomingMessage } from 'node:http';

/** Why a body was not read; its message is said to the client as it stands. */
export class BodyRefused extends Error {}

/** Strict: a byte sequence that is not UTF-8 is refused, never turned into U+FFFD and sent on. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function sizeLimit(maxBytes: number): string {
  return maxBytes % 1024 === 0 ? `${maxBytes / 1024} KB` : `${maxBytes} bytes`;
}

/**
 * A request body as UTF-8 text, refused past `maxBytes` so a client cannot make the server hold an
 * unbounded body. A refused body is not torn down but left to run out unread (`resume`): tearing down
 * the request stream leaves its connection stalled, and the next request on a keep-alive connection
 * was never answered. How long a body may take to arrive is the server's request timeout.
 */
export async function readLimitedBody(request: IncomingMessage, maxBytes: number): Promise<string> {
  const tooLarge = () => new BodyRefused(`Request body is larger than ${sizeLimit(maxBytes)}`);
  if (Number(request.headers['content-length']) > maxBytes) {
    request.resume();
    throw tooLarge();
  }
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      request.off('data', onData);
      request.resume();
      reject(tooLarge());
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', (error) => reject(new BodyRefused(`Request body could not be read: ${error.message}`)));
    // After 'end' this settles nothing; before it, the client went away mid-body.
    request.once('close', () => reject(new BodyRefused('Request body was cut off before its end')));
  });
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new BodyRefused('Request body is not valid UTF-8 text');
  }
}
