import { preloadAreaFor } from './preloadArea';

type DataIntent = (url: URL) => void;
let dataIntent: DataIntent | null = null;

/** While someone is signed in, intent also starts the link's data (useIntentPrefetch sets it). */
export function setDataIntent(start: DataIntent | null): void {
  dataIntent = start;
}

/**
 * Starts loading a remote when the pointer or keyboard focus reaches a link into it (menu items,
 * stat cards, any in-app link), so by the click its code is usually already here — and, signed in, the
 * data the link's screen reads first (its area's prefetch, into the query cache). One listener for the
 * whole document; a remote is fetched once however often its links are touched.
 */
export function preloadOnIntent(root: Document = document): void {
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!link) return;
    const url = new URL((link as HTMLAnchorElement).href, window.location.href);
    if (url.origin !== window.location.origin) return;
    preloadAreaFor(url.pathname);
    dataIntent?.(url);
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
}
