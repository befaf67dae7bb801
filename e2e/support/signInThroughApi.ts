import type { Page } from '@playwright/test';
import { signInPage } from '../../scripts/lib/chromium.mjs';
import { requireTestStack } from './testStack';

/**
 * Signs a user in through the auth API and hands the session to the page the way supabase-js stores
 * it, so journeys that are not about signing in start signed in without going through the UI.
 */
export async function signInThroughApi(page: Page, email: string, password: string, baseURL: string): Promise<void> {
  const { apiUrl, anonKey } = requireTestStack();
  await signInPage(page, { apiUrl, anonKey, baseURL, email, password });
}
