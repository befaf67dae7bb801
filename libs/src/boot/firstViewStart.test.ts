import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TOKEN_MARGIN_MS, FIRST_VIEW_KEY, FIRST_VIEW_VERSION, startFirstView, type FirstViewRecord } from './firstViewStart.mjs';

// 09:00 on 25 November where the browser is (the day a record names is the browser's own).
const NOW = new Date(2026, 10, 25, 9, 0, 0).getTime();
const DAY_MS = 24 * 3_600_000;
const SESSION_KEY = 'sb-abc-auth-token';
const session = (expiresInMs = 3_600_000, userId = 'ada-id') => ({ access_token: 'ada-token', expires_at: (NOW + expiresInMs) / 1000, user: { id: userId } });

const record = (overrides: Partial<FirstViewRecord> = {}): FirstViewRecord => ({
  version: FIRST_VIEW_VERSION,
  build: 'build-1',
  path: '/dashboard',
  userId: 'ada-id',
  day: '2026-11-25',
  scripts: ['/static/js/async/signed-in.1.js', 'https://evil.example/x.js', '//evil.example/y.js'],
  styles: ['/static/css/async/signed-in.1.css'],
  requests: [
    { method: 'GET', url: 'https://abc.supabase.co/rest/v1/rpc/dashboard_stats?p_org_name=Cedar', headers: { apikey: 'anon-key', authorization: 'Bearer someone-else' } },
    { method: 'GET', url: 'https://evil.example/rest/v1/steal', headers: {} },
  ],
  ...overrides,
});

const SIGNED_IN_CODE = { scripts: ['/static/js/async/bootstrap.2.js', '/static/js/async/signed-in.2.js'], styles: ['/static/css/async/signed-in.2.css'] };

const AUTH_CODE = { scripts: ['/static/js/async/lib-supabase.3.js'], styles: [] };

function run(
  items: Record<string, unknown>,
  { path = '/dashboard', build = 'build-1', now = NOW, signedInCode = undefined as typeof SIGNED_IN_CODE | undefined, authCode = undefined as typeof AUTH_CODE | undefined } = {},
) {
  localStorage.clear();
  document.head.replaceChildren();
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, JSON.stringify(value));
  const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
  const start = startFirstView(
    { build, key: FIRST_VIEW_KEY, version: FIRST_VIEW_VERSION, marginMs: EARLY_TOKEN_MARGIN_MS, signedInCode, authCode },
    { localStorage, location: { pathname: path }, document, fetch: fetch as unknown as typeof globalThis.fetch, now: () => now },
  );
  const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((link) => [link.getAttribute('as'), link.getAttribute('href')]);
  return { start, fetch, preloads };
}

beforeEach(() => {
  document.head.replaceChildren();
});

