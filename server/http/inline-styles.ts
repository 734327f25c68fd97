import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const STYLE_SHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"<>]+\.css)">/g;

/**
 * A page the server renders carries its style sheets in the document: a linked sheet blocks the first
 * paint until a second response arrives, and the posts are already in the first one. The policy names
 * each by hash (`style-src 'self' 'sha256-…'`), never 'unsafe-inline'. A sheet that cannot be read, or
 * that could close the element early, stays a link.
 */
export function inlineStyleSheets(head: string, dist: string): { head: string; styleHashes: string[] } {
  const styleHashes: string[] = [];
  const inlined = head.replace(STYLE_SHEET_LINK, (link, href: string) => {
    let css: string;
    try {
      css = fs.readFileSync(path.join(dist, href), 'utf8');
    } catch {
      return link;
    }
    if (/<\/style/i.test(css)) return link;
    styleHashes.push(`'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`);
    return `<style>${css}</style>`;
  });
  return { head: inlined, styleHashes };
}
