import * as v from 'valibot';
import { parseUpstreamDate } from './values.ts';
import type { Author, LinkEntity, MentionEntity, Photo, Post, Video } from './types';
import { count } from './count.ts';
import { flag, httpUrl, idString, lenientArray, looseRecord, optionalText, text } from './lenient.ts';

export const authorSchema = v.pipe(
  looseRecord({ rest_id: idString, name: text, screen_name: text, avatar: httpUrl, blue_verified: flag }),
  v.transform((raw): Author | null =>
    raw.screen_name || raw.name
      ? {
          id: raw.rest_id,
          name: raw.name || raw.screen_name,
          handle: raw.screen_name,
          avatarUrl: raw.avatar,
          verified: raw.blue_verified,
        }
      : null,
  ),
);

const size = looseRecord({ w: count, h: count });
const focusRect = looseRecord({ x: count, y: count, w: count, h: count });

const mediaEntity = looseRecord({
  id_str: idString,
  expanded_url: httpUrl,
  original_info: looseRecord({ width: count, height: count, focus_rects: lenientArray(focusRect) }),
  ext_alt_text: optionalText,
});

const photoItem = looseRecord({ media_url_https: httpUrl, id: idString, sizes: size, ext_alt_text: optionalText });

const videoItem = looseRecord({
  media_url_https: httpUrl,
  id: idString,
  duration: count,
  original_info: looseRecord({ width: count, height: count }),
  variants: lenientArray(looseRecord({ content_type: text, url: httpUrl, bitrate: count })),
});

const mediaSchema = looseRecord({ photo: lenientArray(photoItem), video: lenientArray(videoItem) });

const entitiesSchema = looseRecord({
  urls: lenientArray(looseRecord({ url: text, expanded_url: httpUrl, display_url: text })),
  user_mentions: lenientArray(looseRecord({ screen_name: text, name: text })),
  media: lenientArray(mediaEntity),
});

type RawMediaEntity = v.InferOutput<typeof mediaEntity>;

/** `focus_rects` centre as an object-position, so crops keep the subject in view. */
function focusFor(entity: RawMediaEntity | undefined): string | null {
  const rect = entity?.original_info.focus_rects[0];
  const width = entity?.original_info.width;
  const height = entity?.original_info.height;
  if (!rect || !width || !height || rect.x === null || rect.y === null || rect.w === null || rect.h === null)
    return null;
  if (rect.w >= width && rect.h >= height) return null;
  const percent = (centre: number, span: number, total: number) =>
    Math.round(Math.min(100, Math.max(0, (centre / (total - span || 1)) * 100)));
  return `${percent(rect.x, rect.w, width)}% ${percent(rect.y, rect.h, height)}%`;
}

function normaliseMedia(
  media: v.InferOutput<typeof mediaSchema>,
  entities: RawMediaEntity[],
  postText: string,
): (Photo | Video)[] {
  const photos = media.photo.flatMap((item, index): Photo[] => {
    if (!item.media_url_https || !item.id) return [];
    const entity = entities.find((candidate) => candidate.id_str === item.id);
    const width = item.sizes.w ?? entity?.original_info.width ?? 1200;
    const height = item.sizes.h ?? entity?.original_info.height ?? 675;
    const alt =
      item.ext_alt_text ??
      entity?.ext_alt_text ??
      `Photo ${index + 1} of ${media.photo.length}${postText ? `: ${postText.slice(0, 80)}` : ''}`;
    return [{ kind: 'photo', id: item.id, url: item.media_url_https, width, height, focus: focusFor(entity), alt }];
  });
  const videos = media.video.flatMap((item): Video[] => {
    if (!item.media_url_https || !item.id) return [];
    const best = item.variants
      .filter((variant) => variant.url && variant.content_type === 'video/mp4')
      .sort((a, b) => (b.bitrate ?? 0) - (a.bitrate ?? 0))[0];
    return [
      {
        kind: 'video',
        id: item.id,
        thumbnailUrl: item.media_url_https,
        width: item.original_info.width ?? 1280,
        height: item.original_info.height ?? 720,
        durationMs: item.duration,
        playUrl: best?.url ?? null,
      },
    ];
  });
  return [...photos, ...videos];
}

