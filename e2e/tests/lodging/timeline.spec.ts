import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, type Owner } from '../shell/support/shellApi';
import { insertRow, utcDay } from './lodgingApi';
import { TimelinePage, dayTitle } from './TimelinePage';

const DOUBLE_BOOKING = 'This accommodation is already booked or blocked out for part of those dates.';

test.describe('the reservation timeline', () => {
  // Several screens, each checked with axe, on a machine shared by other stacks.
  test.describe.configure({ timeout: 150_000 });
  let owner: Owner;
  let birchId: string;
  test.beforeAll(async () => {
    owner = await createOwner('Lodging');
    const org = owner.orgName;
    const cabin = await insertRow('accommodations', { org_name: org, name: 'Cabin Alder', base_rate: 120 });
    const birch = await insertRow('accommodations', { org_name: org, name: 'Cabin Birch', base_rate: 140 });
    birchId = birch.id;
    const rateType = await insertRow('accommodation_rate_types', { org_name: org, name: 'Standard', abbreviation: 'STD', card_color: '#ffd591' });
    const rate = await insertRow('accommodation_rates', { org_name: org, name: 'Summer', type_id: rateType.id, priority: 1, qty: 1 });
    await insertRow('reservations', {
      org_name: org,
      name: 'Lindqvist family',
      accommodation_id: cabin.id,
      rate_id: rate.id,
      check_in: `${utcDay(2)}T15:00:00Z`,
      check_out: `${utcDay(4)}T11:00:00Z`,
      adults: 2,
      children: 1,
    });
  });

  test('Range sets the number of 190 px day columns after the Unit column', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    const timeline = new TimelinePage(page);
    await timeline.goto();
    await expect(timeline.grid.getByRole('columnheader').first()).toHaveText('Unit');
    await expect(timeline.dayHeaders).toHaveCount(30);
    await expect(timeline.grid.getByRole('rowheader')).toHaveText([/Cabin Alder/, /Cabin Birch/]);
    await expectNoSeriousA11yViolations(page);

    await timeline.chooseRange('2 weeks');
    await expect(timeline.dayHeaders).toHaveCount(14);
    for (const width of await timeline.dayHeaders.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width))) expect(width).toBe(190);

    await timeline.chooseRange('2 months');
    await expect(timeline.dayHeaders).toHaveCount(60);
    for (const width of await timeline.dayHeaders.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width))) expect(width).toBe(190);
    await expectNoSeriousA11yViolations(page);
  });

  test('a stay shows its guest count, rate and rate type on the rate type card colour', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    const timeline = new TimelinePage(page);
    await timeline.goto();
    const block = timeline.block('2a/1ch Summer STD');
    await expect(block).toHaveText('2a/1ch Summer STD');
    await expect(block).toHaveCSS('background-color', 'rgb(255, 213, 145)');
    // Check-in at 15:00 UTC: 62.5% into its day; the unit column is 180 px wide.
    const [blockBox, gridBox] = [await block.boundingBox(), await timeline.grid.boundingBox()];
    expect(Math.round((blockBox?.x ?? 0) - (gridBox?.x ?? 0) - 1 - 180)).toBe(Math.round(2 * 190 + 0.625 * 190));

    await block.click();
    await expect(timeline.dialog.getByText('Edit Reservation')).toBeVisible();
    await expect(timeline.dialog.getByLabel('Label', { exact: true })).toHaveValue('Lindqvist family');
    await expectNoSeriousA11yViolations(page);
  });

  test('a free cell books the unit for that day; an overlapping stay is refused beside the form and by the API', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    const timeline = new TimelinePage(page);
    await timeline.goto();
    const day = utcDay(1);
    await timeline.freeCell('Cabin Birch', dayTitle(day)).click();
    await expect(timeline.dialog.getByText('New Reservation')).toBeVisible();
    await timeline.dialog.getByLabel('Label', { exact: true }).fill('Walk-in guest');
    await timeline.saveButton().click();
    await expect(timeline.dialog).toBeHidden();
    await expect(timeline.block('1a (untitled)')).toHaveCount(1);
    const { data: saved } = await serviceClient().schema('catalog').from('reservations').select('name, accommodation_id').eq('org_name', owner.orgName).eq('name', 'Walk-in guest');
    expect(saved).toEqual([{ name: 'Walk-in guest', accommodation_id: birchId }]);

    // The same night again: the database refuses it and the editor says why.
    await timeline.freeCell('Cabin Birch', dayTitle(day)).click();
    await timeline.dialog.getByLabel('Label', { exact: true }).fill('Second walk-in');
    await timeline.saveButton().click();
    await expect(timeline.dialog.getByText(DOUBLE_BOOKING)).toBeVisible();
    await expect(timeline.dialog).toBeVisible();
    // The pointer still rests on Save; its hover shade is the shell's branding, not this screen.
    await page.mouse.move(1, 400);
    await expectNoSeriousA11yViolations(page);

    const refused = await serviceClient()
      .schema('catalog')
      .from('reservations')
      .insert({ org_name: owner.orgName, name: 'API double', accommodation_id: birchId, check_in: `${day}T20:00:00Z`, check_out: `${utcDay(2)}T10:00:00Z` });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(DOUBLE_BOOKING);
  });
});
