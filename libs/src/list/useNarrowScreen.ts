import { useSyncExternalStore } from 'react';

/** Below this width a list shows each row as a card instead of a table row. */
export const CARD_BREAKPOINT_PX = 768;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// The viewport's width as media queries read it (scrollbar included).
const narrow = (): boolean => window.innerWidth < CARD_BREAKPOINT_PX;

/** True while the window is narrower than a table of several columns can show (768 px). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, narrow, () => false);
}
