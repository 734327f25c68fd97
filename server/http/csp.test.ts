import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, imageSources, inlineScriptHashes } from './csp.ts';

const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('the production Content-Security-Policy', () => {
  it('hashes every inline script exactly as written, and no script with a src', () => {
    const html =
      '<script>a()</script><script type="module" crossorigin src="/assets/x.js"></script>\n<script>\n  b();\n</script><SCRIPT>a()</SCRIPT>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n  b();\n')]);
  });

  it('allows images from this origin, data URLs (the icons) and https hosts, plus the stand-in (demo) or a plain-http upstream', () => {
    expect(imageSources({ mode: 'demo', baseUrl: '' })).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:*']);
    expect(imageSources({ mode: 'upstream', baseUrl: 'https://api.example.com/tenant' })).toEqual([
      "'self'",
      'data:',
      'https:',
    ]);
    expect(imageSources({ mode: 'upstream', baseUrl: 'http://box.lan:8080/gw' })).toEqual([
      "'self'",
      'data:',
      'https:',
      'http://box.lan:8080',
    ]);
  });

  it('never allows inline script, plugins, a <base> or framing', () => {
    const policy = contentSecurityPolicy({ scriptHashes: [sha('a()')], imageSources: ["'self'"] });
    expect(policy).not.toContain('unsafe');
    expect(policy).toContain(`script-src 'self' ${sha('a()')}`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
