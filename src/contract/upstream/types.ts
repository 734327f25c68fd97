/**
 * Where the answer a page shows came from, carried by the page itself and read by the UI:
 * - `paid-now`: bought by this document (a paid call just now);
 * - `server-rendered`: bought by the server for this document's first screen (paid for this page load);
 * - `archive`: served free from the server's archive of pages bought before, by any browser;
 * - `this-browser`: kept by this browser from an earlier visit (restored from the persisted cache), free now.
 * The query function sets the first three; a page restored from IndexedDB is relabelled `this-browser`.
 */
export type PageOrigin = 'paid-now' | 'server-rendered' | 'archive' | 'this-browser';

/** The shapes the UI renders: already normalised, every URL safe, every count a number or null. */
export interface Author {
  id: string | null;
  name: string;
  handle: string;
  avatarUrl: string | null;
  verified: boolean;
}

export interface Photo {
  kind: 'photo';
  id: string;
  url: string;
  width: number;
  height: number;
  /** CSS object-position from `focus_rects`, e.g. "55% 10%". */
  focus: string | null;
  alt: string;
}

export interface Video {
  kind: 'video';
  id: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  durationMs: number | null;
  /** Highest-bitrate MP4, or null when no variant is a safe URL. */
  playUrl: string | null;
}

export interface LinkEntity {
  url: string;
  expandedUrl: string | null;
  displayUrl: string;
}
export interface MentionEntity {
  handle: string;
  name: string;
}

export interface Post {
  id: string;
  createdAt: string | null;
  text: string;
  lang: string | null;
  /** Posting client as plain text, tags removed. */
  source: string | null;
  counts: {
    replies: number | null;
    reposts: number | null;
    quotes: number | null;
    favorites: number | null;
    bookmarks: number | null;
    views: number | null;
  };
  links: LinkEntity[];
  mentions: MentionEntity[];
  media: (Photo | Video)[];
  author: Author | null;
  replyToId: string | null;
  repostOf: Post | null;
  quoted: Post | null;
  /**
   * This post's public address on the platform, when the answer itself gives one (a media entity's
   * `expanded_url` that names the post's id). Absent on pages cached before it was read.
   */
  permalink?: string;
}

export interface Profile {
  id: string | null;
  handle: string | null;
  name: string;
  status: string | null;
  verified: boolean;
  protected: boolean;
  avatarUrl: string | null;
  bannerUrl: string | null;
  bio: string;
  location: string;
  website: string | null;
  createdAt: string | null;
  counts: { following: number | null; followers: number | null; posts: number | null; media: number | null };
  affiliate: { description: string; url: string | null; badgeUrl: string | null } | null;
  pinnedIds: string[];
}

export interface TimelinePage {
  posts: Post[];
  pinned: Post | null;
  nextCursor: string | null;
  prevCursor: string | null;
  status: string | null;
  user: Profile | null;
  credits: string;
  callId: string | null;
  /** When this page was bought (by the server's clock when it says). */
  boughtAt: number;
  /** Where this answer came from: paid now, rendered by the server, the server's archive, or this browser's copy. */
  origin: PageOrigin;
}

export interface SearchResult {
  title: string;
  url: string;
  href: string | null;
}

export interface SearchPage {
  results: SearchResult[];
  credits: string;
  callId: string | null;
  boughtAt: number;
  origin: PageOrigin;
  /** The answer exactly as bought, for "Export raw pages". Absent on pages cached before it was kept. */
  raw?: unknown;
}
