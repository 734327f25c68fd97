/**
 * What a find may be narrowed to: each kind of archived item. A module of its own: the /find address schema, on
 * every page's first load, needs only this, not the find's answer shapes (./find.ts).
 */
export const FIND_KINDS = ['post', 'repost', 'quote', 'reply', 'result'] as const;
export type FindKind = (typeof FIND_KINDS)[number];
