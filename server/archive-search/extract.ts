import * as v from 'valibot';
import { searchEnvelope, toSearchResults } from '../../src/contract/upstream/envelope.ts';
import { timelineEnvelope } from '../../src/contract/upstream/timeline-envelope.ts';
import { splitEntities } from '../../src/contract/upstream/entities.ts';
import { siteDomain } from '../../src/contract/url.ts';
import { storableText } from '../store/storable-text.ts';
import type { ArchivePostTable } from './tables.ts';
import { HIT_END, HIT_START } from './terms.ts';
import { readIndexedPost, type IndexedPost } from './indexed-post.ts';

/** What one archived page holds, row by row, before the page's own columns are added. */
export type Extracted = { item: string } & Pick<
  ArchivePostTable,
  | 'position'
  | 'kind'
  | 'post_id'
  | 'author'
  | 'shown_author'
  | 'created_at'
  | 'text'
  | 'extra'
  | 'hashtags'
  | 'mentions'
  | 'domains'
  | 'has_media'
>;

// The snippet's highlight markers (see query.ts): never part of what is indexed; nor a NUL, which no store holds.
const clean = (text: string) => storableText(text.replaceAll(HIT_START, ' ').replaceAll(HIT_END, ' '));
const unique = (values: Iterable<string>) => [...new Set(values)].join(' ');
const lower = (handle: string | undefined | null) => (handle ? handle.toLowerCase() : null);

/** Hashtags, mentions and link domains the way RichText draws them, plus the upstream's own entities. */
function entitiesOf(post: IndexedPost) {
  const segments = splitEntities(post.text, { links: post.links, dropTrailingMediaLink: true });
  const hashtags = segments.flatMap((segment) => (segment.kind === 'hashtag' ? [segment.tag.toLowerCase()] : []));
  const mentions = [
    ...segments.flatMap((segment) => (segment.kind === 'mention' ? [segment.handle] : [])),
    ...post.mentions.map((m) => m.handle),
  ];
  const links = [
    ...segments.flatMap((segment) => (segment.kind === 'link' ? [segment.href] : [])),
    ...post.links.flatMap((link) => (link.expandedUrl ? [link.expandedUrl] : [])),
  ];
  return {
    hashtags: unique(hashtags),
    mentions: unique(mentions.map((handle) => handle.toLowerCase())),
    domains: unique(links.flatMap((link) => siteDomain(link) ?? [])),
    links,
  };
}

function kindOf(post: IndexedPost): Extracted['kind'] {
  if (post.repostOf) return 'repost';
  if (post.quoted) return 'quote';
  return post.replyToId ? 'reply' : 'post';
}

function fromPost(post: IndexedPost, position: number, boughtAt: string, item: string): Extracted {
  // A repost's card shows the original, so that is what is searched, counted and dated; the reposter is its author.
  const shown = post.repostOf ?? post;
  const entities = entitiesOf(shown);
  const people = [post.author, shown.author, post.quoted?.author].flatMap((author) =>
    author ? [author.name, author.handle] : [],
  );
  return {
    position,
    kind: kindOf(post),
    post_id: post.id,
    author: lower(post.author?.handle),
    shown_author: lower(shown.author?.handle ?? post.author?.handle),
    created_at: shown.createdAt ?? post.createdAt ?? boughtAt,
    text: clean(shown.text),
    extra: clean([post.quoted?.text ?? '', ...people, ...entities.links].join(' ')),
    hashtags: entities.hashtags,
    mentions: entities.mentions,
    domains: entities.domains,
    has_media: shown.hasMedia ? 1 : 0,
    item,
  };
}

/**
 * Every post of a timeline page, or every result of a search page, read with the app's own rules (the
 * envelopes' schemas; each post's indexed fields by indexed-post.ts, equal to the post schema's output), so
 * authors, reposts, quotes and media are what the UI shows. An answer no schema reads yields nothing.
 */
export function extractPage(operation: string, body: string, boughtAt: string): Extracted[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  if (operation === 'timeline') {
    const page = v.safeParse(timelineEnvelope, json);
    if (!page.success) return [];
    return page.output.data.timeline.flatMap((raw, position) => {
      const post = readIndexedPost(raw);
      return post ? [fromPost(post, position, boughtAt, JSON.stringify(raw))] : [];
    });
  }
  const page = v.safeParse(searchEnvelope, json);
  if (!page.success) return [];
  return page.output.data.flatMap((raw, position) =>
    toSearchResults([raw]).map((result): Extracted => ({
      position,
      kind: 'result',
      post_id: null,
      author: null,
      shown_author: null,
      created_at: boughtAt,
      text: clean(result.title),
      extra: clean(result.url),
      hashtags: '',
      mentions: '',
      domains: siteDomain(result.url) ?? '',
      has_media: 0,
      item: JSON.stringify(raw),
    })),
  );
}
