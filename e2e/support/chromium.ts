// Debian's Chromium (no browser downloads here), started with the flags this network needs.
export { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';

export const CHROMIUM_PATH = process.env.STEWARD_CHROMIUM ?? '/usr/bin/chromium';
