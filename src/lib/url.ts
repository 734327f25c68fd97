/** The only schemes that may become a link or an image source; everything else stays text. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** `host › path › segments` for showing a URL the way search pages do. */
export function breadcrumb(value: string): string {
  try {
    const url = new URL(value);
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponentSafe);
    return [url.hostname.replace(/^www\./, ''), ...segments].join(' › ');
  } catch {
    return value;
  }
}

function decodeURIComponentSafe(segment: string): string {
  try { return decodeURIComponent(segment); } catch { return segment; }
}
