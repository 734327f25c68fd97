/**
 * Rewrites generated data into the shapes observed-in-the-wild.md lists, so the
 * client is exercised on them in demo mode and in tests, not only in unit fixtures.
 */
export function driftPost(post: Record<string, unknown>, index: number): Record<string, unknown> {
  const drifted: Record<string, unknown> = { ...post, reply_to: null, author_followers_count: 1234 };
  switch (index % 6) {
    case 0:
      drifted.author = [];
      drifted.views = null;
      break;
    case 1:
      drifted.media = {};
      delete drifted.entities;
      drifted.views = '1,234,567';
      break;
    case 2:
      drifted.author = { rest_id: '1007', screen_name: 'wild', avatar: null, blue_verified: null };
      break;
    case 3:
      drifted.quoted = { post_id: '17', text: 'A truncated quote with no author and few fields...', author: {} };
      break;
    case 4:
      drifted.entities = {
        urls: [{ url: 'https://t.co/wild', expanded_url: 'https://example.net/wild', display_url: 'example.net/wild' }],
      };
      drifted.text = 'Link only in entities https://t.co/wild';
      delete drifted.bookmarks;
      break;
    default:
      drifted.media = [];
      drifted.unknown_future_field = { nested: [1, 2, 3] };
  }
  return drifted;
}

export function driftUser(user: Record<string, unknown>): Record<string, unknown> {
  return {
    ...user,
    affiliates: [],
    profile: null,
    business_account: null,
    website: 'https://example.net',
    verification_type: 'none',
  };
}

const XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
const JS_URL = 'javascript:window.__pwned=1';
const DATA_URL = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>';

/** Script payloads in every rendered string and hostile schemes in every URL field. */
export function hostilePost(post: Record<string, unknown>, index: number): Record<string, unknown> {
  const author = { ...(post.author as object), name: `${XSS}Mallory`, avatar: index % 2 ? JS_URL : DATA_URL };
  return {
    ...post,
    text: `${XSS} click https://t.co/evil and @grace #xss`,
    source: `<a href="${JS_URL}" onclick="window.__pwned=1">${XSS}Evil Client</a>`,
    author,
    entities: {
      hashtags: [],
      symbols: [],
      timestamps: [],
      urls: [{ url: 'https://t.co/evil', expanded_url: JS_URL, display_url: `${XSS}evil.example` }],
      user_mentions: [],
    },
    media: {
      photo: [{ media_url_https: index % 2 ? JS_URL : DATA_URL, id: `evil${index}`, sizes: { w: 600, h: 400 } }],
      video: [
        {
          media_url_https: JS_URL,
          id: `evilv${index}`,
          variants: [{ content_type: 'video/mp4', url: JS_URL, bitrate: 1 }],
        },
      ],
    },
    reposted: undefined,
    reposted_post: undefined,
    quoted: { post_id: '66', text: XSS, author: { name: XSS, screen_name: 'mallory', avatar: JS_URL } },
  };
}

export const HOSTILE_USER_FIELDS = {
  header_image: DATA_URL,
  avatar: JS_URL,
  affiliates: {
    label: {
      url: { url: JS_URL, urlType: 'DeepLink' },
      badge: { url: JS_URL },
      description: XSS,
      userLabelType: 'BusinessLabel',
    },
  },
};
