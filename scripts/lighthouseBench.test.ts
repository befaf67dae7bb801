import { describe, expect, it, vi } from 'vitest';
import { ProtocolSession } from 'lighthouse/core/gather/session.js';
import { withoutDebugger } from '../apps/shell/bench/lighthouseBench.mjs';

/** A Lighthouse session over a stand-in for puppeteer's CDP session that records what reaches the page. */
function session() {
  const cdp = { on: vi.fn(), off: vi.fn(), send: vi.fn(async (method: string) => ({ from: 'page', method })) };
  return { cdp, session: new ProtocolSession(cdp as never) };
}

describe("the returning rows' audit without Lighthouse's debugger", () => {
  it("answers Lighthouse's Debugger commands itself, passes every other command to the page, and puts the session back", async () => {
    const { cdp, session: lighthouseSession } = session();
    const answers = await withoutDebugger(async () => [
      await lighthouseSession.sendCommand('Debugger.enable'),
      await lighthouseSession.sendCommand('Debugger.setAsyncCallStackDepth', { maxDepth: 8 }),
      await lighthouseSession.sendCommand('Page.enable'),
    ]);
    expect(answers).toEqual([{}, {}, { from: 'page', method: 'Page.enable' }]);
    expect(cdp.send.mock.calls.map(([method]) => method)).toEqual(['Page.enable']);
    await lighthouseSession.sendCommand('Debugger.enable');
    expect(cdp.send.mock.calls.map(([method]) => method)).toEqual(['Page.enable', 'Debugger.enable']);
  });

  it('fails when Lighthouse sent no Debugger command, so a new Lighthouse cannot silently measure with one', async () => {
    const { session: lighthouseSession } = session();
    await expect(withoutDebugger(() => lighthouseSession.sendCommand('Page.enable'))).rejects.toThrow('Lighthouse sent no Debugger command');
    await expect(lighthouseSession.sendCommand('Debugger.enable')).resolves.toEqual({ from: 'page', method: 'Debugger.enable' });
  });
});
