import { expect, type Locator, type Page } from '@playwright/test';

/** Page object for the shell's sidebar: groups open on hover or click, items are links. */
export class MainMenu {
  readonly nav: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main menu' });
  }

  /**
   * Clicks a menu item the way a person would. The pointer reaches the icon strip first (at its top,
   * on Dashboard, above every group) and the person sees it widen: the current page's group opens
   * then and moves the groups below it. Only then do they aim: a closed group is opened with a click
   * on its header (opened by a click, it stays open wherever the pointer goes next), then the item.
   */
  async open(group: string, item: string): Promise<void> {
    await this.nav.getByRole('link', { name: 'Dashboard', exact: true }).hover();
    await expect(this.nav).toHaveAttribute('data-expanded');
    const header = this.nav.getByRole('button', { name: group, exact: true });
    if ((await header.getAttribute('aria-expanded')) !== 'true') {
      await header.click();
      await expect(header).toHaveAttribute('aria-expanded', 'true');
    }
    await this.nav.getByRole('link', { name: item, exact: true }).click();
  }
}
