vi.mock('@steward/libs/runtime-config', () => ({
  getRuntimeConfig: () => ({ supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon-key' }),
}));

describe('the page’s Supabase client', () => {
  beforeEach(() => {
    vi.resetModules();
    window.localStorage.clear();
    // Each test builds a fresh client on the same storage key, which GoTrue warns about.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('is not there until loaded, then is one client for every caller', async () => {
    const { getSupabase, loadSupabase, onSupabaseLoaded } = await import('./supabaseClient');
    const announced = vi.fn();
    onSupabaseLoaded(announced);
    expect(() => getSupabase()).toThrow(/not loaded yet/);
    const [first, second] = await Promise.all([loadSupabase(), loadSupabase()]);
    expect(first).toBe(second);
    expect(getSupabase()).toBe(first);
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
