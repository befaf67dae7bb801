// The stand-in for Supabase Realtime in Steward's browser build of supabase-js: build/rsbuildApp.mjs
// aliases @supabase/realtime-js to this file for the shell, which provides supabase-js to every area.
// It is the only place Realtime is left out; tests and Node tools use the real client. Nothing in the
// platform subscribes to database changes, and realtime-js with its Phoenix client is a quarter of
// supabase-js: ~12 KB of Brotli on every returning staff member's first view. supabase-js builds a
// realtime client and hands it each new access token; this one accepts them and holds no channels.
// Asking it for a channel fails loudly, naming this file, instead of connecting nowhere.

export class RealtimeClient {
  constructor(endPoint, options) {
    this.endPoint = endPoint;
    this.options = options;
  }

  /** Called by supabase-js with each access token (and with none on sign-out). */
  setAuth() {
    return Promise.resolve();
  }

  channel(name) {
    throw new Error(`Supabase Realtime is not part of Steward's browser build (channel "${name}"); see libs/src/boot/realtimeStandIn.mjs.`);
  }

  getChannels() {
    return [];
  }

  removeChannel() {
    return Promise.resolve('ok');
  }

  removeAllChannels() {
    return Promise.resolve([]);
  }
}
