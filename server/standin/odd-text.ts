/**
 * A handle with this in it (`ada__odd_text`) is answered with bytes a careless upstream lets through in every
 * post's text: NUL (which a PostgreSQL text column refuses), ESC, a lone surrogate and U+FFFE (which XML refuses).
 * Valid JSON all the same: JSON.stringify escapes each of them.
 */
export const ODD_TEXT = /(?:^|__)odd_text/;

export const ODD_BYTES = 'nul\u0000byte esc\u001b lone\ud800 nonchar\ufffe end ';

export function oddTextInPosts(posts: { text?: unknown }[]) {
  for (const post of posts) post.text = `${ODD_BYTES}${String(post.text ?? '')}`;
}
