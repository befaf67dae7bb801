vi.mock('@steward/libs/runtime-config', () => ({
  getRuntimeConfig: () => ({ supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon-key' }),
}));

beforeEach(() => {
  vi.resetModules();
  window.localStorage.clear();
  // Each test builds a fresh client on the same storage key, which GoTrue warns about.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the page’s Supabase client', () => {
  it('is one client for every caller once loaded, and the database is then that client', async () => {
    const { getDatabase, loadSupabase, onSupabaseLoaded } = await import('./supabaseClient');
    const announced = vi.fn();
    onSupabaseLoaded(announced);
    const early = getDatabase();
    const [first, second] = await Promise.all([loadSupabase(), loadSupabase()]);
    expect(first).toBe(second);
    expect(getDatabase()).toBe(first);
    expect(getDatabase()).not.toBe(early);
    expect(announced).toHaveBeenCalledOnce();
    expect(announced).toHaveBeenCalledWith(first);
    const late = vi.fn();
    onSupabaseLoaded(late);
    expect(late).toHaveBeenCalledWith(first);
  });

  it('keeps the session where hasStoredSession looks for it', async () => {
    const { authStorageKey, hasStoredSession, loadSupabase } = await import('./supabaseClient');
    expect(authStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(authStorageKey('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
    expect(hasStoredSession()).toBe(false);
    const client = await loadSupabase();
    // The client's own storage key, not a copy of the formula.
    expect((client.auth as unknown as { storageKey: string }).storageKey).toBe(authStorageKey('http://127.0.0.1:54321'));
    window.localStorage.setItem('sb-127-auth-token', '{}');
    expect(hasStoredSession()).toBe(true);
  });

  it('does not call a listener whose interest was cancelled before the load', async () => {
    const { loadSupabase, onSupabaseLoaded } = await import('./supabaseClient');
    const listener = vi.fn();
    const cancel = onSupabaseLoaded(listener);
    cancel();
    await loadSupabase();
    expect(listener).not.toHaveBeenCalled();
  });

  it('tells the no-session error (the signed-out state) from other errors', async () => {
    const { isAuthSessionMissing, loadSupabase } = await import('./supabaseClient');
    const client = await loadSupabase();
    const { error } = await client.auth.getUser();
    expect(await isAuthSessionMissing(error)).toBe(true);
    expect(await isAuthSessionMissing(new Error('network down'))).toBe(false);
  });
});

/** A session supabase-js would have stored, its token good for another `secondsLeft`. */
function storedSession(secondsLeft: number, token = 'header.eyJzdWIiOiJ1c2VyLTEiLCJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.sig') {
  const expiresAt = Math.floor(Date.now() / 1000) + secondsLeft;
  return JSON.stringify({
    access_token: token,
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: secondsLeft,
    expires_at: expiresAt,
    user: { id: 'user-1', aud: 'authenticated', role: 'authenticated', email: 'owner@example.test' },
  });
}

type Sent = { method: string; url: string; headers: Record<string, string> };

/** Every request the page sends, as method, URL and headers (what index.html's early answers are matched by). */
function captureFetch(body: (url: string) => unknown = () => []) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const url = String(input instanceof Request ? input.url : input);
      sent.push({ method: (init?.method ?? 'GET').toUpperCase(), url, headers });
      return new Response(JSON.stringify(body(url)), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

describe('the database before supabase-js', () => {
  it('sends a fresh stored session’s reads exactly as supabase-js sends them, without loading it', async () => {
    window.localStorage.setItem('sb-127-auth-token', storedSession(3600));
    const sent = captureFetch((url) => (url.includes('/auth/v1/user') ? { id: 'user-1', email: 'owner@example.test' } : []));
    const supabaseClient = await import('./supabaseClient');
    expect(supabaseClient.freshSession()).toMatchObject({ userId: 'user-1' });
    const early = supabaseClient.getDatabase();
    await early.from('businesses_view').select('id,name').eq('org_name', 'Cedar Grove').order('name').range(0, 49);
    await early.schema('settings').from('org_components').select('name').eq('enabled', true);
    const user = await supabaseClient.fetchSessionUser(supabaseClient.freshSession()!);
    expect(user).toEqual({ id: 'user-1', email: 'owner@example.test' });
    const beforeSupabase = sent.splice(0);
    expect(beforeSupabase).toHaveLength(3);
    expect(beforeSupabase[0]!.headers.authorization).toMatch(/^Bearer header\./);

    const client = await supabaseClient.loadSupabase();
    await client.from('businesses_view').select('id,name').eq('org_name', 'Cedar Grove').order('name').range(0, 49);
    await client.schema('settings').from('org_components').select('name').eq('enabled', true);
    await client.auth.getUser();
    const bySupabase = sent.filter((request) => request.url.includes('/rest/v1/') || request.url.endsWith('/auth/v1/user'));
    expect(bySupabase).toEqual(beforeSupabase);
  });

  it('takes the token from supabase-js once the stored one is too close to expiry', async () => {
    window.localStorage.setItem('sb-127-auth-token', storedSession(60));
    // supabase-js refreshes a token this close to expiry first: the refresh answer is what it then sends.
    const refreshed = { access_token: 'refreshed-token', refresh_token: 'refresh-2', token_type: 'bearer', expires_in: 3600, expires_at: Math.floor(Date.now() / 1000) + 3600, user: { id: 'user-1' } };
    const sent = captureFetch((url) => (url.includes('/auth/v1/token') ? refreshed : []));
    const { freshSession, getDatabase, onSupabaseLoaded } = await import('./supabaseClient');
    expect(freshSession()).toBeNull();
    const loaded = vi.fn();
    onSupabaseLoaded(loaded);
    await getDatabase().from('contacts_view').select('id');
    expect(loaded).toHaveBeenCalledOnce();
    const read = sent.find((request) => request.url.includes('/rest/v1/contacts_view'));
    expect(read?.headers.authorization).toBe('Bearer refreshed-token');
  });

  it('loads supabase-js once the first view is shown, or after the wait on a page that never says so', async () => {
    window.localStorage.setItem('sb-127-auth-token', storedSession(3600));
    captureFetch();
    vi.useFakeTimers();
    const first = await import('./supabaseClient');
    const loaded = vi.fn();
    first.onSupabaseLoaded(loaded);
    first.loadSupabaseAfterFirstView(4000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(loaded).not.toHaveBeenCalled();
    first.firstViewShown();
    // Half a second for the shown view to be painted and reported, then the browser's next idle moment.
    await vi.advanceTimersByTimeAsync(499);
    expect(loaded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledOnce());

    vi.resetModules();
    const second = await import('./supabaseClient');
    const loadedLater = vi.fn();
    second.onSupabaseLoaded(loadedLater);
    second.loadSupabaseAfterFirstView(4000);
    await vi.advanceTimersByTimeAsync(3999);
    expect(loadedLater).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(loadedLater).toHaveBeenCalledOnce());
  });
});
