import { domTestConfig } from '../../libs/vitest.dom.ts';

/** Unit tests of the operations remote: logic and components in happy-dom, no network; fresh modules per file. */
export default domTestConfig({
  dir: import.meta.dirname,
  name: 'operations',
  part: 'all',
  // What the build stamps into the area (build/rsbuildApp.mjs), so the area module itself can be tested.
  define: { __STEWARD_APP_VERSION__: JSON.stringify('test') },
});
