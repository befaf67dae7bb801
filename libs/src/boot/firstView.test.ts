import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirstView, tokenSubject, type FirstViewEnv } from './firstView';
import { FIRST_VIEW_KEY, FIRST_VIEW_VERSION, type EarlyRequest, type FirstViewRecord } from './firstViewStart.mjs';

const API = 'https://abc.supabase.co/';
const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: Record<string, unknown>) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.signature`;
const ADA = token({ sub: 'ada-id', role: 'authenticated' });
const GRACE = token({ sub: 'grace-id', role: 'authenticated' });
const ANON = token({ role: 'anon' });

const read = (path: string, bearer = ADA, extra: Record<string, string> = {}) =>
  [`${API}rest/v1/${path}`, { method: 'GET', headers: { apikey: 'anon-key', authorization: `Bearer ${bearer}`, ...extra } }] as const;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function early(path: string, response: Promise<Response>, bearer = ADA): EarlyRequest {
  return { method: 'GET', url: `${API}rest/v1/${path}`, headers: { apikey: 'anon-key', authorization: `Bearer ${bearer}` }, response };
}

function setup(overrides: Partial<FirstViewEnv> = {}) {
  const storage = memoryStorage();
  const network = vi.fn(async (input: RequestInfo | URL) => new Response(`network ${String(input)}`));
  const view = createFirstView({
    apiUrl: API,
    start: { build: 'build-1', storedSession: true, freshSession: true, today: '2026-11-25', requests: [] },
    storage,
    path: () => '/dashboard',
    origin: 'https://app.example',
    loadedCode: () => ({ scripts: ['https://app.example/static/js/async/signed-in.1.js', 'https://remote.example/static/js/area.js'], styles: ['https://app.example/static/css/async/signed-in.1.css'] }),
    fetch: network as unknown as typeof fetch,
    ...overrides,
  });
  const record = () => JSON.parse(storage.items.get(FIRST_VIEW_KEY) ?? 'null') as FirstViewRecord | null;
  return { view, storage, network, record };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the first view on the app’s side', () => {
  it('adopts an answer sent ahead for the same request, once, instead of asking again', async () => {
    const { view, network } = setup({
      start: { build: 'build-1', storedSession: true, freshSession: true, today: '2026-11-25', requests: [early('contacts?select=id', Promise.resolve(new Response('sent ahead')))] },
    });
    expect(await (await view.fetch(...read('contacts?select=id'))).text()).toBe('sent ahead');
    expect(network).not.toHaveBeenCalled();
    expect(await (await view.fetch(...read('contacts?select=id'))).text()).toContain('network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('asks the network when the early answer is for another token, other headers, or failed', async () => {
    const { view, network } = setup({
      start: {
        build: 'build-1',
        storedSession: true,
        freshSession: true,
        today: '2026-11-25',
        requests: [
          early('a', Promise.resolve(new Response('for grace')), GRACE),
          early('b', Promise.resolve(new Response('without prefer'))),
          early('c', Promise.resolve(new Response('refused', { status: 401 }))),
          early('d', Promise.reject(new TypeError('offline'))),
        ],
      },
    });
    for (const [path, extra] of [['a', {}], ['b', { prefer: 'count=exact' }], ['c', {}], ['d', {}]] as const) {
      expect(await (await view.fetch(...read(path, ADA, extra))).text()).toBe(`network ${API}rest/v1/${path}`);
    }
    expect(network).toHaveBeenCalledTimes(4);
  });

  it('keeps a record of the first view’s reads and own code once it is shown, without the token', async () => {
    const { view, record } = setup();
    await view.fetch(...read('user_profiles?select=*', ADA));
    await view.fetch(`${API}rest/v1/rpc/dashboard_stats?p_org_name=Cedar`, { method: 'GET', headers: { authorization: `Bearer ${ADA}`, 'accept-profile': 'public' } });
    await view.fetch('https://elsewhere.example/data.json');
    expect(record()).toBeNull();
    view.shown();
    expect(record()).toEqual({
      version: FIRST_VIEW_VERSION,
      build: 'build-1',
      path: '/dashboard',
      userId: 'ada-id',
      day: '2026-11-25',
      scripts: ['/static/js/async/signed-in.1.js'],
      styles: ['/static/css/async/signed-in.1.css'],
      requests: [
        { method: 'GET', url: `${API}rest/v1/user_profiles?select=*`, headers: { apikey: 'anon-key' } },
        { method: 'GET', url: `${API}rest/v1/rpc/dashboard_stats?p_org_name=Cedar`, headers: { 'accept-profile': 'public' } },
      ],
    });
  });

  it('takes nothing sent ahead for another window or another organisation: the app’s own request goes out, and the record is of what it read', async () => {
    const window = (from: string, org = 'Cedar') => `reservations_view?select=id&org_name=eq.${org}&check_out=gt.${from}T00%3A00%3A00.000Z`;
    const { view, network, record } = setup({
      path: () => '/reservations',
      start: {
        build: 'build-1',
        storedSession: true,
        freshSession: true,
        today: '2026-11-26',
        requests: [
          // Yesterday's window (the page was left open over midnight), and a window of the organisation the person worked in before.
          early(window('2026-11-25'), Promise.resolve(new Response('yesterday'))),
          early(window('2026-11-26', 'Birch'), Promise.resolve(new Response('other organisation'))),
          early('user_profiles?select=*', Promise.resolve(new Response('profile'))),
        ],
      },
    });
    expect(await (await view.fetch(...read('user_profiles?select=*'))).text()).toBe('profile');
    expect(await (await view.fetch(...read(window('2026-11-26')))).text()).toBe(`network ${API}rest/v1/${window('2026-11-26')}`);
    expect(network).toHaveBeenCalledTimes(1);
    view.shown();
    expect(record()).toMatchObject({ path: '/reservations', day: '2026-11-26' });
    expect(record()?.requests.map((request) => request.url)).toEqual([`${API}rest/v1/user_profiles?select=*`, `${API}rest/v1/${window('2026-11-26')}`]);
    // The answers nobody asked for are dropped with the first view: a later identical request is asked afresh.
    expect(await (await view.fetch(...read(window('2026-11-25')))).text()).toContain('network');
  });

  it('stops recording at the first write, and never records the anon key’s reads', async () => {
    const { view, record } = setup();
    await view.fetch(...read('org_branding?select=*', ANON));
    await view.fetch(`${API}rest/v1/contacts`, { method: 'POST', headers: { authorization: `Bearer ${ADA}` }, body: '{}' });
    await view.fetch(...read('contacts?select=id'));
    view.shown();
    expect(record()).toBeNull();
  });

  it('leaves a count-only read (HEAD, the bell) out of the record, and keeps recording past it', async () => {
    const { view, record } = setup();
    await view.fetch(`${API}rest/v1/notifications?select=id&read_at=is.null`, { method: 'HEAD', headers: { apikey: 'anon-key', authorization: `Bearer ${ADA}` } });
    await view.fetch(...read('rpc/dashboard_stats'));
    view.shown();
    expect(record()?.requests.map((request) => [request.method, request.url])).toEqual([['GET', `${API}rest/v1/rpc/dashboard_stats`]]);
  });

  it('hands a request on exactly as it was made, its body untouched, while recording and after', async () => {
    const { view, network } = setup();
    const upload = () => [`${API}storage/v1/object/logos/a.png`, { method: 'POST', headers: { authorization: `Bearer ${ADA}` }, body: new ReadableStream(), duplex: 'half' } as RequestInit] as const;
    const first = upload();
    await view.fetch(...first);
    view.shown();
    const second = upload();
    await view.fetch(...second);
    expect(network.mock.calls).toEqual([first, second]);
  });

  it('records nothing when the page was not started by index.html, and gives up after ten seconds', async () => {
    const withoutStart = setup({ start: undefined });
    await withoutStart.view.fetch(...read('contacts?select=id'));
    withoutStart.view.shown();
    expect(withoutStart.record()).toBeNull();

    vi.useFakeTimers();
    const slow = setup({ start: { build: 'b', storedSession: true, freshSession: true, today: '2026-11-25', requests: [early('late', Promise.resolve(new Response('old')))] } });
    vi.advanceTimersByTime(10_000);
    expect(await (await slow.view.fetch(...read('late'))).text()).toContain('network');
    slow.view.shown();
    expect(slow.record()).toBeNull();
  });

  it('starts afresh at sign-in, so the next visit sends its reads ahead (the code of a sign-in visit is not noted)', async () => {
    vi.useFakeTimers();
    const { view, record } = setup();
    await view.fetch(...read('org_branding?select=*', ANON));
    // Typing the password took longer than the recording lasts on its own.
    vi.advanceTimersByTime(30_000);
    await view.fetch(`${API}auth/v1/token?grant_type=password`, { method: 'POST', headers: { authorization: `Bearer ${ANON}` }, body: '{}' });
    await view.fetch(...read('user_profiles?select=*'));
    view.shown();
    expect(record()).toMatchObject({ userId: 'ada-id', scripts: [], styles: [], requests: [{ url: `${API}rest/v1/user_profiles?select=*` }] });
  });

  it('forgets the record on sign-out', async () => {
    const { view, storage, record } = setup();
    await view.fetch(...read('contacts?select=id'));
    view.shown();
    expect(record()).not.toBeNull();
    view.forget();
    expect(storage.items.has(FIRST_VIEW_KEY)).toBe(false);
  });
});

describe('tokenSubject', () => {
  it('names the signed-in person of a bearer token, and nobody for the anon key or anything else', () => {
    expect(tokenSubject(`Bearer ${ADA}`)).toBe('ada-id');
    expect(tokenSubject(`Bearer ${ANON}`)).toBeNull();
    expect(tokenSubject('Bearer not-a-token')).toBeNull();
    expect(tokenSubject('Basic abc')).toBeNull();
    expect(tokenSubject(undefined)).toBeNull();
  });
});
