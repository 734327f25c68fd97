import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Breakage the stand-in cannot produce by itself, applied on the way back from it: the stand-in
 * still receives (and logs, and charges for) every request, so tests keep counting from its log.
 */
export interface RelayRule {
  /** Substring of the request path, query or body. */
  match: string;
  /** `cut`: the connection drops after the stand-in answered; `cut-body`: half the body, then the drop; `credits`: a 5xx gains meta.credits. */
  action: 'cut' | 'cut-body' | 'credits';
  times?: number;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function withCredits(text: string): string {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify({ ...parsed, meta: { credits: 0.1 } });
  } catch {
    return JSON.stringify({ success: false, message: text, meta: { credits: 0.1 } });
  }
}

/** A pass-through in front of the stand-in that breaks chosen answers on their way back. */
export async function startRelay(target: string) {
  const rules: RelayRule[] = [];
  const take = (subject: string) => {
    const rule = rules.find((candidate) => subject.includes(candidate.match));
    if (rule?.times !== undefined && --rule.times <= 0) rules.splice(rules.indexOf(rule), 1);
    return rule;
  };
  const server = createServer((request, response) => {
    // The stand-in may be closed under a call still in flight at the end of a test.
    relay(request, response).catch(() => request.socket.destroy());
  });
  async function relay(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    const rule = take(`${decodeURIComponent(request.url ?? '')} ${raw}`);
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      body: raw || undefined,
      headers: {
        authorization: request.headers.authorization ?? '',
        'content-type': request.headers['content-type'] ?? 'application/json',
      },
    });
    let text = await answer.text();
    if (rule?.action === 'cut') {
      request.socket.destroy();
      return;
    }
    if (rule?.action === 'cut-body') {
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
      });
      response.write(text.slice(0, Math.floor(text.length / 2)), () => response.socket?.destroy());
      return;
    }
    if (rule?.action === 'credits' && answer.status >= 500) text = withCredits(text);
    const retryAfter = answer.headers.get('retry-after');
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      ...(retryAfter ? { 'retry-after': retryAfter } : {}),
    });
    response.end(text);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    rule: (rule: RelayRule) => {
      rules.push({ ...rule });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
