import { domTestConfig } from '../../libs/vitest.dom.ts';

/** Unit tests of the CRM remote: logic and components in happy-dom, no network. */
export const crmUnit = {
  dir: import.meta.dirname,
  name: 'crm',
  // The Add New dialog's form is slow on a busy machine.
  testTimeout: 20_000,
  // What the build stamps into the area (build/rsbuildApp.mjs), so the area module itself can be tested.
  define: { __STEWARD_APP_VERSION__: JSON.stringify('test') },
};

export default domTestConfig(crmUnit);
