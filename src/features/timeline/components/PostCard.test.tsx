// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ada, postFixture } from '../../../testing/post-fixture';
import { renderInRouter } from '../../../testing/render-in-router';
import { PostCard } from './PostCard';

// The price look-ups (the server's archive) find no server here: the price stays the listed one.
beforeEach(() => vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 }))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a card links like the platform', () => {
  it('its time is a link to the post’s free page, its author’s name a link to their timeline with the price', async () => {
    const post = postFixture();
    await renderInRouter(<PostCard post={post} pinned={false} owner="ada" />);
    const card = screen.getByTestId('post');
    const time = within(card).getByTestId('post-permalink');
    expect(time.tagName).toBe('A');
    expect(time.getAttribute('href')).toBe(`/timeline/ada/post/${post.id}`);
    expect(time.querySelector('time')?.getAttribute('datetime')).toBe(post.createdAt);

    const author = within(card).getByRole('link', { name: /Ada Lovelace/ });
    expect(author.getAttribute('href')).toBe('/timeline?screen_name=ada');
    // The price is said before any click: the link is described by it (shown on hover and focus).
    expect(author.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(author.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /Opens @ada’s timeline · (≈ .* credits|price not known yet|checking price…)/,
    );
  });

  it('a repost’s time opens the repost entry under the reposter’s handle, as the menu’s Open post does', async () => {
    const original = postFixture({ id: '1900000000000000002', author: { ...ada, handle: 'grace', name: 'Grace' } });
    const repost = postFixture({ id: '1900000000000000003', repostOf: original });
    await renderInRouter(<PostCard post={repost} pinned={false} owner="ada" />);
    expect(screen.getByTestId('post-permalink').getAttribute('href')).toBe('/timeline/ada/post/1900000000000000003');
  });

  it('Alt-click on the time opens the platform’s page when the answer gave its address, and stays put', async () => {
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    const post = postFixture({ permalink: 'https://x.com/ada/status/1900000000000000001' });
    const { router } = await renderInRouter(<PostCard post={post} pinned={false} owner="ada" />);
    fireEvent.click(screen.getByTestId('post-permalink'), { altKey: true });
    expect(opened).toEqual(['https://x.com/ada/status/1900000000000000001']);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('o and Enter open the highlighted post', () => {
  it('from a focused card, both open its page; Enter on a control inside the card does not', async () => {
    const { VirtualPostList } = await import('./VirtualPostList');
    const posts = [postFixture(), postFixture({ id: '1900000000000000009' })];
    const { router } = await renderInRouter(
      <VirtualPostList posts={posts} pinnedId={null} owner="ada" listKey="test" />,
    );
    const cards = await screen.findAllByTestId('post');
    cards[1]!.focus();
    fireEvent.keyDown(cards[1]!, { key: 'o' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeline/ada/post/1900000000000000009'));

    await router.navigate({ to: '/' });
    const again = await screen.findAllByTestId('post');
    within(again[0]!).getByRole('button', { name: 'Post actions' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/');
    again[0]!.focus();
    fireEvent.keyDown(again[0]!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeline/ada/post/1900000000000000001'));
  });
});
