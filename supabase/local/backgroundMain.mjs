// @ts-check
// Entry point of a detached stack (`cli.mjs start`): runs the stack until SIGTERM/SIGINT.
// Usage: node backgroundMain.mjs '<StackOptions as JSON>'
import { startStack } from './stack.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');
/** @type {import('./stack.mjs').RunningStack | null} */
let stack = null;
let stopRequested = false;

async function shutdown() {
  stopRequested = true;
  if (!stack) return;
  const current = stack;
  stack = null;
  await current.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// Detached from any terminal; a hang-up must not take the stack down.
process.on('SIGHUP', () => undefined);

try {
  stack = await startStack({ ...options, detached: true });
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
if (stopRequested) await shutdown();