/**
 * The platform's address of a post, when a media entity's `expanded_url` names the post's id as a path
 * segment (`https://host/name/status/<id>/photo/1` → `https://host/name/status/<id>`). The spec gives no
 * other way to build one, so a post without such a link has none.
 */
export function permalinkOf(id: string, entities: readonly { expanded_url: string | null }[]): string | null {
  for (const { expanded_url: address } of entities) {
    if (!address) continue;
    const url = new URL(address);
    const segments = url.pathname.split('/');
    const at = segments.indexOf(id);
    if (at > 0) return `${url.origin}${segments.slice(0, at + 1).join('/')}`;
  }
  return null;
}

/** Client names arrive as an HTML fragment; only its text is kept, so no markup ever renders. */
export function sourceText(html: unknown): string | null {
  if (typeof html !== 'string') return null;
  const plain = html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
  return plain || null;
}

const postFields = {
  post_id: idString,
  created_at: v.fallback(v.pipe(v.unknown(), v.transform(parseUpstreamDate)), null),
  text,
  lang: optionalText,
  source: v.fallback(v.pipe(v.unknown(), v.transform(sourceText)), null),
  views: count,
  bookmarks: count,
  favorites: count,
  quotes: count,
  replies: count,
  reposts: count,
  entities: entitiesSchema,
  media: mediaSchema,
  author: authorSchema,
  in_reply_to_status_id_str: idString,
  reply_to: v.fallback(v.unknown(), null),
};

type RawPost = v.InferOutput<v.LooseObjectSchema<typeof postFields, undefined>>;

function toPost(raw: RawPost, embedded: { repostOf: Post | null; quoted: Post | null }): Post | null {
  if (!raw.post_id) return null;
  const links: LinkEntity[] = raw.entities.urls
    .filter((link) => link.url)
    .map((link) => ({
      url: link.url,
      expandedUrl: link.expanded_url,
      displayUrl: link.display_url || link.expanded_url || link.url,
    }));
  const permalink = permalinkOf(raw.post_id, raw.entities.media);
  const mentions: MentionEntity[] = raw.entities.user_mentions
    .filter((mention) => mention.screen_name)
    .map((mention) => ({ handle: mention.screen_name, name: mention.name }));
  return {
    id: raw.post_id,
    createdAt: raw.created_at,
    text: raw.text,
    lang: raw.lang,
    source: raw.source,
    counts: {
      replies: raw.replies,
      reposts: raw.reposts,
      quotes: raw.quotes,
      favorites: raw.favorites,
      bookmarks: raw.bookmarks,
      views: raw.views,
    },
    links,
    mentions,
    media: normaliseMedia(raw.media, raw.entities.media, raw.text),
    author: raw.author,
    replyToId: raw.in_reply_to_status_id_str ?? (typeof raw.reply_to === 'string' ? raw.reply_to : null),
    ...embedded,
    ...(permalink ? { permalink } : {}),
  };
}

const embeddedPostSchema = v.pipe(
  looseRecord(postFields),
  v.transform((raw) => toPost(raw, { repostOf: null, quoted: null })),
);
const optionalEmbedded = v.pipe(
  v.unknown(),
  v.transform((value): Post | null => {
    const result = v.safeParse(embeddedPostSchema, value);
    return result.success ? result.output : null;
  }),
);

export const postSchema = v.pipe(
  looseRecord({ ...postFields, reposted_post: optionalEmbedded, quoted: optionalEmbedded }),
  v.transform((raw) => toPost(raw, { repostOf: raw.reposted_post, quoted: raw.quoted })),
);
