import { useSyncExternalStore } from 'react';

/**
 * The one phone-width breakpoint: below this width a list shows each row as a card, the sidebar is a
 * drawer and the calendar shows one day as a list. (Stylesheets say the same as `max-width: 767px`.)
 */
export const NARROW_SCREEN_PX = 768;

// The viewport's width as media queries read it (scrollbar included); .02 below the breakpoint so a
// fractional width (page zoom) just under 768 still counts as narrow.
const NARROW = `(max-width: ${NARROW_SCREEN_PX - 0.02}px)`;

// Every resize re-reads the query (React redraws only when the answer changes). Not the query's own
// 'change' event: happy-dom, which the unit tests run in, misses its first change from matching.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const narrow = (): boolean => window.matchMedia(NARROW).matches;

/** True while the window is narrower than NARROW_SCREEN_PX (a phone), following changes. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, narrow, () => false);
}
