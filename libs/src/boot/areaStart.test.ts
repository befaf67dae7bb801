import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_PAGES } from '@steward/libs/runtime-config';
import { ROUTES } from '@steward/libs/shell';
import { publicPageRoutes, remoteRoutes } from '../../../build/rsbuildApp.mjs';
import { startArea } from './areaStart.mjs';

const ROUTE_PAIRS: [string, string][] = [
  ['/businesses', 'crm'],
  ['/business/:short_id', 'crm'],
  ['/tasks', 'operations'],
];
const PUBLIC_PAGES_PAIRS: [string, string][] = [['/book/*', 'booking']];
const PUBLIC_CODE = { scripts: ['/static/js/async/bootstrap.1.js', '/static/js/async/libs-signed-in.1.js'], styles: ['/static/css/async/libs-signed-in.1.css'] };
const REGISTRY = { remotes: { crm: { manifest: 'https://crm.example/mf-manifest.json' }, operations: { manifest: '/operations/mf-manifest.json' } } };
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'static/js/steward_crm.1.js', path: '' } },
  exposes: [
    { path: './widgets', assets: { js: { sync: ['static/js/async/widgets.1.js'], async: [] } } },
    { path: './area', assets: { js: { sync: ['static/js/async/208.1.js', 'static/js/async/__federation_expose_area.1.js'], async: ['static/js/async/183.1.js'] } } },
  ],
};

function run(pathname: string, answers: Record<string, unknown> = { '/runtime-config.json': REGISTRY, 'https://crm.example/mf-manifest.json': MANIFEST }) {
  const fetch = vi.fn((url: string) => Promise.resolve(url in answers ? Response.json(answers[url]) : new Response('missing', { status: 404 })));
  const start = startArea({ routes: ROUTE_PAIRS, publicPages: PUBLIC_PAGES_PAIRS, publicCode: PUBLIC_CODE, config: '/runtime-config.json' }, { location: { pathname, href: `https://app.example${pathname}` }, document, fetch: fetch as unknown as typeof globalThis.fetch });
  return { start, fetch };
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((link) => [link.getAttribute('as'), link.href]);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  document.head.replaceChildren();
});

describe('index.html’s start of the area a page opens on', () => {
  it('asks for the registry, the owning remote’s manifest, then preloads the area’s first scripts (not its later chunks or widgets)', async () => {
    const { start, fetch } = run('/Business/BUS-1');
    expect(start?.area).toBe('crm');
    await settled();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/runtime-config.json', 'https://crm.example/mf-manifest.json']);
    expect(Object.keys(start?.manifests ?? {})).toEqual(['https://crm.example/mf-manifest.json']);
    expect(preloads()).toEqual([
      ['script', 'https://crm.example/static/js/steward_crm.1.js'],
      ['script', 'https://crm.example/static/js/async/208.1.js'],
      ['script', 'https://crm.example/static/js/async/__federation_expose_area.1.js'],
    ]);
    // The app still reads both answers itself.
    await expect(start?.config.then((response) => response.json())).resolves.toEqual(REGISTRY);
  });

  it('hands the app the manifest only once the scripts it names are asked for', async () => {
    const url = 'https://crm.example/mf-manifest.json';
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn((requested: string) =>
      requested === url ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(Response.json(REGISTRY)),
    );
    const start = startArea({ routes: ROUTE_PAIRS, config: '/runtime-config.json' }, { location: { pathname: '/businesses', href: 'https://app.example/businesses' }, document, fetch: fetch as unknown as typeof globalThis.fetch });
    await vi.waitFor(() => expect(start?.manifests[url]).toBeDefined());
    // The app's runtime takes the manifest while it is still on its way, and loads the scripts it names
    // the moment the answer is in.
    const taken = start?.manifests[url]?.then(async (response) => ({ preloaded: preloads().length, body: await response.json() }));
    answer(Response.json(MANIFEST));
    await expect(taken).resolves.toEqual({ preloaded: 3, body: MANIFEST });
  });

  it('passes a manifest that failed or did not answer to the app as it was', async () => {
    const failing = vi.fn((url: string) => (url === '/runtime-config.json' ? Promise.resolve(Response.json(REGISTRY)) : Promise.reject(new TypeError('Failed to fetch'))));
    const start = startArea({ routes: ROUTE_PAIRS, config: '/runtime-config.json' }, { location: { pathname: '/businesses', href: 'https://app.example/businesses' }, document, fetch: failing as unknown as typeof globalThis.fetch });
    const url = 'https://crm.example/mf-manifest.json';
    await vi.waitFor(() => expect(start?.manifests[url]).toBeDefined());
    await expect(start?.manifests[url]).rejects.toThrow('Failed to fetch');
    const missing = run('/businesses', { '/runtime-config.json': REGISTRY });
    await vi.waitFor(() => expect(missing.start?.manifests[url]).toBeDefined());
    await expect(missing.start?.manifests[url]).resolves.toMatchObject({ status: 404 });
    expect(preloads()).toEqual([]);
  });

  it('starts nothing on the shell’s own pages, and a parameter must fill its segment', () => {
    for (const path of ['/dashboard', '/', '/business', '/business/', '/businesses/extra']) {
      const { start, fetch } = run(path);
      expect(start).toBeNull();
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('starts a public page’s area on every page under its prefix, and only there', () => {
    for (const path of ['/book/Cedar%20Grove%20Outfitters', '/Book/lakeside/stay/abc123']) expect(run(path).start?.area).toBe('booking');
    for (const path of ['/book', '/bookings', '/booking/x']) expect(run(path).start).toBeNull();
  });

  it('preloads the shell’s code a public page runs first at once, and not on a signed-in page', async () => {
    run('/businesses');
    await settled();
    // The start has run its course (the area's own scripts are asked for), and named none of the shell's.
    expect(preloads()).toContainEqual(['script', 'https://crm.example/static/js/steward_crm.1.js']);
    expect(preloads().filter(([, href]) => href?.includes('bootstrap'))).toEqual([]);
    document.head.replaceChildren();
    run('/book/lakeside');
    expect(preloads()).toEqual([
      ['script', new URL('/static/js/async/bootstrap.1.js', location.href).href],
      ['script', new URL('/static/js/async/libs-signed-in.1.js', location.href).href],
      ['style', new URL('/static/css/async/libs-signed-in.1.css', location.href).href],
    ]);
  });

  it('preloads nothing when the registry has no such remote or its manifest does not answer', async () => {
    const noManifest = run('/businesses', { '/runtime-config.json': REGISTRY });
    await settled();
    expect(noManifest.fetch).toHaveBeenCalledTimes(2);
    const noRemote = run('/tasks', { '/runtime-config.json': { remotes: {} } });
    await settled();
    expect(noRemote.fetch).toHaveBeenCalledTimes(1);
    expect(preloads()).toEqual([]);
  });
});

describe('the remote routes index.html knows', () => {
  it('are the route table’s and the areas’ public pages, read from their source', () => {
    const expected = ROUTES.filter((route) => route.owner !== 'shell').map((route) => [route.path, route.owner]);
    expect(expected.length).toBeGreaterThan(20);
    expect(remoteRoutes()).toEqual(expected);
    expect(publicPageRoutes()).toEqual([['/book/*', 'booking']]);
    expect(PUBLIC_PAGES).toEqual({ booking: '/book/*' });
  });
});
