import type { Author, LinkEntity, Post } from '../../src/contract/upstream/types.ts';
import { parseUpstreamDate } from '../../src/contract/upstream/values.ts';
import { safeHttpUrl } from '../../src/contract/url.ts';

/**
 * What the archive indexes of a post: the fields of the app's `Post` it searches, counts and dates by, and
 * whether the post shows media. The indexer reads every archived post; reading each through the app's
 * valibot schemas (src/contract/upstream/post.ts, which also builds media, counts and permalinks nobody
 * indexes) cost about 60 µs a post, most of the indexer thread's own work. This reader gives the same
 * values for these fields from the same raw JSON, with the schemas' rules: a field that is missing or of
 * the wrong type reads as its neutral value, never as an error. indexed-post.test.ts holds it equal to the
 * schemas' output on every stand-in page, drifted and hostile ones included.
 */
export interface IndexedPost extends Pick<Post, 'id' | 'createdAt' | 'text' | 'links' | 'replyToId'> {
  author: Pick<Author, 'name' | 'handle'> | null;
  mentions: { handle: string }[];
  hasMedia: boolean;
  repostOf: IndexedPost | null;
  quoted: IndexedPost | null;
}

type Fields = Record<string, unknown>;

const EMPTY: Fields = {};
// The schemas' looseRecord: an object's fields, and anything else (null, [], a string) as no fields at all.
const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : EMPTY;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const idOf = (value: unknown) =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null;

function authorOf(value: unknown): IndexedPost['author'] {
  const raw = fieldsOf(value);
  const handle = textOf(raw.screen_name);
  const name = textOf(raw.name);
  return handle || name ? { name: name || handle, handle } : null;
}

function linksOf(entities: Fields): LinkEntity[] {
  return listOf(entities.urls).flatMap((item): LinkEntity[] => {
    const link = fieldsOf(item);
    const url = textOf(link.url);
    if (!url) return [];
    const expandedUrl = safeHttpUrl(link.expanded_url);
    return [{ url, expandedUrl, displayUrl: textOf(link.display_url) || expandedUrl || url }];
  });
}

/** A photo or video the UI would draw: it needs an http(s) image address and an id. */
const drawable = (item: unknown) => {
  const raw = fieldsOf(item);
  return idOf(raw.id) !== null && safeHttpUrl(raw.media_url_https) !== null;
};

function hasMediaOf(value: unknown) {
  const media = fieldsOf(value);
  return listOf(media.photo).some(drawable) || listOf(media.video).some(drawable);
}

function readPost(value: unknown, embedded: (raw: Fields) => Pick<IndexedPost, 'repostOf' | 'quoted'>) {
  const raw = fieldsOf(value);
  const id = idOf(raw.post_id);
  if (!id) return null;
  const entities = fieldsOf(raw.entities);
  return {
    id,
    createdAt: parseUpstreamDate(raw.created_at),
    text: textOf(raw.text),
    links: linksOf(entities),
    mentions: listOf(entities.user_mentions).flatMap((item) => {
      const handle = textOf(fieldsOf(item).screen_name);
      return handle ? [{ handle }] : [];
    }),
    author: authorOf(raw.author),
    hasMedia: hasMediaOf(raw.media),
    replyToId: idOf(raw.in_reply_to_status_id_str) ?? (typeof raw.reply_to === 'string' ? raw.reply_to : null),
    ...embedded(raw),
  };
}

const NOT_EMBEDDING = () => ({ repostOf: null, quoted: null });

/** One timeline post as the archive indexes it, or null when it has no id (the schemas drop it too). */
export function readIndexedPost(value: unknown): IndexedPost | null {
  return readPost(value, (raw) => ({
    repostOf: readPost(raw.reposted_post, NOT_EMBEDDING),
    quoted: readPost(raw.quoted, NOT_EMBEDDING),
  }));
}
