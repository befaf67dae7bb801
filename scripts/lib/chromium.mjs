// Debian's Chromium through playwright-core, with the flags this machine's closed network needs.
import { chromium } from 'playwright-core';
import { chromiumTrust } from './localCertificate.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium's flags here: the closed network's, and trust in the platform's localhost certificate if this process serves it over HTTPS. */
export function chromiumArgs() {
  return [...CHROMIUM_ARGS, ...chromiumTrust()];
}

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.STEWARD_CHROMIUM ?? '/usr/bin/chromium', args: chromiumArgs() });
}

/** Signs in through the auth API and stores the session where supabase-js looks for it. */
export async function signInPage(page, { apiUrl, anonKey, baseURL, email, password }) {
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${email} failed: HTTP ${response.status}`);
  const session = await response.json();
  // supabase-js names the key after the API's host as the app sees it (the registry may give a path on
  // the shell's origin).
  const registryUrl = new URL('/runtime-config.json', baseURL).toString();
  const registry = await page.goto(registryUrl);
  if (!registry?.ok()) throw new Error(`${registryUrl} answered ${registry?.status()}`);
  const { supabaseUrl } = await registry.json();
  const storageKey = `sb-${new URL(supabaseUrl, registryUrl).hostname.split('.')[0]}-auth-token`;
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKey, JSON.stringify(session)]);
}

/**
 * Opens the signed-in dashboard and waits for what it loads after its first view — supabase-js at the
 * first idle moment after it is shown, and the widgets of other areas as they come into view — so
 * that bytes and times measured from here belong to the next screen alone. (Network idle alone is not
 * enough: supabase-js waits half a second after the view is shown, as long as network idle does.)
 * @param {import('playwright-core').Page} page
 * @param {string} baseURL
 */
export async function openSettledDashboard(page, baseURL) {
  await page.goto(`${baseURL}/dashboard`, { waitUntil: 'networkidle' });
  await page.waitForFunction(
    () =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/lib-supabase.')) &&
      [...document.querySelectorAll('[data-dashboard-widget]')].every((slot) => slot.hasAttribute('data-loaded')),
  );
  await page.waitForLoadState('networkidle');
}

/**
 * Counts encoded bytes (as served: Brotli from the build's copies, else gzip) of every JavaScript
 * response of a page: `total()` all of them, `from(origin)` those served by one origin (a remote's own
 * code, as opposed to the shell's shared libraries it made the page load for the first time).
 */
export function trackJsBytes(page) {
  const state = { bytes: 0, byOrigin: new Map(), pending: [] };
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const origin = new URL(request.url()).origin;
    state.pending.push(
      request.sizes().then((sizes) => {
        state.bytes += sizes.responseBodySize;
        state.byOrigin.set(origin, (state.byOrigin.get(origin) ?? 0) + sizes.responseBodySize);
      }),
    );
  });
  return {
    async total() {
      await Promise.all(state.pending);
      return state.bytes;
    },
    /** @param {string} origin */
    async from(origin) {
      await Promise.all(state.pending);
      return state.byOrigin.get(origin) ?? 0;
    },
  };
}

/**
 * Page-side timing, to be installed with `page.addInitScript(installVisibilityClock, selector)` (or
 * `[selector, thenSelector]`): records in `window.__stewardVisibleAt` the performance.now() of the first
 * frame in which `selector` has a box, in `window.__stewardThenAt` the same for `thenSelector` (e.g. the
 * area's first data row after the area itself), and in `window.__stewardPointerDownAt` the last
 * pointerdown. Timing inside the page avoids Playwright's polling intervals.
 */
export function installVisibilityClock(selectors) {
  const [selector, thenSelector] = Array.isArray(selectors) ? selectors : [selectors];
  window.__stewardVisibleAt = null;
  window.__stewardThenAt = null;
  window.__stewardPointerDownAt = null;
  addEventListener('pointerdown', () => (window.__stewardPointerDownAt = performance.now()), { capture: true });
  const hasBox = (css) => {
    const element = document.querySelector(css);
    return element !== null && element.getBoundingClientRect().height > 0;
  };
  const check = () => {
    if (window.__stewardVisibleAt === null && hasBox(selector)) window.__stewardVisibleAt = performance.now();
    if (thenSelector && window.__stewardThenAt === null && hasBox(thenSelector)) window.__stewardThenAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

/** Clears the clock before a new measurement on the same page. */
export function resetVisibilityClock() {
  window.__stewardVisibleAt = null;
  window.__stewardThenAt = null;
}
