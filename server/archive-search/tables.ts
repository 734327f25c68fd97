import type { Generated, Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export type ArchivePostKind = 'post' | 'repost' | 'quote' | 'reply' | 'result';

/** One post or search result of an archived page, as the UI reads it (migration 2026-11-23-004). */
export interface ArchivePostTable {
  id: Generated<number>;
  page_key: string;
  purchase_id: string;
  bought_at: string;
  operation: string;
  /** The timeline's handle or the search's query, as the archive row has it. */
  subject: string;
  /** Where in the page's list it stands: how its card is found again in the archived answer. */
  position: number;
  kind: ArchivePostKind;
  post_id: string | null;
  /** Lower-case handle of whoever put it in the timeline (the reposter for a repost); null for results. */
  author: string | null;
  /** Lower-case handle of the post a card shows (a repost's original), else the same as author. */
  shown_author: string | null;
  /** The post's time, else (unreadable, or a search result) when it was bought. */
  created_at: string;
  /** What the snippet is cut from: the shown post's text, or a result's title. */
  text: string;
  /** Also searched, never shown: a quoted post's text, names and handles, link addresses. */
  extra: string;
  /** Space-separated, lower case: what the statistics count. */
  hashtags: string;
  mentions: string;
  domains: string;
  has_media: number;
}

export type ArchiveSearchTables = {
  archive_posts: ArchivePostTable;
  archive_indexed: { page_key: string; purchase_id: string };
  /** Each post's or result's own upstream JSON, what its card is drawn from (none if indexed before 2026-11-27). */
  archive_post_items: { id: number; item: string };
};

export type SearchDb = Kysely<Database & ArchiveSearchTables>;

export const withSearchTables = (kysely: Kysely<Database>): SearchDb => kysely.withTables<ArchiveSearchTables>();
