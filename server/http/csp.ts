import { createHash } from 'node:crypto';
import type { AppConfig } from '../config.ts';

/**
 * The hash source of every inline `<script>` in the built index.html (the early first-page fetch from
 * server/build/inline-early-fetch.ts, the route-chunk preload from preload-route-chunk.ts): those two
 * run, and no other inline script can, so the policy needs no 'unsafe-inline'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Where images may come from. Media URLs are whatever the upstream's answers name (only http and
 * https survive src/contract/url.ts): a real upstream's media hosts are https and not known in advance;
 * demo mode's stand-in serves its SVGs from http://127.0.0.1 on a port that moves when 4599 is taken;
 * an upstream reached over plain http (a stand-in, a gateway on the LAN) serves them from its own origin.
 * `data:` is for the icons' glyphs, which the style sheet carries as data URLs (icons.css): an upstream's media
 * URL never is one (only http and https survive url.ts), and an image cannot run script.
 */
export function imageSources(config: Pick<AppConfig, 'mode' | 'baseUrl'>): string[] {
  const sources = ["'self'", 'data:', 'https:'];
  if (config.mode === 'demo') sources.push('http://127.0.0.1:*');
  else if (config.baseUrl.startsWith('http:')) sources.push(new URL(config.baseUrl).origin);
  return sources;
}

/**
 * The production server's policy for every page and asset: scripts, styles, fonts and requests from
 * this origin only (Tailwind's output is a file; React sets `style` through the CSSOM, which CSP does
 * not govern), the two inline scripts by hash, no plugins, no <base>, forms only to this origin, and
 * no framing by anyone (`frame-ancestors 'none'`, with X-Frame-Options: DENY for old browsers).
 */
export function contentSecurityPolicy(options: {
  scriptHashes: string[];
  imageSources: string[];
  /**
   * A server-rendered page (server/http/render.ts) carries React's `style` attributes (the virtual list's
   * positions) as markup, which `style-src` would refuse; style sheets and <style> stay 'self' only.
   */
  styleAttributes?: boolean;
  /** The style sheets a server-rendered page carries inline (server/http/inline-styles.ts), by hash. */
  styleHashes?: string[];
}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...options.scriptHashes].join(' '),
    ["style-src 'self'", ...(options.styleHashes ?? [])].join(' '),
    ...(options.styleAttributes ? ["style-src-attr 'unsafe-inline'"] : []),
    `img-src ${options.imageSources.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
