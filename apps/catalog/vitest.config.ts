import { domTestConfig } from '../../libs/vitest.dom.ts';

/** Unit tests of the Catalog remote: logic in happy-dom, no network. */
export default domTestConfig({
  dir: import.meta.dirname,
  name: 'catalog',
});
