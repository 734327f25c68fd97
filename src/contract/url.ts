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

/** `https://www.docs.example.org/a` → `docs.example.org`: the site a link is on, as a person names it. */
export function siteDomain(value: string): string | null {
  try {
    return new URL(value).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** `https://example.org/docs/intro%20page` → `['docs', 'intro page']`: the path the way search pages show it. */
export function pathCrumbs(value: string): string[] {
  try {
    return new URL(value).pathname.split('/').filter(Boolean).map(decodeURIComponentSafe);
  } catch {
    return [];
  }
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
