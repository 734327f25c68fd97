import { describe, expect, it } from 'vitest';
import { creditsText, plural } from './plural';

describe('plural', () => {
  it('says one of a thing in the singular, and every other count (0, decimals) in the plural', () => {
    expect(plural(1, 'post')).toBe('1 post');
    expect(plural(0, 'post')).toBe('0 posts');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    expect(creditsText('1')).toBe('1 credit');
    expect(creditsText('0.1')).toBe('0.1 credits');
    expect(creditsText('1.0')).toBe('1.0 credits');
    expect(creditsText(0)).toBe('0 credits');
  });
});
