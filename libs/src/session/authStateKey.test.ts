import type { Session } from '@supabase/supabase-js';
import { authStateKey } from './authStateKey';

const session = (token: string) => ({ access_token: token }) as Session;

describe('authStateKey', () => {
  it('is the same for two announcements of one session', () => {
    expect(authStateKey(session('a'))).toBe(authStateKey(session('a')));
  });

  it('changes on refresh, on sign-in as someone else and on sign-out', () => {
    expect(authStateKey(session('a'))).not.toBe(authStateKey(session('b')));
    expect(authStateKey(session('a'))).not.toBe(authStateKey(null));
  });
});
