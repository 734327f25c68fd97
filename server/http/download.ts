import type { ServerResponse } from 'node:http';

/**
 * The one way a file is streamed to the browser (the history's exports, a job's exports): an attachment written
 * line by line with backpressure, so a year of pages or a job of a thousand pages never sits in memory. A route
 * hijacks its reply first and hands over `reply.raw`.
 */
export async function streamDownload(
  response: ServerResponse,
  contentType: string,
  filename: string,
  lines: AsyncIterable<string>,
) {
  response.writeHead(200, {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
  try {
    for await (const line of lines) {
      if (response.destroyed) return;
      if (!response.write(line)) await new Promise((resolve) => response.once('drain', resolve));
    }
  } catch (error) {
    // The status is sent: a download cut short is what says it failed (a hung one would say nothing, for ever).
    response.destroy();
    throw error;
  }
  response.end();
}

/** Each row as its line (an empty line is left out: a row of another kind), between a header and a footer. */
export async function* lines<T>(rows: AsyncIterable<T>, line: (row: T) => string, header = '', footer = '') {
  if (header) yield header;
  for await (const row of rows) {
    const text = line(row);
    if (text) yield text;
  }
  if (footer) yield footer;
}
