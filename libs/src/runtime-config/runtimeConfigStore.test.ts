import { describe, expect, it } from 'vitest';
import { resolveSupabaseUrl } from './runtimeConfigStore';

describe('resolveSupabaseUrl', () => {
  it('reads a path as the API on the page’s own origin', () => {
    expect(resolveSupabaseUrl('/', 'http://localhost:3000/dashboard')).toBe('http://localhost:3000');
    expect(resolveSupabaseUrl('/', 'https://app.example.org/contacts?x=1')).toBe('https://app.example.org');
  });

  it('keeps an absolute URL, without a trailing slash', () => {
    expect(resolveSupabaseUrl('https://abcd.supabase.co', 'http://localhost:3000/')).toBe('https://abcd.supabase.co');
    expect(resolveSupabaseUrl('http://127.0.0.1:54321/', 'http://localhost:3000/')).toBe('http://127.0.0.1:54321');
  });

  it('keeps a sub-path the API is served under', () => {
    expect(resolveSupabaseUrl('/api/', 'https://app.example.org/dashboard')).toBe('https://app.example.org/api');
  });
});
