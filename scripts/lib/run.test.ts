import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMeasured } from './run.mjs';

describe('runMeasured (the stages of npm test)', () => {
  it("resolves with the command's exit code and the CPU its whole process tree used", async () => {
    // The busy loop runs in a grandchild: its CPU counts all the same. 0.08 to 0.25 CPU seconds on the
    // machines this has run on (the shell alone reads 0: the kernel counts in 10 ms ticks); a busy
    // machine stretches its wall time (seconds for a loop twice as long, near the test's 5 s), never
    // its CPU.
    const { code, cpuSeconds } = await runMeasured('sh', ['-c', 'sh -c \'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done\'; exit 3']);
    expect(code).toBe(3);
    expect(cpuSeconds).toBeGreaterThan(0.03);
  });

  it('ends when the command ends, not when a process it left behind does', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'steward-run-'));
    const pidFile = path.join(dir, 'pid');
    const started = Date.now();
    try {
      const { code } = await runMeasured('sh', ['-c', `sleep 60 >/dev/null 2>&1 & echo $! > '${pidFile}'`]);
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      const pid = Number(await readFile(pidFile, 'utf8').catch(() => ''));
      if (pid) process.kill(pid);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
