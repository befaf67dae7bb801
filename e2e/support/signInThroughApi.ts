import type { Page } from '@playwright/test';
import { requireTestStack } from './testStack';

/**
 * Signs a user in through the auth API and hands the session to the page the way supabase-js stores
 * it, so journeys that are not about signing in start signed in without going through the UI.
 */
export async function signInThroughApi(page: Page, email: string, password: string, baseURL: string): Promise<void> {
  const { apiUrl, anonKey } = requireTestStack();
  const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${email} failed: HTTP ${response.status} ${await response.text()}`);
  const session = await response.json();
  const storageKey = `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
  // Any same-origin document will do to reach localStorage; the registry file is the lightest.
  await page.goto(new URL('/runtime-config.json', baseURL).toString());
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKey, JSON.stringify(session)] as const);
}
