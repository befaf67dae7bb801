import { domTestConfig } from '../../libs/vitest.dom.ts';
import { operationsUnit } from './vitest.config.ts';

/** The operations remote's unit tests that replace modules (vi.mock), each file with fresh modules (libs/vitest.dom.ts). */
export default domTestConfig({ ...operationsUnit, part: 'isolated' });
