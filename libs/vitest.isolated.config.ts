import { libsUnit } from './vitest.config.ts';
import { domTestConfig } from './vitest.dom.ts';

/** The unit tests of libs that replace modules (vi.mock), each file with fresh modules (vitest.dom.ts). */
export default domTestConfig({ ...libsUnit, part: 'isolated' });
