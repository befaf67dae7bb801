// A returning staff member's first view, started by index.html itself. The shell's build inlines
// `startFirstView` (build/rsbuildApp.mjs), so it runs while the page is still being parsed, before any
// of the app's code has arrived; firstView.ts is the app's side of it. Plain JavaScript with no imports,
// because it is turned into the page's source (minified, build/rsbuildApp.mjs inlineScript).

/** Where the app keeps the record of this browser's last first view (see firstView.ts). */
export const FIRST_VIEW_KEY = 'steward:first-view';

/** The record's shape version: a record of another version is ignored. */
export const FIRST_VIEW_VERSION = 1;

/**
 * supabase-js refreshes an access token that has less than 90 s left before using it; a token that
 * close to expiry would not be the one the app's own requests carry, so it is not used early.
 */
export const EARLY_TOKEN_MARGIN_MS = 120_000;

/**
 * @typedef {{ method: 'GET' | 'HEAD', url: string, headers: Record<string, string> }} RecordedRequest
 * @typedef {{ version: number, build: string, path: string, userId: string, day: string, scripts: string[], styles: string[], requests: RecordedRequest[] }} FirstViewRecord
 * @typedef {{ method: string, url: string, headers: Record<string, string>, response: Promise<Response> }} EarlyRequest
 * @typedef {{ build: string, storedSession: boolean, freshSession: boolean, today: string, requests: EarlyRequest[] }} FirstViewStart
 */

/**
 * Runs in index.html. Says whether this browser holds a Supabase session and, when it does and the
 * record of its last first view was made on this path: asks for that view's code (preload) if this
 * build made the record, and if the record is the same person's and the stored token is still good,
 * sends that view's reads at once with it. The app adopts each answer when it makes the same request (firstView.ts), so a
 * returning staff member's figures travel while the code downloads instead of after it. Fresh reads,
 * never stored answers: what is shown is what the database says now.
 *
 * A read whose URL names a calendar date is sent only on the day its record was made (`today`, the
 * browser's local day, is also what the app writes into the next record): such a read is a window that
 * starts today (the reservation timeline's), and on another day the app asks for another window, so
 * the one sent ahead would only take bandwidth from the reads the view does need.
 *
 * A fresh session (a token with more than `marginMs` left) loads its first view without supabase-js
 * (libs/boot getDatabase), which the app fetches once that view is shown: its code (`authCode`) is
 * then not preloaded, even where a record names it. A session left to supabase-js to refresh needs it
 * first, so it is preloaded then.
 *
 * @param {{ build: string, key: string, version: number, marginMs: number, signedInCode?: { scripts: string[], styles: string[] }, authCode?: { scripts: string[], styles: string[] } }} options
 *   signedInCode: this build's own code that every signed-in view runs first (the shell's signed-in
 *   chunks), preloaded for a stored session when no record of this page from this build names its code;
 *   authCode: supabase-js's chunk
 * @param {{ localStorage: Storage | null, location: { pathname: string }, document: Document, fetch: typeof fetch, now: () => number, later?: (send: () => void) => void }} env
 *   later: runs a read's send in a task of its own (index.html: setTimeout 0). Each fetch() costs the
 *   page's main thread about a millisecond, and on a phone this whole start is one task while the page is
 *   parsed: the reads leave a moment later in short tasks instead. Without it they are sent at once.
 * @returns {FirstViewStart}
 */
export function startFirstView(options, env) {
  var now = new Date(env.now());
  var pad = function (part) {
    return (part < 10 ? '0' : '') + part;
  };
  /** @type {FirstViewStart} */
  var start = { build: options.build, storedSession: false, freshSession: false, today: now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate()), requests: [] };
  var storage = env.localStorage;
  var sessionKey = null;
  if (!storage) return start;
  try {
    for (var i = 0; i < storage.length; i += 1) {
      var name = storage.key(i);
      // supabase-js's key: sb-<the API host's first label>-auth-token (libs/boot authStorageKey).
      if (name && /^sb-.+-auth-token$/.test(name)) sessionKey = name;
    }
    if (!sessionKey) return start;
    start.storedSession = true;
    var session = JSON.parse(storage.getItem(sessionKey) || 'null');
    start.freshSession = !!session && !!session.user && typeof session.access_token === 'string' && session.expires_at * 1000 - env.now() > options.marginMs;
    var record = JSON.parse(storage.getItem(options.key) || 'null');
    var thisPage = !!record && record.version === options.version && record.path === env.location.pathname;
    var head = env.document.head;
    var authScripts = (options.authCode && options.authCode.scripts) || [];
    var asked = {};
    var preload = function (href, as) {
      // Only the page's own code: a record is data anyone with this browser's storage could edit.
      if (typeof href !== 'string' || href.charAt(0) !== '/' || href.charAt(1) === '/') return;
      if (asked[href] || (start.freshSession && authScripts.indexOf(href) >= 0)) return;
      asked[href] = true;
      var link = env.document.createElement('link');
      link.rel = 'preload';
      link.as = as;
      link.href = href;
      // Behind the entry's own scripts, which everything else waits for.
      link.fetchPriority = 'low';
      head.appendChild(link);
    };
    var preloadAll = function (code) {
      (code.scripts || []).forEach(function (href) {
        preload(href, 'script');
      });
      (code.styles || []).forEach(function (href) {
        preload(href, 'style');
      });
    };
    // The code's names change with every release: only this build's record names this build's files.
    if (thisPage && record.build === options.build) preloadAll(record);
    // No record of this page from this build (another page, the first visit after a release): the code
    // every signed-in view runs first is still known, because this build names it, so it starts now
    // rather than once the app's entry has arrived and run.
    else if (options.signedInCode) preloadAll(options.signedInCode);
    if (!start.freshSession && options.authCode) preloadAll(options.authCode);
    if (!thisPage || !start.freshSession || record.userId !== session.user.id) return start;
    var apiHost = sessionKey.slice(3, -'-auth-token'.length);
    (record.requests || []).forEach(function (request) {
      var url;
      try {
        url = new URL(request.url);
      } catch {
        return;
      }
      // The stored token only goes where supabase-js itself would send it: the API it was issued for.
      if (url.hostname.split('.')[0] !== apiHost) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (/\d{4}-\d{2}-\d{2}/.test(request.url) && record.day !== start.today) return;
      var headers = {};
      Object.keys(request.headers || {}).forEach(function (header) {
        if (header !== 'authorization') headers[header] = String(request.headers[header]);
      });
      headers.authorization = 'Bearer ' + session.access_token;
      var send = function () {
        return env.fetch(request.url, { method: request.method, headers: headers, priority: 'low' });
      };
      // The entry is recorded now, so the app finds it whenever it looks; its answer comes from the send.
      var response = env.later
        ? new Promise(function (resolve) {
            env.later(function () {
              resolve(send());
            });
          })
        : send();
      // An answer nobody adopts must not be reported as an unhandled failure.
      response.catch(function () {});
      start.requests.push({ method: request.method, url: request.url, headers: headers, response: response });
    });
  } catch {
    // Storage unreadable or a record that is not ours: the app starts the usual way.
  }
  return start;
}
