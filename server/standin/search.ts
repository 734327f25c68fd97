import { hashString, seededRandom } from './random.ts';

export const SEARCH_TOTAL_RESULTS = 57;
const DOMAINS = [
  'example.org',
  'docs.example.com',
  'wiki.example.net',
  'news.example.com',
  'blog.example.io',
  'forum.example.dev',
];
const LOCALISED: Record<string, string> = {
  en: 'Guide to',
  fr: 'Guide de',
  de: 'Leitfaden zu',
  es: 'Guía de',
  ja: 'ガイド',
  pt: 'Guia de',
};

export interface SearchParams {
  q: string;
  num: number;
  page: number;
  site?: string;
  hl?: string;
}

/** A bare host from whatever the caller gave as `site` (URL, host, host/path). */
export function siteHost(site: string): string {
  const trimmed = site.trim().toLowerCase();
  try {
    return new URL(trimmed.includes('://') ? trimmed : `https://${trimmed}`).hostname.replace(/^www\./, '');
  } catch {
    return trimmed;
  }
}

/** Deterministic results per (q, site, hl); `page` is 1-based and steps through the same result set. */
export function searchResults(params: SearchParams): { title: string; url: string }[] {
  const query = params.q.trim();
  if (/noresults|zzzz/i.test(query)) return [];
  const prefix = LOCALISED[(params.hl ?? 'en').toLowerCase().slice(0, 2)] ?? LOCALISED.en!;
  const host = params.site ? siteHost(params.site) : undefined;
  const first = (params.page - 1) * params.num;
  const count = Math.max(0, Math.min(params.num, SEARCH_TOTAL_RESULTS - first));
  return Array.from({ length: count }, (_, offset) => {
    const rank = first + offset + 1;
    const random = seededRandom(hashString(`${query}|${rank}`));
    const domain = host ?? random.pick(DOMAINS);
    const slug = `${query.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${rank}`;
    if (/hostile/i.test(query) && rank <= 3) {
      return [
        { title: '<img src=x onerror="window.__pwned=1">Hostile title', url: 'javascript:window.__pwned=1' },
        { title: 'Data URL result', url: 'data:text/html,<script>window.__pwned=1</script>' },
        { title: 'Plain result after hostile ones', url: `https://${domain}/safe/${slug}` },
      ][rank - 1]!;
    }
    const longTail =
      rank % 7 === 0 ? '/a/very/long/path/segment/that/keeps/going/and/going/until/it/must/wrap-or-truncate' : '';
    return {
      title: `${prefix} ${query} — result ${rank}${rank % 11 === 0 ? ' with a title long enough that it has to wrap across more than one line on a phone' : ''}`,
      url: `https://${domain}/${params.hl ? `${params.hl}/` : ''}${slug}${longTail}?ref=${rank}`,
    };
  });
}
