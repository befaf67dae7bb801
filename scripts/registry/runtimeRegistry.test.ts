import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { runtimeConfigSchema } from '../../libs/src/runtime-config/runtimeConfigSchema';
import { buildRegistry, compatibilityProblems, parseRegistry } from './runtimeRegistry.mjs';

const shell = [
  { name: 'react', version: '19.3.1' },
  { name: 'react-router', version: '7.18.5' },
  { name: '@steward/libs/list', version: '0.1.0' },
];

describe('the registry writer', () => {
  it('writes what the shell reads: folder URLs get their manifest, the shape passes the shell schema', () => {
    const registry = buildRegistry({
      supabaseUrl: 'https://xyz.supabase.co',
      anonKey: 'anon',
      remotes: { crm: 'http://127.0.0.2:4101/releases/crm/2025-11-23/', settings: 'https://cdn.example.org/settings/mf-manifest.json' },
    });
    expect(registry.remotes).toEqual({
      crm: { manifest: 'http://127.0.0.2:4101/releases/crm/2025-11-23/mf-manifest.json' },
      settings: { manifest: 'https://cdn.example.org/settings/mf-manifest.json' },
    });
    expect(z.safeParse(runtimeConfigSchema(), registry).success).toBe(true);
  });

  it('refuses unknown remotes, missing keys and URLs that are not URLs, naming the field', () => {
    expect(() => buildRegistry({ supabaseUrl: 'https://x.supabase.co', anonKey: '', remotes: {} })).toThrow(/supabaseAnonKey/);
    expect(() => buildRegistry({ supabaseUrl: 'not a url', anonKey: 'k', remotes: {} })).toThrow(/supabaseUrl/);
    expect(() => buildRegistry({ supabaseUrl: 'https://x.supabase.co', anonKey: 'k', remotes: { billing: 'https://x/' } })).toThrow(/remotes/);
    expect(() => parseRegistry({ supabaseUrl: 'https://x.supabase.co' })).toThrow(/supabaseAnonKey/);
  });
});

describe('the release check', () => {
  it('accepts a remote built against an older minor or the same version', () => {
    expect(compatibilityProblems('crm', [{ name: 'react', requiredVersion: '^19.1.0' }, { name: '@steward/libs/list', requiredVersion: '^0.1.0' }], shell)).toEqual([]);
  });

  it('refuses another major and names the remote and the module', () => {
    expect(compatibilityProblems('crm', [{ name: 'react-router', requiredVersion: '^8.0.0' }], shell)).toEqual([
      { remote: 'crm', module: 'react-router', problem: 'needs major 8 (^8.0.0) but the shell provides 7.18.5' },
    ]);
  });

  it('refuses a newer minor than the shell provides and a module the shell does not provide', () => {
    expect(compatibilityProblems('lodging', [{ name: 'react', requiredVersion: '^19.4.0' }, { name: 'chart.js', requiredVersion: '^4.0.0' }], shell)).toEqual([
      { remote: 'lodging', module: 'react', problem: 'needs ^19.4.0 but the shell provides 19.3.1' },
      { remote: 'lodging', module: 'chart.js', problem: 'is not provided by the shell' },
    ]);
  });
});
