import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { holdRequests } from '../../support/holdRequests';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { waitForMail } from '../auth/support/mailOutbox';
import { chooseOption } from '../crm/pages/chooseOption';
import { createOwner, serviceClient, type Owner } from '../shell/support/shellApi';
import { setOrgCurrency } from '../shell/support/languages';
import { insertRow, utcDay } from './lodgingApi';
import { TimelinePage, dayTitle } from './TimelinePage';

// Cabin Cedar's member rate: a price per weekday (Monday first), two adults included, 15.00 a night per child.
const WEEK = [100, 100, 100, 100, 150, 150, 120];
const CHILD = 15;
// Lodge Room 102's standard rate, Monday first.
const ROOM_WEEK = [139, 139, 139, 139, 169, 169, 139];
const TAX_PERCENT = 10;
const STAY_FEE = 20;

// Amounts as the desk writes them in English: the organisation's currency through Intl.
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const weekdayPrice = (day: string) => WEEK[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7] ?? 0;

/** What three nights from `first` for two adults and a child cost by the rates and the organisation's settings. */
function expectedStay(first: number) {
  const nights = [0, 1, 2].map((offset) => weekdayPrice(utcDay(first + offset)) + CHILD);
  const subtotal = nights.reduce((sum, amount) => sum + amount, 0);
  const tax = Math.round(subtotal * TAX_PERCENT) / 100;
  return { nights, subtotal, total: subtotal + tax + STAY_FEE };
}

/** The timeline from `startDay` days ahead (its columns are virtualised: a day must be near the start to be drawn). */
async function openTimeline(page: Page, owner: Owner, startDay = 0): Promise<TimelinePage> {
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  const timeline = new TimelinePage(page);
  await timeline.goto();
  if (startDay !== 0) {
    await timeline.startDate.fill(utcDay(startDay));
    await expect(timeline.dayHeaders.first()).toContainText(dayTitle(utcDay(startDay)));
  }
  return timeline;
}

