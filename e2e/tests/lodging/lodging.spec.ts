import { expect, test } from '@playwright/test';
import dayjs from 'dayjs';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique, type Owner } from '../shell/support/shellApi';

test.describe('lodging', () => {
  let owner: Owner;
  test.beforeAll(async () => {
    owner = await createOwner('Lodging');
  });

  test('an accommodation added in Lodging Settings becomes a timeline row; a stay shows its guests, rate and colour; double booking is refused', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/reservations');
    await expect(page.getByText('No accommodations found.')).toBeVisible();

    await page.goto('/reservationsettings');
    await expect(page.getByRole('heading', { name: 'Lodging Settings' })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Go back' })).toHaveAttribute('href', '/settings');
    await expect(page.getByText('No rows yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const unit = unique('Cabin');
    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Accommodation' });
    await dialog.getByLabel('Name', { exact: true }).fill(unit);
    await dialog.getByLabel('Base rate').fill('150');
    await dialog.getByLabel('Inventory count').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: unit })).toBeVisible();

    // A stay tomorrow 16:00 UTC to the day after at 11:00 UTC, on a coloured rate type.
    const db = serviceClient().schema('catalog');
    const { data: accommodation } = await db.from('accommodations').select('id').eq('name', unit).single();
    const { data: type } = await db.from('accommodation_rate_types').insert({ org_name: owner.orgName, name: 'Weekend', abbreviation: 'WKD', card_color: '#ffe58f' }).select('id').single();
    const { data: rate } = await db.from('accommodation_rates').insert({ org_name: owner.orgName, name: 'Getaway', type_id: type!.id, priority: 1 }).select('id').single();
    const checkIn = `${dayjs().add(1, 'day').format('YYYY-MM-DD')}T16:00:00Z`;
    const checkOut = `${dayjs().add(3, 'day').format('YYYY-MM-DD')}T11:00:00Z`;
    const stay = { org_name: owner.orgName, accommodation_id: accommodation!.id, rate_id: rate!.id, name: 'Guest stay', confirmation: unique('C'), check_in: checkIn, check_out: checkOut, adults: 2, children: 1 };
    expect((await db.from('reservations').insert(stay)).error).toBeNull();
    const clash = await db.from('reservations').insert({ ...stay, confirmation: unique('C') });
    expect(clash.error?.message).toBe('This accommodation is already booked or blocked out for part of those dates.');

    await page.goto('/reservations');
    const grid = page.getByRole('table', { name: 'Reservation timeline' });
    const headers = grid.getByRole('columnheader');
    await expect(headers.first()).toHaveText('Unit');
    await expect(headers).toHaveCount(31);
    const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: unit }) });
    const block = row.getByText('2a/1ch · Getaway · WKD');
    await expect(block).toBeVisible();
    await expect(block).toHaveCSS('background-color', 'rgb(255, 229, 143)');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Range').click();
    await page.locator('.ant-select-item-option[title="2 weeks"]').click();
    await expect(headers).toHaveCount(15);
  });
});