describe('index.html’s start of a returning staff member’s first view', () => {
  it('tells a new visitor from a returning one and starts nothing for the first', () => {
    const visitor = run({});
    expect(visitor.start).toEqual({ build: 'build-1', storedSession: false, freshSession: false, today: '2026-11-25', requests: [] });
    expect(visitor.fetch).not.toHaveBeenCalled();
    expect(run({ [SESSION_KEY]: session() }).start).toMatchObject({ storedSession: true, freshSession: true });
    expect(run({ [SESSION_KEY]: session(60_000) }).start).toMatchObject({ storedSession: true, freshSession: false });
  });

  it('leaves supabase-js’s code to after the first view for a fresh session, and preloads it for one it must refresh', () => {
    const named = record({ scripts: ['/static/js/async/signed-in.1.js', '/static/js/async/lib-supabase.3.js'], styles: [] });
    const fresh = run({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: named }, { authCode: AUTH_CODE });
    expect(fresh.preloads).toEqual([['script', '/static/js/async/signed-in.1.js']]);
    const noRecord = run({ [SESSION_KEY]: session() }, { signedInCode: SIGNED_IN_CODE, authCode: AUTH_CODE });
    expect(noRecord.preloads.map(([, href]) => href)).not.toContain('/static/js/async/lib-supabase.3.js');
    const expiring = run({ [SESSION_KEY]: session(60_000), [FIRST_VIEW_KEY]: named }, { authCode: AUTH_CODE });
    expect(expiring.preloads).toEqual([
      ['script', '/static/js/async/signed-in.1.js'],
      ['script', '/static/js/async/lib-supabase.3.js'],
    ]);
    expect(expiring.fetch).not.toHaveBeenCalled();
    const expiringElsewhere = run({ [SESSION_KEY]: session(60_000) }, { signedInCode: SIGNED_IN_CODE, authCode: AUTH_CODE });
    expect(expiringElsewhere.preloads.map(([, href]) => href)).toContain('/static/js/async/lib-supabase.3.js');
  });

  it('preloads the recorded code of this page and sends its reads to the API with the stored token', () => {
    const { start, fetch, preloads } = run({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: record() });
    expect(preloads).toEqual([
      ['script', '/static/js/async/signed-in.1.js'],
      ['style', '/static/css/async/signed-in.1.css'],
    ]);
    // Only to the API the session was issued for (sb-abc-… is abc.supabase.co), with this session's token.
    expect(fetch).toHaveBeenCalledTimes(1);
    const headers = { apikey: 'anon-key', authorization: 'Bearer ada-token' };
    expect(fetch).toHaveBeenCalledWith('https://abc.supabase.co/rest/v1/rpc/dashboard_stats?p_org_name=Cedar', { method: 'GET', headers, priority: 'low' });
    expect(start.requests).toEqual([{ method: 'GET', url: 'https://abc.supabase.co/rest/v1/rpc/dashboard_stats?p_org_name=Cedar', headers, response: expect.any(Promise) }]);
  });

  it('sends each read in a task of its own when the page gives it a way to, and records it at once', async () => {
    localStorage.clear();
    for (const [key, value] of Object.entries({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: record() })) localStorage.setItem(key, JSON.stringify(value));
    const answer = new Response('{"ok":true}');
    const fetch = vi.fn(() => Promise.resolve(answer));
    const queued: (() => void)[] = [];
    const start = startFirstView(
      { build: 'build-1', key: FIRST_VIEW_KEY, version: FIRST_VIEW_VERSION, marginMs: EARLY_TOKEN_MARGIN_MS },
      { localStorage, location: { pathname: '/dashboard' }, document, fetch: fetch as unknown as typeof globalThis.fetch, now: () => NOW, later: (send) => queued.push(send) },
    );
    expect(start.requests.map((request) => request.url)).toEqual(['https://abc.supabase.co/rest/v1/rpc/dashboard_stats?p_org_name=Cedar']);
    expect(fetch).not.toHaveBeenCalled();
    expect(queued).toHaveLength(1);
    queued.forEach((send) => send());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await start.requests[0]?.response).toBe(answer);
  });

  it('after a release sends the reads but preloads no code (its files have other names now)', () => {
    const { fetch, preloads } = run({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: record() }, { build: 'build-2' });
    expect(preloads).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for another page, another person, or a token about to be refreshed', () => {
    expect(run({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: record() }, { path: '/contacts' }).fetch).not.toHaveBeenCalled();
    const grace = run({ [SESSION_KEY]: session(3_600_000, 'grace-id'), [FIRST_VIEW_KEY]: record() });
    expect(grace.fetch).not.toHaveBeenCalled();
    expect(grace.preloads).toHaveLength(2); // the code is the same for everyone
    expect(run({ [SESSION_KEY]: session(60_000), [FIRST_VIEW_KEY]: record() }).fetch).not.toHaveBeenCalled();
  });

  it('sends a read that names a date only on the day its record was made; the others go every day', () => {
    const API_URL = 'https://abc.supabase.co/rest/v1/';
    const profile = { method: 'GET' as const, url: `${API_URL}user_profiles?select=*&auth_user_id=eq.ada-id`, headers: {} };
    // The reservation timeline's window, which starts on the day the page was opened.
    const stays = { method: 'GET' as const, url: `${API_URL}reservations_view?select=id&check_in=lt.2026-12-09T00%3A00%3A00.000Z&check_out=gt.2026-11-25T00%3A00%3A00.000Z`, headers: {} };
    const timeline = record({ path: '/reservations', requests: [profile, stays] });
    const sent = (options: { now?: number }, stored = timeline) =>
      run({ [SESSION_KEY]: session(3_600_000 + DAY_MS), [FIRST_VIEW_KEY]: stored }, { path: '/reservations', ...options }).start.requests.map((request) => request.url);

    expect(sent({})).toEqual([profile.url, stays.url]);
    expect(sent({ now: new Date(2026, 10, 25, 23, 59).getTime() })).toEqual([profile.url, stays.url]);
    // The next morning the app asks for the window that starts that day: yesterday's would only take bandwidth.
    const nextMorning = run({ [SESSION_KEY]: session(3_600_000 + DAY_MS), [FIRST_VIEW_KEY]: timeline }, { path: '/reservations', now: NOW + DAY_MS });
    expect(nextMorning.start.today).toBe('2026-11-26');
    expect(nextMorning.start.requests.map((request) => request.url)).toEqual([profile.url]);
    // Its code still loads early: only the dated read waits for the app.
    expect(nextMorning.preloads).toHaveLength(2);
    // A record that does not say its day (made by an earlier release) sends no dated read either.
    const { day: _day, ...undated } = timeline;
    expect(sent({}, undated as FirstViewRecord)).toEqual([profile.url]);
  });

  it('ignores a record of another shape and storage it cannot read', () => {
    expect(run({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: { ...record(), version: 99 } }).fetch).not.toHaveBeenCalled();
    localStorage.setItem(SESSION_KEY, '{not json');
    const broken = startFirstView({ build: 'b', key: FIRST_VIEW_KEY, version: FIRST_VIEW_VERSION, marginMs: 0 }, { localStorage, location: { pathname: '/dashboard' }, document, fetch, now: () => NOW });
    expect(broken.requests).toEqual([]);
    expect(startFirstView({ build: 'b', key: FIRST_VIEW_KEY, version: FIRST_VIEW_VERSION, marginMs: 0 }, { localStorage: null, location: { pathname: '/' }, document, fetch, now: () => NOW }).storedSession).toBe(false);
  });

  describe('the code every signed-in view runs first, which this build names', () => {
    const preloaded = [
      ['script', '/static/js/async/bootstrap.2.js'],
      ['script', '/static/js/async/signed-in.2.js'],
      ['style', '/static/css/async/signed-in.2.css'],
    ];

    it('starts for a stored session with no record, or a record of another page (no reads go)', () => {
      const none = run({ [SESSION_KEY]: session() }, { signedInCode: SIGNED_IN_CODE });
      expect(none.preloads).toEqual(preloaded);
      expect(none.fetch).not.toHaveBeenCalled();
      const otherPage = run({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: record() }, { path: '/contacts', signedInCode: SIGNED_IN_CODE });
      expect(otherPage.preloads).toEqual(preloaded);
      expect(otherPage.fetch).not.toHaveBeenCalled();
    });

    it('starts on the first visit after a release, beside the recorded reads', () => {
      const { preloads, fetch } = run({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: record() }, { build: 'build-2', signedInCode: SIGNED_IN_CODE });
      expect(preloads).toEqual(preloaded);
      expect(fetch).toHaveBeenCalledTimes(1);
    });

    it('gives way to this build’s record of this page, which names all of the page’s code', () => {
      expect(run({ [SESSION_KEY]: session(), [FIRST_VIEW_KEY]: record() }, { signedInCode: SIGNED_IN_CODE }).preloads).toEqual([
        ['script', '/static/js/async/signed-in.1.js'],
        ['style', '/static/css/async/signed-in.1.css'],
      ]);
    });

    it('never starts for a new visitor', () => {
      expect(run({}, { signedInCode: SIGNED_IN_CODE }).preloads).toEqual([]);
    });
  });
});
