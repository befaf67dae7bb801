import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_REQUEST_TTL_MS, clearEarly, startEarly, takeEarly } from './earlyRequests';

const key = ['steward', 'crm', 'businesses_view', 'list', { page: 0, orgScope: ['Cedar Grove Outfitters'] }] as const;

describe('early requests', () => {
  afterEach(() => {
    clearEarly();
    vi.useRealTimers();
  });

  it('hands a request started early to the first fetch of the same query, once', async () => {
    const request = vi.fn(async () => ({ rows: [1], total: 1 }));
    startEarly(key, request);
    startEarly([...key], request); // an equal key while one is on its way starts nothing
    expect(request).toHaveBeenCalledTimes(1);
    // Keys are compared by value, as the query cache compares them (object keys in any order).
    const taken = takeEarly(['steward', 'crm', 'businesses_view', 'list', { orgScope: ['Cedar Grove Outfitters'], page: 0 }]);
    await expect(taken).resolves.toEqual({ rows: [1], total: 1 });
    expect(takeEarly(key)).toBeNull();
  });

  it('keeps a failure for the fetch that takes it, and reports nothing unhandled meanwhile', async () => {
    startEarly(key, () => Promise.reject(new Error('network down')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarly(key)).rejects.toThrow('network down');
  });

  it('drops a request nobody took in time, and every request when cleared', () => {
    vi.useFakeTimers();
    startEarly(key, async () => 'first');
    vi.advanceTimersByTime(EARLY_REQUEST_TTL_MS);
    expect(takeEarly(key)).toBeNull();

    startEarly(key, async () => 'second');
    clearEarly();
    expect(takeEarly(key)).toBeNull();
  });
});
