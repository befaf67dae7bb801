import { describe, expect, it } from 'vitest';
import { mergedResponses, withoutResponses } from '../apps/shell/bench/lighthouseWhatIf.mjs';

const request = (requestId: string, url: string) => [
  { method: 'Network.requestWillBeSent', params: { requestId, request: { url } } },
  { method: 'Network.responseReceived', params: { requestId, response: { url, encodedDataLength: 400 } } },
  { method: 'Network.dataReceived', params: { requestId, dataLength: 160_000, encodedDataLength: 35_000 } },
  { method: 'Network.loadingFinished', params: { requestId, encodedDataLength: 35_400 } },
];

describe('lighthouseWhatIf: a kept network log without some responses', () => {
  const log = [
    ...request('1', 'http://localhost:4620/static/js/async/lib-supabase.14b4adc03f.js'),
    ...request('2', 'http://localhost:4620/static/js/index.12980f0389.js'),
    { method: 'Page.frameNavigated', params: { frame: { id: 'main' } } },
  ];

  it('empties the responses whose URL contains a given part, and keeps the request where it was', () => {
    const { log: changed, requests } = withoutResponses(log, ['lib-supabase']);
    expect(requests).toBe(1);
    expect(changed).toHaveLength(log.length);
    const supabase = changed.filter((event) => event.params.requestId === '1');
    expect(supabase.map((event) => event.method)).toEqual(log.filter((event) => event.params.requestId === '1').map((event) => event.method));
    expect(supabase.find((event) => event.method === 'Network.loadingFinished')?.params.encodedDataLength).toBe(300);
    expect(supabase.find((event) => event.method === 'Network.dataReceived')?.params).toMatchObject({ encodedDataLength: 0, dataLength: 1 });
    expect(supabase.find((event) => event.method === 'Network.responseReceived')?.params.response.encodedDataLength).toBe(300);
  });

  it('leaves every other event as it was, and the log it was given unchanged', () => {
    const before = structuredClone(log);
    const { log: changed } = withoutResponses(log, ['lib-supabase']);
    expect(changed.filter((event) => event.params.requestId !== '1')).toEqual(before.filter((event) => event.params.requestId !== '1'));
    expect(log).toEqual(before);
  });

  it('changes nothing when no URL contains a part', () => {
    const { log: changed, requests } = withoutResponses(log, ['lib-router']);
    expect(requests).toBe(0);
    expect(changed).toEqual(log);
  });
});

describe('lighthouseWhatIf: a kept network log with requests merged', () => {
  const log = [
    ...request('1', 'http://localhost:4620/static/js/async/signed-in.34705c815e.js'),
    ...request('2', 'http://localhost:4620/static/js/async/libs-signed-in.2dc7761224.js'),
    ...request('3', 'http://localhost:4620/static/js/async/350.05ef1b3bf0.js'),
    ...request('4', 'http://localhost:4620/static/js/index.12980f0389.js'),
  ];

  it('folds the parts into the target: their requests go and their bytes arrive with it', () => {
    const { log: changed, requests } = mergedResponses(log, [{ target: 'async/signed-in.', parts: ['libs-signed-in.', '350.'] }]);
    expect(requests).toBe(2);
    expect(new Set(changed.map((event) => event.params.requestId))).toEqual(new Set(['1', '4']));
    expect(changed.find((event) => event.params.requestId === '1' && event.method === 'Network.loadingFinished')?.params.encodedDataLength).toBe(3 * 35_400);
    expect(changed.filter((event) => event.params.requestId === '4')).toEqual(log.filter((event) => event.params.requestId === '4'));
  });

  it('never folds the target into itself, and says so when no URL contains the target', () => {
    expect(mergedResponses(log, [{ target: 'index.', parts: ['index.'] }]).requests).toBe(0);
    expect(() => mergedResponses(log, [{ target: 'lib-router', parts: ['350.'] }])).toThrow('no request');
  });
});
