import { domTestConfig } from '../../libs/vitest.dom.ts';

/** The shell's unit tests: logic and components in happy-dom, no network (libs/vitest.dom.ts). */
export const shellUnit = { dir: import.meta.dirname, name: 'shell' };

export default domTestConfig(shellUnit);
