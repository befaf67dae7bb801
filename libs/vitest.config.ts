import { domTestConfig } from './vitest.dom.ts';

/** Unit tests of libs: logic and components in happy-dom, no network. Integration tests have their own config. */
export const libsUnit = {
  dir: import.meta.dirname,
  name: 'libs',
  exclude: ['src/**/*.integration.test.{ts,tsx}'],
  testTimeout: 20_000,
};

export default domTestConfig(libsUnit);
