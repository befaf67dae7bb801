import type { Browser, Page } from 'playwright-core';

export declare const CHROMIUM_ARGS: string[];
export declare function chromiumArgs(): string[];
export declare function launchChromium(): Promise<Browser>;
export declare function signInPage(
  page: Page,
  options: { apiUrl: string; anonKey: string; baseURL: string; email: string; password: string },
): Promise<void>;
export declare function openSettledDashboard(page: Page, baseURL: string): Promise<void>;
export declare function trackJsBytes(page: Page): { total(): Promise<number> };
export declare function installVisibilityClock(selectors: string | readonly [string, string]): void;
export declare function resetVisibilityClock(): void;
