import { domTestConfig } from '../../libs/vitest.dom.ts';
import { crmUnit } from './vitest.config.ts';

/** The CRM remote's unit tests that replace modules (vi.mock), each file with fresh modules (libs/vitest.dom.ts). */
export default domTestConfig({ ...crmUnit, part: 'isolated' });
