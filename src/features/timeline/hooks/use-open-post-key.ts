import { useEffect, type RefObject } from 'react';
import { shortcutBlocked } from '../../../lib/shortcut-blocked';

/**
 * `o` or Enter opens the post j/k highlighted (its card has focus), through the card's own permalink, so the
 * key does what a click on the time does: the post's free page. Enter on a control inside the card stays
 * that control's; `o` anywhere in a card opens that card's post.
 */
export function useOpenPostKey(listRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (shortcutBlocked(event) || event.shiftKey || (event.key !== 'o' && event.key !== 'Enter')) return;
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || !listRef.current?.contains(focused)) return;
      const card = focused.closest<HTMLElement>('article[data-testid="post"]');
      if (!card || (event.key === 'Enter' && focused !== card)) return;
      // The card's own time, not a quoted post's.
      const permalink = [...card.querySelectorAll<HTMLAnchorElement>('a[data-testid="post-permalink"]')].find(
        (link) => !link.closest('[data-testid="quoted-post"]'),
      );
      if (!permalink) return;
      event.preventDefault();
      permalink.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listRef]);
}
