import { HELD } from './held-clicks';
import { HELD_SHORTCUT_KEYS, SLASH_TARGETS } from './keyboard';

// A module of its own, imported only by the server's entry (src/entry-server.tsx): the browser's bundle runs the
// other half (markHydrated in held-clicks.ts) and never needs this text.

/**
 * Kept as source text: it runs before any module, from the page's own HTML. A key is held only where the app
 * would take it as a shortcut (src/lib/shortcut-blocked.ts shortcutBlocked: not typed into a box, no Ctrl/Alt/Meta),
 * and Enter only where it does nothing natively (not on a link or a control). "/" is not held: it focuses its
 * box at once (src/lib/keyboard.ts slashTarget), so what is typed next lands in the box as it is typed;
 * markHydrated hands that text to React. Without such a box it is held, and the keys after it are the
 * person's text, so nothing more is held. A click on a priced control keeps the price it showed (its
 * `data-price` kind and words), so the replay can tell whether that offer still stands. It holds until the app
 * takes its list (`window[HELD]`, takeHeldInput in held-clicks.ts), and a held event goes no further: React listens
 * from the moment it starts, before it has hydrated the page, and must not act on a click the replay will make
 * again. Written compactly: every server-rendered page carries it.
 */
export const HOLD_CLICKS_SCRIPT = `(() => {
const held = window.${HELD} = [], keys = new Set(${JSON.stringify(HELD_SHORTCUT_KEYS)});
const notText = new Set(['button','checkbox','color','file','image','radio','range','reset','submit']);
const holding = () => window.${HELD} === held;
let slashHeld = false;
document.addEventListener('click', (e) => {
if (!e.isTrusted || !holding()) return;
const control = e.target instanceof Element && e.target.closest('button,input[type=checkbox],input[type=radio]');
if (!control) return;
e.preventDefault();
e.stopPropagation();
const price = control.querySelector('[data-price]');
held.push({ click: control, price: price && price.dataset.price + ' ' + price.textContent });
}, true);
document.addEventListener('keydown', (e) => {
if (!e.isTrusted || !holding() || slashHeld || !keys.has(e.key) || e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return;
const t = e.target;
if (t instanceof HTMLElement && (t.isContentEditable || /^(TEXTAREA|SELECT)$/.test(t.tagName) || (t instanceof HTMLInputElement && !notText.has(t.type)) || (e.key === 'Enter' && t.closest('a,button,input,select,textarea,summary')))) return;
e.preventDefault();
e.stopPropagation();
slashHeld = e.key === '/';
const box = slashHeld && ${JSON.stringify(SLASH_TARGETS)}.map((s) => document.querySelector(s)).find(Boolean);
if (box) return box.focus(), box.select();
held.push({ key: e.key, code: e.code, shiftKey: e.shiftKey, target: t });
}, true);
})();`;
