import {
  FIRST_VIEW_KEY,
  FIRST_VIEW_VERSION,
  type EarlyRequest,
  type FirstViewRecord,
  type FirstViewStart,
  type RecordedRequest,
} from './firstViewStart.mjs';

declare global {
  interface Window {
    /** Set by index.html's inline start (firstViewStart.mjs). */
    stewardFirstView?: FirstViewStart;
  }
}

/** A first view's record holds at most this many reads; the rest of the page's reads are not its. */
const MAX_RECORDED_REQUESTS = 16;

/** A page that never says its first view is shown stops recording, and adopting, after this long. */
const RECORDING_LIMIT_MS = 10_000;

export type FirstViewEnv = {
  apiUrl: string;
  start: FirstViewStart | undefined;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Where the page is now: the first view's record is for the page it was shown on. */
  path: () => string;
  origin: string;
  /** The page's own code loaded so far: resource timing's script and stylesheet URLs. */
  loadedCode: () => { scripts: string[]; styles: string[] };
  fetch: typeof fetch;
};

export type FirstView = {
  /** The fetch supabase-js is given: adopts index.html's early answers and records the first view's reads. */
  fetch: typeof fetch;
  /** The first view is on screen: the record of its reads and code is kept for the next visit. */
  shown: () => void;
  /** Signed out: the record goes (it names the person and the organisation). */
  forget: () => void;
};

type Described = { method: string; url: string; headers: Record<string, string> };

/** A request's method, URL and headers as fetch would send them, without touching its body (an upload's file). */
function describe(input: RequestInfo | URL, init?: RequestInit): Described {
  const request = input instanceof Request ? input : null;
  const headers: Record<string, string> = {};
  new Headers(init?.headers ?? request?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  return { method, url: new URL(request?.url ?? String(input)).href, headers };
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) => {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
};

/** The signed-in person a bearer token speaks for (its `sub`), or null for the anon key and anything unreadable. */
export function tokenSubject(authorization: string | undefined): string | null {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : null;
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; role?: unknown };
    return claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/**
 * The app's side of a returning staff member's first view (see firstViewStart.mjs for the page's side).
 * Reads the page sent ahead are adopted when the app makes the same request — same method, URL and
 * headers, the token included — and a failed early read is simply made again. Until the first view is
 * shown, the app's own reads (GETs to the API; a HEAD only counts, for a badge, and is left out) are noted, and with the code the page loaded they
 * become the record the next visit starts from. A write ends the recording: the person has started
 * working, and what follows is not the first view. Signing in is the exception: it starts the recording
 * afresh, so the visit after it already starts early (with the reads only; the code that visit loaded
 * was the landing's and the sign-in dialog's, so none is noted).
 */
export function createFirstView(env: FirstViewEnv): FirstView {
  const early: EarlyRequest[] = [...(env.start?.requests ?? [])];
  const canRecord = Boolean(env.start && env.storage);
  let recording: RecordedRequest[] | null = canRecord ? [] : null;
  let userId: string | null = null;
  let signedInHere = false;
  let finished = false;
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  // A page that never says its first view is shown: no record, and answers sent ahead are not kept
  // for later requests (they would be old by then).
  const startTimer = () => {
    clearTimeout(stopTimer);
    stopTimer = setTimeout(() => {
      recording = null;
      early.length = 0;
    }, RECORDING_LIMIT_MS);
  };
  if (env.start) startTimer();

  const adopt = (request: Described): Promise<Response> | null => {
    const index = early.findIndex((candidate) => candidate.method === request.method && candidate.url === request.url && sameHeaders(candidate.headers, request.headers));
    if (index === -1) return null;
    const [taken] = early.splice(index, 1);
    return taken!.response;
  };

  const note = (request: Described) => {
    if (canRecord && !finished && request.method === 'POST' && request.url.startsWith(`${env.apiUrl}auth/v1/token?grant_type=password`)) {
      recording = [];
      userId = null;
      signedInHere = true;
      startTimer();
      return;
    }
    if (!recording) return;
    if (request.method === 'HEAD') return; // a count-only read (the header's bell) draws nothing of the view
    if (request.method !== 'GET') {
      recording = null;
      return;
    }
    const subject = tokenSubject(request.headers.authorization);
    if (!subject || (userId !== null && subject !== userId) || recording.length >= MAX_RECORDED_REQUESTS) return;
    userId = subject;
    const { authorization: _token, ...headers } = request.headers;
    recording.push({ method: request.method as RecordedRequest['method'], url: request.url, headers });
  };

  const firstViewFetch: typeof fetch = (input, init) => {
    // Once the first view is shown (or this page cannot record) and nothing sent ahead is left, every
    // request goes straight out.
    if ((finished || !canRecord) && early.length === 0) return env.fetch(input, init);
    const request = describe(input, init);
    if (!request.url.startsWith(env.apiUrl)) return env.fetch(input, init);
    note(request);
    const answer = adopt(request);
    if (!answer) return env.fetch(input, init);
    return answer.then(
      (response) => (response.ok ? response : env.fetch(input, init)),
      () => env.fetch(input, init),
    );
  };

  return {
    fetch: firstViewFetch,
    shown: () => {
      const requests = recording;
      recording = null;
      finished = true;
      clearTimeout(stopTimer);
      // Answers nobody asked for are dropped (the view changed since the record was made).
      early.length = 0;
      if (!requests || requests.length === 0 || !userId || !env.start || !env.storage) return;
      const code = signedInHere ? { scripts: [], styles: [] } : env.loadedCode();
      const own = (url: string) => (url.startsWith(`${env.origin}/`) ? url.slice(env.origin.length) : null);
      const record: FirstViewRecord = {
        version: FIRST_VIEW_VERSION,
        build: env.start.build,
        path: env.path(),
        userId,
        // The day the page started on: a read naming a date goes ahead only on that day (firstViewStart.mjs).
        day: env.start.today,
        scripts: code.scripts.map(own).filter((url): url is string => url !== null),
        styles: code.styles.map(own).filter((url): url is string => url !== null),
        requests,
      };
      try {
        env.storage.setItem(FIRST_VIEW_KEY, JSON.stringify(record));
      } catch {
        // Storage full or blocked: the next visit starts the usual way.
      }
    },
    forget: () => {
      recording = null;
      finished = true;
      try {
        env.storage?.removeItem(FIRST_VIEW_KEY);
      } catch {
        // Storage blocked: nothing was kept.
      }
    },
  };
}

/** The page's own code loaded so far, from resource timing (the HTML's own scripts are loaded by it anyway). */
export function loadedCodeFromResourceTiming(): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const inPage = new Set([...document.querySelectorAll<HTMLScriptElement>('script[defer][src]')].map((script) => script.src));
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    if (entry.initiatorType !== 'script' && entry.initiatorType !== 'link') continue;
    const path = new URL(entry.name).pathname;
    if (path.endsWith('.js') && !inPage.has(entry.name)) scripts.push(entry.name);
    else if (path.endsWith('.css')) styles.push(entry.name);
  }
  return { scripts, styles };
}
