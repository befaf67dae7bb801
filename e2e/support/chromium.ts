import { existsSync } from 'node:fs';

// Debian's Chromium (no browser downloads here), started with the flags this network needs.
export { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium build without a
 * window system: what Playwright itself runs headless tests in) when installed, else the full
 * browser, whose headless mode draws and composites as a windowed one does. `.ci/run` installs it.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_PATH = process.env.STEWARD_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
