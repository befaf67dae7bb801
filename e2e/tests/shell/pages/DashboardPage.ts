import type { Locator, Page } from '@playwright/test';

/** The dashboard's stat cards and its "No data yet" card. */
export class DashboardPage {
  readonly root: Locator;
  readonly noData: Locator;

  constructor(private readonly page: Page) {
    this.root = page.locator('.stw-dashboard');
    this.noData = page.getByRole('region', { name: 'No data yet' });
  }

  card(label: 'Total Contacts' | 'Businesses' | 'Orders' | 'Revenue'): Locator {
    return this.page.getByRole('list', { name: 'Statistics' }).getByRole('link', { name: new RegExp(`^${label}`) });
  }

  value(label: 'Total Contacts' | 'Businesses' | 'Orders' | 'Revenue'): Locator {
    return this.card(label).locator('strong');
  }
}
