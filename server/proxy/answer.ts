import type { ServerResponse } from 'node:http';

/** One answer to a purchase, shared by everyone who asked for that page. */
export interface Answer {
  status: number;
  text: string;
  headers: Record<string, string>;
}

/** Sends one answer to every asker still connected. */
export function deliver(responses: ServerResponse[], answer: Answer) {
  for (const response of responses) {
    if (response.destroyed) continue;
    response.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...answer.headers,
    });
    response.end(answer.text);
  }
}
