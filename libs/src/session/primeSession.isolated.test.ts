const supabase = vi.hoisted(() => ({
  auth: { getSession: vi.fn(), getUser: vi.fn() },
  from: vi.fn(),
  schema: vi.fn(),
}));
const storage = vi.hoisted(() => ({
  hasSession: true,
  loads: 0,
  fresh: null as { accessToken: string; userId: string } | null,
  confirmed: { id: 'u1' } as { id: string } | null,
}));
vi.mock('@steward/libs/boot', async () => ({
  nextTask: (await vi.importActual<typeof import('../boot/nextTask')>('../boot/nextTask')).nextTask,
  hasStoredSession: () => storage.hasSession,
  freshSession: () => storage.fresh,
  fetchSessionUser: vi.fn(async () => storage.confirmed),
  getDatabase: () => supabase,
  isAuthSessionMissing: async () => false,
  loadSupabase: async () => {
    storage.loads += 1;
    return supabase;
  },
}));

describe('primeSession', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.clearAllMocks();
    storage.hasSession = true;
    storage.loads = 0;
    storage.fresh = null;
    storage.confirmed = { id: 'u1' };
    supabase.auth.getSession.mockResolvedValue({ data: { session: { access_token: 'token-a', user: { id: 'u1' } } } });
    // The server says the session is gone: the load ends at signed-out, which is all these tests need.
    supabase.auth.getUser.mockResolvedValue({ data: { user: null }, error: null });
    supabase.from.mockReturnValue({ select: () => ({ eq: async () => ({ data: [], error: null }) }) });
  });

  it('hands its load to the first auth event that announces the same session, once', async () => {
    const { primeSession, takePrimedSession } = await import('./primeSession');
    primeSession();
    expect(await takePrimedSession('token-a')).toEqual({ kind: 'signedOut' });
    expect(await takePrimedSession('token-a')).toBeNull();
    expect(supabase.auth.getUser).toHaveBeenCalledTimes(1);
  });

  it('is not used for a different session', async () => {
    const { primeSession, takePrimedSession } = await import('./primeSession');
    primeSession();
    expect(await takePrimedSession('token-b')).toBeNull();
    // The load itself still runs (in a later task), and ends before the next test starts.
    await vi.waitFor(() => expect(supabase.auth.getUser).toHaveBeenCalledTimes(1));
  });

  it('starts one load however often it is called, and nothing when never called', async () => {
    const { primeSession, takePrimedSession } = await import('./primeSession');
    expect(await takePrimedSession('token-a')).toBeNull();
    primeSession();
    primeSession();
    await vi.waitFor(() => expect(supabase.auth.getUser).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(supabase.auth.getUser).toHaveBeenCalledTimes(1);
  });

  it('loads a fresh stored session without supabase-js, and says so to the provider', async () => {
    storage.fresh = { accessToken: 'token-f', userId: 'u1' };
    const { primeSession, primedWithoutSupabase, takePrimedSession } = await import('./primeSession');
    primeSession();
    expect(primedWithoutSupabase()).toBe('token-f');
    const outcome = await takePrimedSession('token-f');
    expect(outcome).toMatchObject({ kind: 'loaded', snapshot: { user: { id: 'u1' }, profiles: [] } });
    expect(supabase.from).toHaveBeenCalledWith('user_profiles');
    expect(storage.loads).toBe(0);
    expect(primedWithoutSupabase()).toBeNull();
  });

  it('asks supabase-js about a fresh stored session GoTrue does not confirm', async () => {
    storage.fresh = { accessToken: 'token-f', userId: 'u1' };
    storage.confirmed = null;
    const { primeSession, takePrimedSession } = await import('./primeSession');
    primeSession();
    expect(await takePrimedSession('token-f')).toEqual({ kind: 'signedOut' });
    expect(storage.loads).toBe(1);
    expect(supabase.auth.getUser).toHaveBeenCalledTimes(1);
  });

  it('loads nothing, not even the client, for a browser without a stored session', async () => {
    storage.hasSession = false;
    const { primeSession, takePrimedSession } = await import('./primeSession');
    primeSession();
    expect(await takePrimedSession('signed-out')).toBeNull();
    expect(storage.loads).toBe(0);
    expect(supabase.auth.getSession).not.toHaveBeenCalled();
  });
});