test.describe('the front desk', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let owner: Owner;
  let birchId: string;
  const guestEmail = `guest-${Date.now().toString(36)}@guests.example.com`;
  let contactId: string;

  test.beforeAll(async () => {
    owner = await createOwner('Desk');
    const org = owner.orgName;
    await insertRow('lodging_settings', { org_name: org, tax_percent: TAX_PERCENT, stay_fee: STAY_FEE, nightly_fee: 0 });
    const cedar = await insertRow('accommodations', { org_name: org, name: 'Cabin Cedar', base_rate: 90 });
    const birch = await insertRow('accommodations', { org_name: org, name: 'Cabin Birch', base_rate: 140 });
    birchId = birch.id;
    // Lodge Room 102: a standard nightly rate, and a weekend rate above it that needs two nights.
    const room = await insertRow('accommodations', { org_name: org, name: 'Lodge Room 102', base_rate: 149 });
    await insertRow('accommodation_rates', {
      org_name: org, name: 'Lodge room nightly', accommodation_id: room.id, priority: 10, qty: 1, min_stay: 1,
      mon: ROOM_WEEK[0], tue: ROOM_WEEK[1], wed: ROOM_WEEK[2], thu: ROOM_WEEK[3], fri: ROOM_WEEK[4], sat: ROOM_WEEK[5], sun: ROOM_WEEK[6],
    });
    await insertRow('accommodation_rates', {
      org_name: org, name: 'Weekend getaway', accommodation_id: room.id, priority: 30, qty: 1, min_stay: 2, fri: 249, sat: 249, sun: 249,
    });
    const [mon, tue, wed, thu, fri, sat, sun] = WEEK;
    await insertRow('accommodation_rates', {
      org_name: org, name: 'Cabin member rate', accommodation_id: cedar.id, priority: 5, qty: 1,
      mon, tue, wed, thu, fri, sat, sun, included_adults: 2, included_children: 0, additional_child: CHILD, additional_adult: 30, min_stay: 2,
    });
    const { data: contact, error } = await serviceClient().schema('crm').from('contacts').insert({ org_name: org, name: 'Ada Okafor' }).select('id').single();
    if (error) throw new Error(error.message);
    contactId = (contact as { id: string }).id;
    const method = await serviceClient().schema('crm').from('contact_methods').insert({ org_name: org, contact_id: contactId, value: guestEmail, label: 'Email', is_primary: true });
    if (method.error) throw new Error(method.error.message);
  });

  test('a cabin for 3 nights with 2 adults and 1 child is priced from the rates as the form changes, and saved with that total', async ({ page }) => {
    const timeline = await openTimeline(page, owner, 9);
    await timeline.freeCell('Cabin Cedar', dayTitle(utcDay(10))).click();
    await expect(timeline.dialog.getByText('New Reservation')).toBeVisible();
    await timeline.dialog.getByLabel('Label', { exact: true }).fill('Okafor family');
    // One night: the rate's minimum stay refuses it, live.
    await expect(timeline.dialog.getByRole('alert').filter({ hasText: 'Minimum stay is 2 nights for Cabin member rate' })).toBeVisible();
    await timeline.dialog.getByLabel('Check Out', { exact: true }).fill(`${utcDay(13)}T11:00`);
    await timeline.dialog.getByLabel('Adults', { exact: true }).fill('2');
    await timeline.dialog.getByLabel('Children', { exact: true }).fill('1');

    const expected = expectedStay(10);
    const breakdown = timeline.dialog.getByRole('table', { name: 'Price breakdown' });
    await expect(breakdown.locator('tbody tr')).toHaveCount(3);
    await expect(breakdown.locator('tbody tr td:last-child')).toHaveText(expected.nights.map(money));
    await expect(timeline.dialog.getByTestId('quote-total')).toHaveText(money(expected.total));
    await expectNoSeriousA11yViolations(page);

    await timeline.saveButton().click();
    await expect(timeline.dialog).toBeHidden();
    await expect(timeline.block('Okafor family')).toHaveCount(1);
    const { data } = await serviceClient().schema('catalog').from('reservations').select('total_amount, subtotal, status, price_overridden').eq('org_name', owner.orgName).eq('name', 'Okafor family').single();
    expect(data).toEqual({ total_amount: expected.total, subtotal: expected.subtotal, status: 'Tentative', price_overridden: false });
  });

  test('a 1-night stay where the only rate needs 2 nights is refused with the reason', async ({ page }) => {
    const timeline = await openTimeline(page, owner, 19);
    await timeline.freeCell('Cabin Cedar', dayTitle(utcDay(20))).click();
    await timeline.dialog.getByLabel('Label', { exact: true }).fill('One night only');
    await expect(timeline.dialog.getByRole('alert').filter({ hasText: 'Minimum stay is 2 nights for Cabin member rate' })).toBeVisible();
    await timeline.saveButton().click();
    // The database refuses the save with the same reason; the form stays open.
    await expect(timeline.dialog.getByRole('alert').filter({ hasText: 'Minimum stay is 2 nights for Cabin member rate' })).toHaveCount(2);
    await expect(timeline.dialog).toBeVisible();
    const { data } = await serviceClient().schema('catalog').from('reservations').select('id').eq('org_name', owner.orgName).eq('name', 'One night only');
    expect(data).toEqual([]);
  });

  test('a 1-night Saturday on Lodge Room 102 is priced at the standard rate, the 2-night weekend rate above it skipped', async ({ page }) => {
    let saturday = 20;
    while (new Date(`${utcDay(saturday)}T00:00:00Z`).getUTCDay() !== 6) saturday += 1;
    const timeline = await openTimeline(page, owner, saturday - 1);
    await timeline.freeCell('Lodge Room 102', dayTitle(utcDay(saturday))).click();
    await timeline.dialog.getByLabel('Label', { exact: true }).fill('Saturday guest');
    const night = ROOM_WEEK[5] ?? 0;
    const breakdown = timeline.dialog.getByRole('table', { name: 'Price breakdown' });
    await expect(breakdown.locator('tbody tr')).toHaveCount(1);
    await expect(breakdown.locator('tbody tr')).toContainText('Lodge room nightly');
    await expect(breakdown.locator('tbody tr td:last-child')).toHaveText(money(night));
    const total = night + Math.round(night * TAX_PERCENT) / 100 + STAY_FEE;
    await expect(timeline.dialog.getByTestId('quote-total')).toHaveText(money(total));
    await expect(timeline.dialog.getByRole('alert')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await timeline.saveButton().click();
    await expect(timeline.dialog).toBeHidden();
    const { data } = await serviceClient().schema('catalog').from('reservations').select('total_amount, nights').eq('org_name', owner.orgName).eq('name', 'Saturday guest').single();
    expect(data).toEqual({ total_amount: total, nights: 1 });
  });

  test('confirming a stay sends its guest a confirmation e-mail; a deposit lowers the balance due', async ({ page }) => {
    const { data: stay } = await serviceClient()
      .schema('catalog')
      .from('reservations')
      .update({ contact_id: contactId })
      .eq('org_name', owner.orgName)
      .eq('name', 'Okafor family')
      .select('confirmation, total_amount')
      .single();
    const { confirmation, total_amount: total } = stay as { confirmation: string; total_amount: number };
    const timeline = await openTimeline(page, owner, 9);
    await timeline.block('Okafor family').click();
    await expect(timeline.dialog.getByTestId('stay-status')).toHaveText('Tentative');
    await timeline.dialog.getByRole('button', { name: 'Confirm: Okafor family' }).click();
    await expect(timeline.dialog.getByTestId('stay-status')).toHaveText('Confirmed');
    await expect(timeline.dialog.getByTestId('confirmation-sent')).toContainText(`Confirmation e-mailed to ${guestEmail}`);
    const mail = await waitForMail(guestEmail, `Your stay is confirmed (${confirmation})`);
    expect(mail.text).toContain('Accommodation: Cabin Cedar');
    expect(mail.text).toContain('Guests: 2 adults, 1 child');
    expect(mail.text).toContain(`Total: ${total.toFixed(2)} USD`);

    const balance = timeline.dialog.getByTestId('balance-due');
    await expect(balance).toHaveText(money(total));
    await timeline.dialog.getByLabel('Amount', { exact: true }).fill('100');
    await timeline.dialog.getByRole('button', { name: 'Record deposit' }).click();
    await expect(balance).toHaveText(money(total - 100));
    await expectNoSeriousA11yViolations(page);
  });

  test('checking in from Today shows on the timeline; the folio prints the balance', async ({ page }) => {
    await insertRow('reservations', {
      org_name: owner.orgName, name: 'Kim party', accommodation_id: birchId, status: 'Confirmed', adults: 2,
      check_in: `${utcDay(0)}T15:00:00Z`, check_out: `${utcDay(2)}T10:00:00Z`, total_amount: 280,
    });
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/frontdesk');
    const arrivals = page.getByRole('region', { name: /Arrivals/ });
    const row = arrivals.getByRole('row', { name: /Kim party/ });
    await expect(row).toContainText('Confirmed');
    await expect(row).toContainText(money(280));
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('button', { name: 'Check in: Kim party' }).click();
    await expect(row).toContainText('Checked in');
    await expect(row.getByRole('button', { name: 'Check out: Kim party' })).toBeVisible();

    const timeline = new TimelinePage(page);
    await timeline.goto();
    await expect(timeline.block('Kim party')).toHaveAttribute('data-status', 'Checked in');
    await expect(timeline.block('Kim party')).toHaveAccessibleName(/Checked in$/);

    await page.goto('/frontdesk');
    await page.getByRole('region', { name: /Arrivals/ }).getByRole('link', { name: 'Kim party' }).click();
    await expect(page.getByRole('article', { name: /^Folio / })).toBeVisible();
    await expect(page.getByTestId('folio-balance')).toHaveText(money(280));
  });

  test('the dashboard shows today at the desk (Lodging\'s card) with a link to the front desk', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Today at the desk' });
    // Kim party arrives today (checked in above).
    await expect(card.getByTestId('desk-arrivals')).toHaveText('1');
    await expect(card.getByTestId('desk-in-house')).toHaveText('0');
    await expectNoSeriousA11yViolations(page);
    await card.getByRole('link', { name: 'Open the front desk' }).click();
    await expect(page.getByRole('region', { name: /Arrivals/ }).getByRole('row', { name: /Kim party/ })).toContainText('Checked in');
  });

  test('on a phone the desk card’s figures stay where they are drawn when the numbers replace the dots', async ({ page }) => {
    for (const width of [390, 412]) {
      await page.setViewportSize({ width, height: 844 });
      await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
      // The desk's read held back: the card is drawn with its dots first, as on a slow phone.
      const release = await holdRequests(page, '**/rpc/desk_day');
      await page.goto('/dashboard');
      const card = page.getByRole('region', { name: 'Today at the desk' });
      await expect(card.getByTestId('desk-arrivals')).toHaveText('…');
      const boxes = () => card.locator('li').evaluateAll((items) => items.map((item) => JSON.stringify(item.getBoundingClientRect())));
      const waiting = await boxes();
      release();
      await expect(card.getByTestId('desk-arrivals')).not.toHaveText('…');
      // The demo's balance due ($2,005.30) is the widest figure.
      await expect(card.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
      expect(await boxes()).toEqual(waiting);
      await page.unrouteAll();
    }
  });

  test('on a phone the front desk lists each stay as a card that fits the screen, with its check-out', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/frontdesk');
    const row = page.getByRole('region', { name: /Arrivals/ }).getByRole('row', { name: /Kim party/ });
    await expect(row).toContainText(money(280));
    await expect(row.getByRole('button', { name: 'Check out: Kim party' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });

  test('cancelling a stay frees its cell for a new booking', async ({ page }) => {
    await insertRow('reservations', {
      org_name: owner.orgName, name: 'Lund party', accommodation_id: birchId, status: 'Confirmed', adults: 1,
      check_in: `${utcDay(5)}T16:00:00Z`, check_out: `${utcDay(6)}T11:00:00Z`,
    });
    const timeline = await openTimeline(page, owner, 4);
    await timeline.block('Lund party').click();
    await timeline.dialog.getByRole('button', { name: 'Cancel stay: Lund party' }).click();
    await expect(timeline.dialog.getByTestId('stay-status')).toHaveText('Cancelled');
    await timeline.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(timeline.block('Lund party')).toHaveCount(0);

    await timeline.freeCell('Cabin Birch', dayTitle(utcDay(5))).click();
    await timeline.dialog.getByLabel('Label', { exact: true }).fill('Rebooked guest');
    await timeline.saveButton().click();
    await expect(timeline.dialog).toBeHidden();
    await expect(timeline.block('Rebooked guest')).toHaveCount(1);
    const { data } = await serviceClient().schema('catalog').from('reservations').select('status').eq('org_name', owner.orgName).eq('accommodation_id', birchId).gte('check_in', `${utcDay(5)}T00:00:00Z`).lt('check_in', `${utcDay(6)}T00:00:00Z`).order('name');
    expect(data).toEqual([{ status: 'Cancelled' }, { status: 'Tentative' }]);
  });
  test('a price typed by hand is kept and marked as manual on the form and the folio', async ({ page }) => {
    const timeline = await openTimeline(page, owner, 4);
    await timeline.block('Rebooked guest').click();
    await expect(timeline.dialog.getByTestId('stay-status')).toHaveText('Tentative');
    await expect(timeline.dialog.getByRole('heading', { name: /^Price/ })).toHaveText('Price from the rates');
    await chooseOption(page, timeline.dialog, 'Manual price (keep the amounts below, not the rates)', 'True');
    await expect(timeline.dialog.getByRole('heading', { name: /^Price/ })).toHaveText('Price Manual price');
    await timeline.dialog.getByLabel('Subtotal', { exact: true }).fill('90');
    await timeline.dialog.getByLabel('Total Amount', { exact: true }).fill('99');
    await expectNoSeriousA11yViolations(page);
    await timeline.saveButton().click();
    await expect(timeline.dialog).toBeHidden();
    const { data } = await serviceClient().schema('catalog').from('reservations').select('id, total_amount, price_overridden').eq('org_name', owner.orgName).eq('name', 'Rebooked guest').single();
    const stay = data as { id: string; total_amount: number; price_overridden: boolean };
    expect(stay).toMatchObject({ total_amount: 99, price_overridden: true });

    await page.goto(`/folio/${stay.id}`);
    const folio = page.getByRole('article', { name: /^Folio / });
    await expect(folio.getByRole('table', { name: 'Charges and payments' })).toContainText('Accommodation, 1 night (manual price)');
    await expect(page.getByTestId('folio-balance')).toHaveText(money(99));
  });

  test('the front desk shows any day: a cancelled stay is not expected, its rebooking is, with the balance of its manual price', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/frontdesk');
    await page.getByLabel('Day', { exact: true }).fill(utcDay(5));
    const arrivals = page.getByRole('region', { name: /Arrivals/ });
    const row = arrivals.getByRole('row', { name: /Rebooked guest/ });
    await expect(row).toContainText('Tentative');
    await expect(row).toContainText(money(99));
    await expect(arrivals.getByRole('row', { name: /Lund party/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('Add New books a unit chosen in the form, priced from the rates once unit and dates are set', async ({ page }) => {
    const timeline = await openTimeline(page, owner, 29);
    await page.getByRole('button', { name: 'Add New' }).click();
    await expect(timeline.dialog.getByText('New Reservation')).toBeVisible();
    await timeline.dialog.getByLabel('Label', { exact: true }).fill('Walk-in pair');
    await chooseOption(page, timeline.dialog, 'Accommodation', 'Cabin Cedar');
    await timeline.dialog.getByLabel('Check In', { exact: true }).fill(`${utcDay(30)}T16:00`);
    await timeline.dialog.getByLabel('Check Out', { exact: true }).fill(`${utcDay(32)}T11:00`);
    await timeline.dialog.getByLabel('Adults', { exact: true }).fill('2');
    const nights = [30, 31].map((offset) => weekdayPrice(utcDay(offset)));
    const subtotal = nights[0]! + nights[1]!;
    const breakdown = timeline.dialog.getByRole('table', { name: 'Price breakdown' });
    await expect(breakdown.locator('tbody tr td:last-child')).toHaveText(nights.map(money));
    await expect(timeline.dialog.getByTestId('quote-total')).toHaveText(money(subtotal + Math.round(subtotal * TAX_PERCENT) / 100 + STAY_FEE));
    await timeline.saveButton().click();
    await expect(timeline.dialog).toBeHidden();
    await expect(timeline.block('Walk-in pair')).toHaveCount(1);
  });

  test('a calendar feed made in Lodging Settings shows the unit\'s busy dates to any calendar app, without names, until revoked', async ({ page }) => {
    await insertRow('reservations', {
      org_name: owner.orgName, name: 'Feed Secretname', accommodation_id: birchId, status: 'Confirmed', adults: 2,
      check_in: `${utcDay(15)}T16:00:00Z`, check_out: `${utcDay(18)}T11:00:00Z`,
    });
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/reservationsettings');
    await page.getByRole('tab', { name: 'Calendar Feeds' }).click();
    const panel = page.getByRole('tabpanel');
    await chooseOption(page, panel, 'Accommodation', 'Cabin Birch');
    await panel.getByLabel('Feed name', { exact: true }).fill('Channel manager');
    await panel.getByRole('button', { name: 'New feed' }).click();
    const address = panel.getByRole('alert').filter({ hasText: 'Subscribe to this address now' }).locator('code');
    await expect(address).toContainText('/rest/v1/rpc/accommodation_calendar?token=');
    const url = (await address.textContent()) ?? '';
    await expectNoSeriousA11yViolations(page);

    // What a calendar app gets: no session, no headers.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await feed.text();
    expect(body).toContain(`DTSTART;VALUE=DATE:${utcDay(15).replaceAll('-', '')}`);
    expect(body).toContain('SUMMARY:Busy');
    expect(body).not.toContain('Secretname');

    await panel.getByRole('button', { name: 'Revoke feed Channel manager' }).click();
    await expect(panel.getByRole('row', { name: /Channel manager/ })).toContainText('Revoked');
    expect((await fetch(url)).status).toBe(404);
  });
});

test('an organisation whose Org Data currency is EUR sees its stays in euros at the desk and on the folio', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await createOwner('EuroDesk');
  await setOrgCurrency(owner.orgName, 'EUR');
  const unit = await insertRow('accommodations', { org_name: owner.orgName, name: 'Cabin Euro', base_rate: 140 });
  await insertRow('reservations', {
    org_name: owner.orgName, name: 'Euro party', accommodation_id: unit.id, status: 'Confirmed', adults: 2,
    check_in: `${utcDay(0)}T15:00:00Z`, check_out: `${utcDay(2)}T10:00:00Z`, total_amount: 280,
  });
  const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(280);
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/frontdesk');
  const arrivals = page.getByRole('region', { name: /Arrivals/ });
  await expect(arrivals.getByRole('row', { name: /Euro party/ })).toContainText(euros);
  await arrivals.getByRole('link', { name: 'Euro party' }).click();
  await expect(page.getByRole('article', { name: /^Folio / })).toBeVisible();
  await expect(page.getByTestId('folio-balance')).toHaveText(euros);
});
