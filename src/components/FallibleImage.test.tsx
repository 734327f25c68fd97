// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Photo } from '../contract/upstream/types';
import { Avatar } from '../features/timeline/components/Avatar';
import Lightbox from '../features/timeline/components/Lightbox';
import { PhotoGrid } from '../features/timeline/components/PhotoGrid';

/**
 * happy-dom loads no image and calls every one `complete` with no pixels, which a browser says only of a failed
 * one: here images are still loading unless a test says otherwise.
 */
let complete = false;
beforeEach(() => {
  complete = false;
  Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => complete });
});
afterEach(cleanup);

const photo = (id: string): Photo => ({
  kind: 'photo',
  id,
  url: `https://media.example/${id}.jpg`,
  width: 600,
  height: 400,
  focus: null,
  alt: `A long description of photo ${id} that would spill out of its box`,
});

describe('an image that fails becomes a neutral tile', () => {
  it('a photo: the tile says so and offers the original, no <img> and no alt text left in the grid', () => {
    render(<PhotoGrid photos={[photo('p1'), photo('p2')]} />);
    fireEvent.error(screen.getAllByTestId('photo-tile')[0]!.querySelector('img')!);
    // The failed tile is no longer a button to enlarge nothing: a new element stands in its place.
    const [first, second] = screen.getAllByTestId('photo-tile');
    expect(first!.dataset.failed).toBe('true');
    expect(first!.querySelector('img')).toBeNull();
    expect(within(first!).getByTestId('image-unavailable').textContent).toContain('Photo unavailable');
    expect(within(first!).getByRole('link', { name: 'Open original' }).getAttribute('href')).toBe(
      'https://media.example/p1.jpg',
    );
    expect(first!.textContent).not.toContain('spill out');
    // The other photo is untouched.
    expect(second!.querySelector('img')).not.toBeNull();
  });

  it('an avatar: its initial, in the same round box', () => {
    render(<Avatar url="https://media.example/avatar.jpg" name="Ada Lovelace" />);
    fireEvent.error(document.querySelector('img')!);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-initial').textContent).toBe('A');
  });

  it('an image that failed before React listened (a server-rendered page) is found as it mounts', () => {
    complete = true;
    render(<Avatar url="https://media.example/avatar.jpg" name="Grace" />);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-initial').textContent).toBe('G');
  });
});

describe('the lightbox', () => {
  it('offers the photo’s original and shows a tile, not a broken icon, when the photo fails', () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    render(<Lightbox photos={[photo('p1')]} start={0} onClose={() => {}} />);
    expect(screen.getByTestId('lightbox-original').getAttribute('href')).toBe('https://media.example/p1.jpg');
    fireEvent.error(screen.getByTestId('lightbox-image'));
    expect(screen.queryByTestId('lightbox-image')).toBeNull();
    expect(screen.getByTestId('image-unavailable').textContent).toContain('Photo unavailable');
  });
});
