import { createClient } from '@supabase/supabase-js';
import { RealtimeClient } from './realtimeStandIn.mjs';

describe('the Realtime stand-in of the browser build', () => {
  it('takes the access tokens supabase-js hands it and holds no channels', async () => {
    const realtime = new RealtimeClient('ws://localhost/realtime/v1', {});
    await expect(realtime.setAuth()).resolves.toBeUndefined();
    expect(realtime.getChannels()).toEqual([]);
    await expect(realtime.removeAllChannels()).resolves.toEqual([]);
  });

  it('refuses a channel loudly, naming where Realtime was left out', () => {
    expect(() => new RealtimeClient('ws://localhost/realtime/v1', {}).channel('changes')).toThrow(
      'Supabase Realtime is not part of Steward\'s browser build (channel "changes"); see libs/src/boot/realtimeStandIn.mjs.',
    );
  });

  it('has every method supabase-js calls on its realtime client', () => {
    const real = createClient('http://localhost:54321', 'anon').realtime;
    const used = ['setAuth', 'channel', 'getChannels', 'removeChannel', 'removeAllChannels'];
    for (const name of used) {
      expect(typeof (real as unknown as Record<string, unknown>)[name]).toBe('function');
      expect(typeof (RealtimeClient.prototype as unknown as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
