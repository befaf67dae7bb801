// @ts-check
// Quiet by default: one line per service start/stop. STEWARD_STACK_LOG=debug adds service output.

/** @typedef {{ info(message: string): void, debug(message: string): void, error(message: string): void, level: import('./config.mjs').LogLevel }} Logger */

/**
 * @param {import('./config.mjs').LogLevel} level
 * @param {(line: string) => void} [write]
 * @returns {Logger}
 */
export function createLogger(level, write = (line) => process.stderr.write(`${line}\n`)) {
  const stamp = () => new Date().toISOString().slice(11, 23);
  return {
    level,
    info(message) {
      if (level !== 'silent') write(`[stack ${stamp()}] ${message}`);
    },
    debug(message) {
      if (level === 'debug') write(`[stack ${stamp()}] ${message}`);
    },
    error(message) {
      write(`[stack ${stamp()}] ${message}`);
    },
  };
}
