import { describe, expect, it } from 'vitest';
import { shareEqualValues } from './share-equal-values';

describe('shareEqualValues', () => {
  it('keeps the value as it was, with equal objects and arrays made one instance', () => {
    const author = () => ({ id: '1', name: 'Ada', tags: ['a', 'b'] });
    const page = {
      posts: [
        { id: 'p1', author: author() },
        { id: 'p2', author: author() },
      ],
      cursor: null,
    };
    const shared = shareEqualValues(page);
    expect(shared).toEqual(page);
    expect(shared.posts[0]!.author).toBe(shared.posts[1]!.author);
    expect(shared.posts[0]).not.toBe(shared.posts[1]);
    // A copy: the value given is left alone.
    expect(page.posts[0]!.author).not.toBe(page.posts[1]!.author);
  });
});
