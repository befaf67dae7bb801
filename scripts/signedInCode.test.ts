import { describe, expect, it } from 'vitest';
import { AUTH_CHUNKS, PUBLIC_PAGE_CHUNKS, SIGNED_IN_CHUNKS, compileHintedFiles, isFirstViewLib, signedInCode } from '../build/rsbuildApp.mjs';

/** The parts of an rspack compilation signedInCode reads. */
function compilation({ groups = {}, chunks = {}, entry = [] }: { groups?: Record<string, string[]>; chunks?: Record<string, string[]>; entry?: string[] }) {
  return {
    entrypoints: new Map([['index', { getFiles: () => entry }]]),
    namedChunkGroups: new Map(Object.entries(groups).map(([name, files]) => [name, { getFiles: () => files }])),
    namedChunks: new Map(Object.entries(chunks).map(([name, files]) => [name, { files: new Set(files) }])),
  };
}

describe("the shell's signed-in code named for index.html", () => {
  it('lists the files of each named chunk group and forced split, as the page asks for them, without the entry’s own', () => {
    const built = compilation({
      entry: ['static/js/index.1.js', 'static/js/124.1.js'],
      groups: {
        bootstrap: ['static/js/async/bootstrap.1.js', 'static/js/124.1.js'],
        'signed-in': ['static/js/async/signed-in.1.js', 'static/css/async/signed-in.1.css'],
      },
      chunks: { 'libs-signed-in': ['static/js/async/libs-signed-in.1.js', 'static/css/async/libs-signed-in.1.css'], 'lib-supabase': ['static/js/async/lib-supabase.1.js'] },
    });
    expect(signedInCode(built)).toEqual({
      scripts: ['/static/js/async/bootstrap.1.js', '/static/js/async/libs-signed-in.1.js', '/static/js/async/signed-in.1.js'],
      styles: ['/static/css/async/libs-signed-in.1.css', '/static/css/async/signed-in.1.css'],
    });
    // supabase-js, named apart: a fresh session's first view goes without it.
    expect(signedInCode(built, AUTH_CHUNKS)).toEqual({ scripts: ['/static/js/async/lib-supabase.1.js'], styles: [] });
  });

  it('fails the build when a chunk it names no longer exists, rather than preloading less', () => {
    expect(() => signedInCode(compilation({ groups: { bootstrap: [] } }))).toThrow(/no chunk named signed-in/);
    expect(SIGNED_IN_CHUNKS).toEqual(['bootstrap', 'signed-in', 'libs-signed-in']);
    expect(AUTH_CHUNKS).toEqual(['lib-supabase']);
  });
});

describe("the shell's scripts compiled as they arrive", () => {
  it('are the entry’s scripts and the signed-in view’s first chunks, each once; not their styles, not supabase-js', () => {
    const built = compilation({
      entry: ['static/js/index.1.js', 'static/js/362.1.js', 'static/css/index.1.css'],
      groups: {
        bootstrap: ['static/js/async/bootstrap.1.js', 'static/js/362.1.js'],
        'signed-in': ['static/js/async/signed-in.1.js', 'static/css/async/signed-in.1.css'],
      },
      chunks: { 'libs-signed-in': ['static/js/async/libs-signed-in.1.js'], 'lib-supabase': ['static/js/async/lib-supabase.1.js'] },
    });
    expect(compileHintedFiles(built)).toEqual([
      'static/js/index.1.js',
      'static/js/362.1.js',
      'static/js/async/bootstrap.1.js',
      'static/js/async/libs-signed-in.1.js',
      'static/js/async/signed-in.1.js',
    ]);
  });
});

describe('the libs every area’s first view runs, in one chunk', () => {
  const module = (path: string, query = '') => ({ nameForCondition: () => `/repo/libs/src/${path}`, identifier: () => `javascript/auto|/repo/libs/src/${path}${query}` });

  it('holds the queries, messages in English, the design system’s own elements and the area’s frame', () => {
    for (const path of ['data/index.ts', 'filter/compile.ts', 'ui/core/index.ts', 'ui/index.ts', 'ui/plain.css', 'area/RemoteBoundary.tsx', 'messages/index.ts', 'messages/en.json']) {
      expect(isFirstViewLib(module(path)), path).toBe(true);
    }
  });

  it('leaves out antd’s pieces, the other languages, the pseudo-locales made from English, the later screens’ words and the database’s refusals, which load on request', () => {
    for (const path of ['ui/antd/index.ts', 'ui/antd-data/DataTable.tsx', 'messages/es.json', 'messages/later/en.json', 'messages/later/es.json', 'messages/refusals/es.json', 'messages/refusals/en.json', 'list/index.ts', 'form/index.ts']) {
      expect(isFirstViewLib(module(path)), path).toBe(false);
    }
    expect(isFirstViewLib(module('messages/en.json', '?pseudo=en-XA'))).toBe(false);
    expect(isFirstViewLib(module('messages/refusals/en.json', '?pseudo=ar-XB'))).toBe(false);
  });

  it('is what a public page preloads with the shell’s bootstrap and its own route, and no signed-in layout', () => {
    const built = compilation({
      groups: { bootstrap: ['static/js/async/bootstrap.1.js'], 'public-page': ['static/js/async/public-page.1.js'], 'signed-in': ['static/js/async/signed-in.1.js'] },
      chunks: { 'libs-signed-in': ['static/js/async/libs-signed-in.1.js', 'static/css/async/libs-signed-in.1.css'] },
    });
    expect(signedInCode(built, PUBLIC_PAGE_CHUNKS)).toEqual({
      scripts: ['/static/js/async/bootstrap.1.js', '/static/js/async/libs-signed-in.1.js', '/static/js/async/public-page.1.js'],
      styles: ['/static/css/async/libs-signed-in.1.css'],
    });
  });
});
