/** What counts as a person's first move on a page: a pointer move or press, a touch, a key or a scroll. */
export const FIRST_MOVES = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'scroll'] as const;

/**
 * Runs `start` once, at the first pointer move, touch, key or scroll on the page; returns the undo.
 * For code a screen will want soon but not for its first rows: fetched once the person is there, it
 * neither delays those rows nor holds the main thread while they draw.
 */
export function onFirstMove(start: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => FIRST_MOVES.forEach((type) => window.removeEventListener(type, run, options));
  function run() {
    stop();
    start();
  }
  FIRST_MOVES.forEach((type) => window.addEventListener(type, run, options));
  return stop;
}
