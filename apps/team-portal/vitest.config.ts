import { domTestConfig } from '../../libs/vitest.dom.ts';

/** Unit tests of the team portal remote: logic and components in happy-dom, no network. */
export default domTestConfig({
  dir: import.meta.dirname,
  name: 'team-portal',
});
