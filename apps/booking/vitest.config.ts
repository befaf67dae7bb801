import { domTestConfig } from '../../libs/vitest.dom.ts';

/** Unit tests of the Online Booking remote: the public pages' logic and components in happy-dom, no network. */
export default domTestConfig({
  dir: import.meta.dirname,
  name: 'booking',
});
