import * as v from 'valibot';
import { parseUpstreamDate } from './values.ts';
import type { Profile } from './types';
import { count } from './count.ts';
import { flag, httpUrl, idString, lenientArray, looseRecord, optionalText, text } from './lenient.ts';

const affiliatesSchema = looseRecord({
  label: looseRecord({
    url: looseRecord({ url: httpUrl }),
    badge: looseRecord({ url: httpUrl }),
    description: text,
  }),
});

export const profileSchema = v.pipe(
  looseRecord({
    id: idString,
    rest_id: idString,
    status: optionalText,
    profile: optionalText,
    name: text,
    blue_verified: flag,
    protected: flag,
    avatar: httpUrl,
    header_image: httpUrl,
    desc: text,
    location: text,
    website: httpUrl,
    friends: count,
    sub_count: count,
    statuses_count: count,
    media_count: count,
    created_at: v.fallback(v.pipe(v.unknown(), v.transform(parseUpstreamDate)), null),
    affiliates: affiliatesSchema,
    pinned_post_ids_str: lenientArray(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  }),
  v.transform((raw): Profile => {
    const label = raw.affiliates.label;
    return {
      id: raw.rest_id ?? raw.id,
      handle: raw.profile,
      name: raw.name,
      status: raw.status,
      verified: raw.blue_verified,
      protected: raw.protected,
      avatarUrl: raw.avatar,
      bannerUrl: raw.header_image,
      bio: raw.desc,
      location: raw.location,
      website: raw.website,
      createdAt: raw.created_at,
      counts: { following: raw.friends, followers: raw.sub_count, posts: raw.statuses_count, media: raw.media_count },
      affiliate:
        label.description || label.badge.url
          ? { description: label.description, url: label.url.url, badgeUrl: label.badge.url }
          : null,
      pinnedIds: raw.pinned_post_ids_str,
    };
  }),
);
