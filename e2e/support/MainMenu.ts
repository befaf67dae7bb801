import type { Locator, Page } from '@playwright/test';

/** Page object for the shell's sidebar: groups open on hover or click, items are links. */
export class MainMenu {
  readonly nav: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main menu' });
  }

  /** Clicks a menu item the way a person would: open its group if it is closed, then the item. */
  async open(group: string, item: string): Promise<void> {
    await this.nav.hover();
    const link = this.nav.getByRole('link', { name: item, exact: true });
    if (!(await link.isVisible())) await this.nav.getByRole('button', { name: group, exact: true }).click();
    await link.click();
  }
}
