import type { Locator, Page } from '@playwright/test';

/** The reservation timeline screen (/reservations). */
export class TimelinePage {
  readonly grid: Locator;
  readonly dayHeaders: Locator;
  readonly range: Locator;
  readonly startDate: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByRole('table', { name: 'Reservation timeline' });
    // Every column header after 'Unit' is a day.
    this.dayHeaders = this.grid.getByRole('columnheader').filter({ hasNotText: /^Unit$/ });
    this.range = page.getByLabel('Range');
    this.startDate = page.getByLabel('Start date');
    this.dialog = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/reservations');
    await this.grid.waitFor();
  }

  async chooseRange(label: '2 weeks' | '1 month' | '45 days' | '2 months'): Promise<void> {
    await this.range.selectOption({ label });
  }

  block(text: string): Locator {
    return this.grid.getByRole('button', { name: new RegExp(`^Reservation .*${text.replace(/[()]/g, '\\$&')}`) });
  }

  freeCell(unit: string, dayTitle: string): Locator {
    return this.grid.getByRole('button', { name: `New reservation: ${unit}, ${dayTitle}`, exact: true });
  }

  saveButton(): Locator {
    return this.dialog.getByRole('button', { name: 'Save' });
  }
}

/** A day as the timeline's headers and cells name it ('Mon, Nov 23'; in Spanish 'lun, 23 nov'). */
export function dayTitle(day: string, locale = 'en-US'): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
