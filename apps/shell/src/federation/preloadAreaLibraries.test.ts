const shared = vi.hoisted(() => ({ sharedForRemotes: vi.fn(() => [Promise.resolve({}), Promise.reject(new Error('offline'))]) }));
vi.mock('./sharedForRemotes', () => shared);

describe('preloadAreaLibraries', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    shared.sharedForRemotes.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('fetches the areas’ libraries later, not during the first view, and once per page', async () => {
    const { preloadAreaLibraries } = await import('./preloadAreaLibraries');
    preloadAreaLibraries();
    expect(shared.sharedForRemotes).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(shared.sharedForRemotes).toHaveBeenCalledTimes(1);
    preloadAreaLibraries();
    await vi.runAllTimersAsync();
    expect(shared.sharedForRemotes).toHaveBeenCalledTimes(1);
  });

  it('on a phone waits for the menu to open instead of the idle time after sign-in', async () => {
    const matchMedia = vi.fn(() => ({ matches: true }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const { loadAreaLibraries, preloadAreaLibraries } = await import('./preloadAreaLibraries');
      preloadAreaLibraries();
      await vi.runAllTimersAsync();
      expect(matchMedia).toHaveBeenCalledWith('(pointer: coarse)');
      expect(shared.sharedForRemotes).not.toHaveBeenCalled();
      loadAreaLibraries();
      loadAreaLibraries();
      expect(shared.sharedForRemotes).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing when cancelled before it starts (a layout that unmounts at once)', async () => {
    const { preloadAreaLibraries } = await import('./preloadAreaLibraries');
    preloadAreaLibraries()();
    await vi.runAllTimersAsync();
    expect(shared.sharedForRemotes).not.toHaveBeenCalled();
  });
});
