import { GO_TO } from './keyboard';

/** The help overlay's list, apart from the handlers (src/lib/keyboard.ts) every page loads: it loads with the overlay. */

export interface Shortcut {
  keys: readonly string[];
  does: string;
  where?: string;
}

/** Every shortcut, as the help overlay lists it; `keys` are pressed one after the other. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['/'], does: 'Focus the handle or search box' },
  { keys: ['?'], does: 'Show these shortcuts' },
  ...Object.entries(GO_TO).map(([key, page]) => ({ keys: ['g', key], does: `Go to ${page.name}` })),
  { keys: ['j'], does: 'Next post', where: 'Timeline' },
  { keys: ['k'], does: 'Previous post', where: 'Timeline' },
  { keys: ['o'], does: 'Open the highlighted post (free)', where: 'Timeline' },
  { keys: ['Enter'], does: 'Open the highlighted post (free)', where: 'Timeline' },
  { keys: ['←'], does: 'Previous photo', where: 'Photo viewer' },
  { keys: ['→'], does: 'Next photo', where: 'Photo viewer' },
  { keys: ['Esc'], does: 'Close a dialog, a menu or this list' },
];
