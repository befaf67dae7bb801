import { domTestConfig } from '../../libs/vitest.dom.ts';

/** Unit tests of the shell: logic and components in happy-dom, no network; fresh modules per file. */
export default domTestConfig({
  dir: import.meta.dirname,
  name: 'shell',
  part: 'all',
});
