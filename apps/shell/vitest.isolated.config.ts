import { domTestConfig } from '../../libs/vitest.dom.ts';
import { shellUnit } from './vitest.config.ts';

/** The shell's unit tests that replace modules (the federation runtime, lazily loaded chunks), each file with fresh modules (libs/vitest.dom.ts). */
export default domTestConfig({ ...shellUnit, part: 'isolated' });
