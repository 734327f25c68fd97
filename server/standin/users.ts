/** The stand-in's cast: each user exercises one state the dashboard must handle. */
export interface StandinUser {
  restId: string;
  handle: string;
  name: string;
  bio: string;
  location: string;
  verified: boolean | null;
  protected: boolean | null;
  status: 'active' | 'suspended';
  postCount: number;
  /** Posts published "after" the first page was cut, so Check for new posts has something to fetch. */
  newerPosts: number;
  affiliate?: { description: string; url: string };
  /** Deliberately drifted shapes from observed-in-the-wild.md. */
  wild?: boolean;
  /** Script and javascript: payloads in every field the UI renders. */
  hostile?: boolean;
  followers: number;
  following: number;
  joined: string;
}

export const USERS: StandinUser[] = [
  {
    restId: '1001',
    handle: 'ada',
    name: 'Ada Lovelace',
    verified: true,
    protected: false,
    status: 'active',
    bio: 'Analytical engines, poetical science. Notes at https://example.org/notes — ask @grace about #compilers',
    location: 'London',
    postCount: 540,
    newerPosts: 3,
    followers: 816_123,
    following: 312,
    joined: '2009-03-21T20:50:14Z',
    affiliate: { description: 'Engine Society', url: 'https://example.org/engine-society' },
  },
  {
    restId: '1002',
    handle: 'grace',
    name: 'Grace Hopper',
    verified: true,
    protected: false,
    status: 'active',
    bio: 'It is easier to ask forgiveness than permission. #cobol',
    location: 'Arlington, VA',
    postCount: 47,
    newerPosts: 0,
    followers: 1_204_331,
    following: 88,
    joined: '2010-07-02T12:00:00Z',
  },
  {
    restId: '1003',
    handle: 'linus',
    name: 'Linus Private',
    verified: false,
    protected: true,
    status: 'active',
    bio: 'Posts are protected.',
    location: 'Helsinki',
    postCount: 0,
    newerPosts: 0,
    followers: 512,
    following: 40,
    joined: '2012-01-15T08:30:00Z',
  },
  {
    restId: '1004',
    handle: 'quiet',
    name: 'Quiet Account',
    verified: false,
    protected: false,
    status: 'active',
    bio: '',
    location: '',
    postCount: 0,
    newerPosts: 0,
    followers: 3,
    following: 0,
    joined: '2021-11-30T23:59:59Z',
  },
  {
    restId: '1005',
    handle: 'banned',
    name: 'Suspended Account',
    verified: false,
    protected: false,
    status: 'suspended',
    bio: '',
    location: '',
    postCount: 0,
    newerPosts: 0,
    followers: 0,
    following: 0,
    joined: '2015-05-05T05:05:05Z',
  },
  {
    restId: '1006',
    handle: 'newsdesk',
    name: 'The Newsdesk',
    verified: true,
    protected: false,
    status: 'active',
    bio: 'Breaking news and analysis. Tips: https://example.com/tips',
    location: 'Worldwide',
    postCount: 64,
    newerPosts: 2,
    followers: 45_900_000,
    following: 1_020,
    joined: '2008-02-29T10:10:10Z',
    affiliate: { description: 'News Org', url: 'https://example.com/' },
  },
  {
    restId: '1007',
    handle: 'wild',
    name: 'Wild Shapes',
    verified: null,
    protected: null,
    status: 'active',
    bio: 'Every shape the real service sends.',
    location: 'Nowhere',
    postCount: 30,
    newerPosts: 0,
    wild: true,
    followers: 1_234_567,
    following: 7,
    joined: '2019-08-08T08:08:08Z',
  },
  {
    restId: '1008',
    handle: 'hostile',
    name: '<img src=x onerror="window.__pwned=1">Mallory',
    verified: false,
    protected: false,
    status: 'active',
    hostile: true,
    bio: '<script>window.__pwned=1</script> javascript:alert(1) @grace #xss',
    location: '<b onmouseover="window.__pwned=1">here</b>',
    postCount: 12,
    newerPosts: 0,
    followers: 66,
    following: 6,
    joined: '2020-02-02T02:02:02Z',
  },
  {
    restId: '1009',
    handle: 'archive',
    name: 'The Long Archive',
    verified: false,
    protected: false,
    status: 'active',
    bio: 'Eleven hundred posts, for scrolling a long way.',
    location: 'Stacks',
    postCount: 1_100,
    newerPosts: 0,
    followers: 9_876,
    following: 54,
    joined: '2007-01-01T00:00:00Z',
  },
];

/** `name__tag` resolves to `name`: tests use private aliases so their upstream call counts stay separate. */
export function findUser(query: { screenName?: string; restId?: string }): StandinUser | undefined {
  if (query.restId) {
    const restId = query.restId.split('__')[0];
    return USERS.find((user) => user.restId === restId);
  }
  const handle = query.screenName?.split('__')[0]?.toLowerCase();
  return USERS.find((user) => user.handle === handle);
}
