/** Debian's Chromium (no browser downloads here), started with the flags this network needs. */
export const CHROMIUM_PATH = process.env.STEWARD_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
