import type { RemoteArea } from '@steward/libs/shell';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const remoteRouteChunk = vi.hoisted(() => ({ loadRemoteRoute: vi.fn(() => Promise.resolve({})) }));
vi.mock('./remoteRouteChunk', () => remoteRouteChunk);

const area = { name: 'crm', title: 'CRM', version: '1', paths: [], Routes: () => null } satisfies RemoteArea;

async function freshLoader() {
  vi.resetModules();
  const loader = { ...(await import('./remoteLoader')), ...(await import('./preloadArea')) };
  loader.configureFederation({
    supabaseUrl: 'http://localhost:54321',
    supabaseAnonKey: 'anon',
    remotes: { crm: { manifest: 'http://localhost:3001/mf-manifest.json' }, catalog: { manifest: '/catalog/mf-manifest.json' } },
  });
  return loader;
}

describe('remoteLoader', () => {
  beforeEach(() => {
    runtime.registerRemotes.mockReset();
    runtime.loadRemote.mockReset();
    remoteRouteChunk.loadRemoteRoute.mockClear();
  });

  it('preloads the shell code that mounts an area together with the remote, and neither for shell routes', async () => {
    const loader = await freshLoader();
    runtime.loadRemote.mockResolvedValue({ default: area });
    loader.preloadAreaFor('/dashboard');
    expect(remoteRouteChunk.loadRemoteRoute).not.toHaveBeenCalled();
    loader.preloadAreaFor('/businesses');
    expect(remoteRouteChunk.loadRemoteRoute).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('steward_crm/area');
  });

  it('registers a remote by name from the runtime registry only when it is first needed', async () => {
    const loader = await freshLoader();
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    runtime.loadRemote.mockResolvedValue({ default: area });
    await expect(loader.loadArea('crm')).resolves.toBe(area);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'steward_crm', entry: 'http://localhost:3001/mf-manifest.json' }], { force: false });
    expect(runtime.loadRemote).toHaveBeenCalledWith('steward_crm/area');
  });

  it('resolves a relative manifest against the shell’s origin', async () => {
    const loader = await freshLoader();
    runtime.loadRemote.mockResolvedValue({ default: { ...area, name: 'catalog' } });
    await loader.loadArea('catalog');
    expect(runtime.registerRemotes.mock.calls[0]?.[0]).toEqual([{ name: 'steward_catalog', entry: new URL('/catalog/mf-manifest.json', window.location.href).toString() }]);
  });

  it('shares one load between the preload and the route, and forgets a failed one', async () => {
    const loader = await freshLoader();
    runtime.loadRemote.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: area });
    loader.preloadAreaFor('/businesses');
    await expect(loader.loadArea('crm')).rejects.toThrow('down');
    await expect(loader.loadArea('crm')).resolves.toBe(area);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('re-registers with force on a fresh load (Retry), so the manifest is fetched again', async () => {
    const loader = await freshLoader();
    runtime.loadRemote.mockResolvedValue({ default: area });
    await loader.loadArea('crm');
    await loader.loadArea('crm', true);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
  });

  it('loads a remote’s widgets apart from its area, once, and tries again after a failure', async () => {
    const loader = await freshLoader();
    const widgets = { revenueChart: () => null };
    runtime.loadRemote.mockRejectedValueOnce(new Error('down')).mockResolvedValue({ default: widgets });
    await expect(loader.loadWidgets('crm')).rejects.toThrow('down');
    await expect(loader.loadWidgets('crm')).resolves.toBe(widgets);
    await expect(loader.loadWidgets('crm')).resolves.toBe(widgets);
    expect(runtime.loadRemote.mock.calls).toEqual([['steward_crm/widgets'], ['steward_crm/widgets']]);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('says which remote is missing from the registry', async () => {
    const loader = await freshLoader();
    await expect(loader.loadArea('lodging')).rejects.toThrow('The runtime registry has no entry for the lodging remote.');
  });

  it('does not preload for shell routes or unknown paths', async () => {
    const loader = await freshLoader();
    loader.preloadAreaFor('/dashboard');
    loader.preloadAreaFor('/nowhere');
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
