import { retryPlugin } from './retryPlugin';

type FetchHook = (url: string, init: RequestInit) => Promise<Response>;

function fetchHook(): FetchHook {
  const plugin = retryPlugin({ retries: 2, delayMs: 1 });
  return plugin.fetch as unknown as FetchHook;
}

describe('retryPlugin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.stewardAreaStart = undefined;
  });

  it('takes the manifest index.html asked for once, and fetches itself after that', async () => {
    const early = Promise.resolve(new Response('{"early":1}', { status: 200 }));
    window.stewardAreaStart = { area: 'crm', config: Promise.resolve(new Response('{}')), manifests: { 'http://remote/mf-manifest.json': early } };
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"late":1}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await (await fetchHook()('http://remote/mf-manifest.json', {})).json()).toEqual({ early: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await (await fetchHook()('http://remote/mf-manifest.json', {})).json()).toEqual({ late: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a network failure and a 5xx, then returns the good answer', async () => {
    const answers = [() => Promise.reject(new TypeError('Failed to fetch')), () => Promise.resolve(new Response('', { status: 503 })), () => Promise.resolve(new Response('{"ok":1}', { status: 200 }))];
    const fetchMock = vi.fn(() => (answers.shift() as () => Promise<Response>)());
    vi.stubGlobal('fetch', fetchMock);
    const response = await fetchHook()('http://remote/mf-manifest.json', {});
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 404: the remote answered, the file is not there', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('', { status: 404 })));
    vi.stubGlobal('fetch', fetchMock);
    expect((await fetchHook()('http://remote/mf-manifest.json', {})).status).toBe(404);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last retry with the last error', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchHook()('http://remote/mf-manifest.json', {})).rejects.toThrow('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
