/**
 * A server-rendered page asks for the app only once its first paint is on screen, so the posts never wait on
 * the script's download or parse (clicks meanwhile are held: src/lib/held-clicks.ts). Two frames, as a frame
 * reaches the screen some time after the main thread painted it: of 9 cold loads (bench/first-post.ts, same
 * hour) the first post was on screen before the entry script had loaded in 0-2 with the script in the head,
 * 4 after one frame, 5 after two. A tab opened hidden paints nothing, so it loads the app at once; the timer
 * only covers frames that never come.
 */
export function loadAfterFirstPaint(entryHref: string): string {
  return `(() => {
  let asked = false;
  const ask = () => { if (!asked) { asked = true; import(${JSON.stringify(entryHref)}); } };
  if (document.visibilityState === 'hidden') ask();
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ask, 0)));
  setTimeout(ask, 1000);
})();`;
}
