import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeEarlyManifest } from '@steward/libs/boot';

type RetryOptions = { retries: number; delayMs: number };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Network layer of remote loading: retries a remote's manifest fetch on network errors and 5xx with
 * a short backoff, so a blip does not show "unavailable". A remote that stays down still fails fast
 * enough (< 1 s) for the boundary to offer Retry. The first attempt takes the request the shell's entry
 * started for the page's own area, if there is one (earlyArea.ts).
 */
export function retryPlugin({ retries, delayMs }: RetryOptions = { retries: 2, delayMs: 150 }): ModuleFederationRuntimePlugin {
  return {
    name: 'steward-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        try {
          const early = attempt === 0 ? takeEarlyManifest(url) : undefined;
          const response = await (early ?? fetch(url, { ...init, cache: 'no-cache' }));
          if (response.status < 500) return response;
          lastError = new Error(`${url} answered HTTP ${response.status}`);
        } catch (error) {
          lastError = error;
        }
        if (attempt < retries) await wait(delayMs * 2 ** attempt);
      }
      throw lastError instanceof Error ? lastError : new Error(`Could not fetch ${url}`);
    },
  };
}
