import type { Locator, Page } from '@playwright/test';

/** The authenticated layout: header (title, organisation switcher, e-mail, Sign Out) and main menu. */
export class AppShell {
  readonly header: Locator;
  readonly title: Locator;
  readonly email: Locator;
  readonly orgSwitcher: Locator;
  readonly signOutButton: Locator;
  readonly menu: Locator;
  /** The element the active organisation's theme is applied to (data-org names that organisation). */
  readonly themeRoot: Locator;

  constructor(private readonly page: Page) {
    this.header = page.locator('header.stw-header');
    this.title = this.header.getByRole('heading', { level: 1 });
    this.email = page.getByTestId('header-email');
    this.orgSwitcher = this.header.getByRole('button', { name: /^Organization:/ });
    this.signOutButton = this.header.getByRole('button', { name: 'Sign Out' });
    this.menu = page.getByRole('navigation', { name: 'Main menu' });
    this.themeRoot = page.locator('.stw-org-theme');
  }

  async organisations(): Promise<string[]> {
    await this.orgSwitcher.click();
    const items = this.page.getByRole('menuitemradio');
    await items.first().waitFor();
    const names = (await items.allTextContents()).map((name) => name.trim());
    await this.page.keyboard.press('Escape');
    return names;
  }

  async switchOrganisation(name: string): Promise<void> {
    await this.orgSwitcher.click();
    await this.page.getByRole('menuitemradio', { name, exact: true }).click();
  }

  async headerBackground(): Promise<string> {
    return this.header.evaluate((element) => getComputedStyle(element).backgroundColor);
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }
}
