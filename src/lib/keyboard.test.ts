// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { GO_TO, slashTarget } from './keyboard';
import { isTypingTarget, shortcutBlocked } from './shortcut-blocked';
import { SHORTCUTS } from './shortcut-list';

function element(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

function keydown(target: HTMLElement, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('isTypingTarget', () => {
  it.each([
    '<input>',
    '<input type="search">',
    '<input type="number">',
    '<textarea></textarea>',
    '<select></select>',
    '<div contenteditable="true"></div>',
  ])('%s is typing', (html) => expect(isTypingTarget(element(html))).toBe(true));
  it.each([
    '<input type="checkbox">',
    '<input type="radio">',
    '<button></button>',
    '<a href="/">x</a>',
    '<article tabindex="-1"></article>',
  ])('%s is not', (html) => expect(isTypingTarget(element(html))).toBe(false));
  it('nothing focused is not typing', () => expect(isTypingTarget(null)).toBe(false));
});

describe('shortcutBlocked', () => {
  it('lets a plain key through, Shift included (? is Shift+/)', () => {
    const body = element('<div></div>');
    expect(shortcutBlocked(keydown(body, { key: 'j' }))).toBe(false);
    expect(shortcutBlocked(keydown(body, { key: '?', shiftKey: true }))).toBe(false);
  });
  it.each([{ ctrlKey: true }, { altKey: true }, { metaKey: true }])('stays quiet with %o', (modifier) => {
    expect(shortcutBlocked(keydown(element('<div></div>'), { key: 'g', ...modifier }))).toBe(true);
  });
  it('stays quiet while typing, and once another handler took the key', () => {
    expect(shortcutBlocked(keydown(element('<textarea></textarea>'), { key: 'g' }))).toBe(true);
    const event = keydown(element('<div></div>'), { key: 'g' });
    event.preventDefault();
    expect(shortcutBlocked(event)).toBe(true);
  });
  it('stays quiet under an open dialog', () => {
    const target = element('<div></div>');
    document.body.insertAdjacentHTML('beforeend', '<dialog open></dialog>');
    expect(shortcutBlocked(keydown(target, { key: 'g' }))).toBe(true);
  });
});

describe('slashTarget', () => {
  it('prefers the box that says it takes /, else the first search form of the page', () => {
    document.body.innerHTML =
      '<main><form role="search"><input id="handle"></form><form role="search"><input id="query"></form></main>';
    expect(slashTarget()?.id).toBe('handle');
    document.querySelector('#query')!.setAttribute('aria-keyshortcuts', '/');
    expect(slashTarget()?.id).toBe('query');
  });
  it('is nothing on a page without a box', () => {
    document.body.innerHTML = '<main><h1>Credits</h1></main>';
    expect(slashTarget()).toBeNull();
  });
});

it('the help lists every page g can go to', () => {
  for (const [key, page] of Object.entries(GO_TO)) {
    expect(SHORTCUTS).toContainEqual({ keys: ['g', key], does: `Go to ${page.name}` });
  }
});
