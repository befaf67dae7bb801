import { domTestConfig } from '../../libs/vitest.dom.ts';

/** Unit tests of the operations remote: logic and components in happy-dom, no network (libs/vitest.dom.ts). */
export const operationsUnit = {
  dir: import.meta.dirname,
  name: 'operations',
  // What the build stamps into the area (build/rsbuildApp.mjs), so the area module itself can be tested.
  define: { __STEWARD_APP_VERSION__: JSON.stringify('test') },
};

export default domTestConfig(operationsUnit);
