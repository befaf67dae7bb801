import type { Locator, Page } from '@playwright/test';

/** /orgsettings: tabs Org Data, Branding and Components. */
export class OrgSettingsPage {
  constructor(private readonly page: Page) {}

  goto() {
    return this.page.goto('/orgsettings');
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Organization Settings', level: 3 });
  }

  tab(name: 'Org Data' | 'Branding' | 'Components'): Locator {
    return this.page.getByRole('tab', { name });
  }

  color(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  get preview(): Locator {
    return this.page.getByRole('region', { name: 'Branding preview' });
  }

  componentSwitch(displayName: string): Locator {
    return this.page.getByRole('switch', { name: `${displayName} enabled` });
  }
}
