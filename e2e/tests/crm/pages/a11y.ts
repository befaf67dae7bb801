import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../../support/axe';

/** axe on the screen at rest: the pointer is moved off the last clicked control so no hover colour is scanned. */
export async function expectAccessible(page: Page, options: { include?: string } = {}): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, options);
}
