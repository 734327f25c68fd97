import fs from 'node:fs';
import path from 'node:path';
import { BENCH } from './servers.ts';

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The physical limit for "time to first post": the same 20 posts already in the HTML, served
 * by the same server. Written into the bench build before the production server starts (it serves
 * the files it found at start), from the stand-in directly.
 */
export async function writeStaticTimeline(
  standinOrigin: string,
  handle: string,
  dist: string = BENCH.dist,
): Promise<string> {
  const response = await fetch(`${standinOrigin}/v1/social/microblog/posts?screen_name=${handle}`, {
    headers: { authorization: `Bearer ${BENCH.token}` },
  });
  const body = (await response.json()) as {
    data: { timeline: { post_id: string; text: string; author?: { name?: string } }[] };
  };
  const articles = body.data.timeline
    .map(
      (post) =>
        `<article style="padding:12px;border-bottom:1px solid #ddd"><b>${escape(post.author?.name ?? '')}</b><p>${escape(post.text)}</p></article>`,
    )
    .join('\n');
  const file = 'static-timeline.html';
  fs.writeFileSync(
    path.join(dist, file),
    `<!doctype html><html><head><meta charset="utf-8"><title>static</title></head><body><main style="max-width:40rem;margin:auto">${articles}</main></body></html>`,
  );
  return `/${file}`;
}
