/** The free post view's address: built from what a card already holds, so it opens without buying. */
export function postPath(handle: string, id: string): string {
  return `/timeline/${encodeURIComponent(handle)}/post/${encodeURIComponent(id)}`;
}

export function postUrl(handle: string, id: string): string {
  // A server render has no location; the link is only copied (or shown) after a click, in the browser.
  return `${typeof window === 'undefined' ? '' : window.location.origin}${postPath(handle, id)}`;
}
