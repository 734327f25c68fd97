import { photos, video } from './media.ts';
import { formatUpstreamDate, hashString, seededRandom, type Random } from './random.ts';
import { USERS, type StandinUser } from './users.ts';

export interface PostContext {
  mediaBase: string;
  /** Newest post time; posts step back from here so relative times look alive in demo mode. */
  now: Date;
}

const WORDS =
  'engine loom number card punch program variable loop memory proof theorem bridge signal garden river lantern orbit compass harbour meadow'.split(
    ' ',
  );
const HASHTAGS = ['compilers', 'history', 'math', 'design', 'opendata'];
const CLIENTS = ['Web App', 'Android', 'iPhone', 'TweetDeck'];

export function postId(user: StandinUser, index: number): string {
  return (1_800_000_000_000_000_000n + BigInt(user.restId) * 1_000_000n + BigInt(user.postCount - index)).toString();
}

export function author(user: StandinUser, mediaBase: string) {
  return {
    rest_id: user.restId,
    name: user.name,
    screen_name: user.handle,
    avatar: user.hostile ? 'javascript:window.__pwned=1' : `${mediaBase}/media/avatar-${user.handle}.svg?w=200&h=200`,
    blue_verified: user.verified,
  };
}

function sentence(random: Random, words: number) {
  return Array.from({ length: words }, () => random.pick(WORDS)).join(' ');
}

function textWithEntities(random: Random, id: string) {
  const short = `https://t.co/${id.slice(-7)}`;
  const hashtag = random.pick(HASHTAGS);
  return {
    text: `Reading ${sentence(random, 6)} with @grace — more at ${short} #${hashtag}`,
    entities: {
      hashtags: [{ text: hashtag }],
      symbols: [],
      timestamps: [],
      urls: [
        {
          url: short,
          expanded_url: `https://example.org/articles/${id}/${hashtag}-notes`,
          display_url: `example.org/articles/${id.slice(-4)}…`,
        },
      ],
      user_mentions: [{ id_str: '1002', name: 'Grace Hopper', screen_name: 'grace' }],
    },
  };
}

const EMPTY_ENTITIES = { hashtags: [], symbols: [], timestamps: [], urls: [], user_mentions: [] };

function basePost(user: StandinUser, index: number, context: PostContext, random: Random) {
  const id = postId(user, index);
  const hoursBack = index * 3 + random.next() * 2;
  const views = random.int(200, 3_000_000);
  return {
    post_id: id,
    created_at: formatUpstreamDate(new Date(context.now.getTime() - hoursBack * 3_600_000)),
    text: `${sentence(random, 8)}.`,
    lang: 'en',
    source: `<a href="https://example.org/client" rel="nofollow">${random.pick(CLIENTS)}</a>`,
    views: index % 3 === 0 ? views.toLocaleString('en-US') : String(views),
    bookmarks: random.int(0, 500),
    favorites: random.int(0, 90_000),
    quotes: random.int(0, 300),
    replies: random.int(0, 4_000),
    reposts: random.int(0, 20_000),
    conversation_id: id,
    entities: EMPTY_ENTITIES as object,
    media: [] as unknown,
    author: author(user, context.mediaBase) as unknown,
  } as Record<string, unknown>;
}

/** Post `index` (0 = newest) of a user. The variant cycles so every page shows every kind of post. */
export function generatePost(user: StandinUser, index: number, context: PostContext): Record<string, unknown> {
  const random = seededRandom(hashString(`${user.handle}:${index}`));
  const post = basePost(user, index, context, random);
  const id = post.post_id as string;
  const withPhotos = (count: number) => {
    const set = photos(context.mediaBase, random, id, count);
    post.media = { photo: set.map((entry) => entry.item) };
    post.entities = { ...EMPTY_ENTITIES, media: set.map((entry) => entry.entity) };
  };
  switch (index % 10) {
    case 0:
      Object.assign(post, textWithEntities(random, id));
      break;
    case 1:
      withPhotos(1);
      post.text = `One picture of the ${random.pick(WORDS)}.`;
      break;
    case 2:
      return repost(user, index, context, random, post);
    case 3:
      withPhotos(3);
      post.text = 'Three views, one tall.';
      break;
    case 4:
      post.quoted = quoted(context, random);
      post.text = `Worth reading:\n${sentence(random, 5)}`;
      break;
    case 5:
      withPhotos(4);
      post.text = 'Four in a grid.';
      break;
    case 6:
      post.media = { video: [video(context.mediaBase, id)] };
      post.text = 'A short video.';
      break;
    case 7:
      post.text = `@grace ${sentence(random, 7)}`;
      post.in_reply_to_status_id_str = postId(USERS[1]!, 1);
      post.entities = {
        ...EMPTY_ENTITIES,
        user_mentions: [{ id_str: '1002', name: 'Grace Hopper', screen_name: 'grace' }],
      };
      break;
    case 8:
      withPhotos(6);
      post.text = 'Six photos from the archive.';
      break;
    default:
      post.text = `First line: ${sentence(random, 4)}\nSecond line: ${sentence(random, 4)}\n\nAfter a blank line.`;
  }
  if (index % 20 === 9) post.lang = 'fr';
  return post;
}

function repost(
  user: StandinUser,
  index: number,
  context: PostContext,
  random: Random,
  shell: Record<string, unknown>,
) {
  const original = USERS[user.handle === 'grace' ? 0 : 1]!;
  const inner = generatePost(original, 5, context);
  delete inner.source;
  inner.post_id = postId(original, 1000 + index);
  inner.text = `Reposted thought on ${sentence(random, 5)}.`;
  return {
    ...shell,
    text: `RT @${original.handle}: ${inner.text as string}`,
    reposted: { id: inner.post_id },
    reposted_post: inner,
  };
}

function quoted(context: PostContext, random: Random) {
  const source = USERS[5]!;
  return {
    post_id: postId(source, 2000 + random.int(0, 99)),
    created_at: formatUpstreamDate(new Date(context.now.getTime() - 86_400_000 * 2)),
    text: `Quoted headline: ${sentence(random, 12)}…`,
    lang: 'en',
    author: author(source, context.mediaBase),
    favorites: random.int(0, 900),
  };
}
