import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { waitForMail } from '../auth/support/mailOutbox';
import { createOwner, serviceClient, setComponentEnabled, uniqueEmail, type Owner } from '../shell/support/shellApi';
import { insertRow, utcDay } from '../lodging/lodgingApi';
import { TimelinePage, dayTitle } from '../lodging/TimelinePage';

// A guest books a room on an organisation's public page, without signing in; the desk sees the stay
// and answers it; the guest is mailed each step and can open the booking from the mail's link.

// Amounts as the page writes them in English: the organisation's currency through Intl.
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const CHECK_IN = 35;
const CHECK_OUT = 37;

type Quote = { total: number; fees: number; tax: number; nights: { amount: number }[] };

/** The desk's price of the stay (catalog.quote_stay), which the public page must show. */
async function deskQuote(unitId: string): Promise<Quote> {
  const { data, error } = await serviceClient().schema('catalog').rpc('quote_stay', {
    p_accommodation_id: unitId, p_check_in: utcDay(CHECK_IN), p_check_out: utcDay(CHECK_OUT), p_adults: 2, p_children: 0, p_pets: 0,
  });
  if (error) throw new Error(error.message);
  return data as Quote;
}

/** The booking page, searched for the journey's two nights and two adults. */
async function searchTwoNights(page: Page, owner: Owner) {
  await page.goto(`/book/${encodeURIComponent(owner.orgName)}`);
  await expect(page.getByRole('heading', { level: 1, name: owner.orgName })).toBeVisible();
  const form = page.getByRole('form', { name: 'Search stays' });
  await form.getByLabel('Check-in').fill(utcDay(CHECK_IN));
  await form.getByLabel('Check-out').fill(utcDay(CHECK_OUT));
  await form.getByLabel('Adults').fill('2');
  await form.getByRole('button', { name: 'Search' }).click();
  return page.getByRole('region', { name: 'Available stays' });
}

async function fillGuest(page: Page, name: string, email: string) {
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Name').fill(name);
  await details.getByLabel('E-mail').fill(email);
  await details.getByLabel('Phone').fill('+1 555 0100');
  await details.getByLabel('Note for the desk').fill('Arriving late, around 9 pm.');
  return details;
}

test.describe('booking online', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let owner: Owner;
  let roomId: string;
  const guestEmail = uniqueEmail('guest');
  let confirmation = '';
  let guestLink = '';

  test.beforeAll(async () => {
    owner = await createOwner('Book');
    const org = owner.orgName;
    await insertRow('lodging_settings', { org_name: org, tax_percent: 10, stay_fee: 20, nightly_fee: 0, deposit_percent: 25, deposit_method: 'bank_transfer', bank_details: 'IBAN XX00 1234 5678' });
    const rooms = await insertRow('accommodation_classes', { org_name: org, name: 'Lodge rooms' });
    const room = await insertRow('accommodations', { org_name: org, name: 'Lodge Room 102', base_rate: 149, capacity: 3, class_id: rooms.id, beds: '1 queen, 1 twin' });
    roomId = room.id;
    await insertRow('accommodations', { org_name: org, name: 'Lodge Room 104', base_rate: 159, capacity: 2, class_id: rooms.id });
    await insertRow('accommodation_rates', {
      org_name: org, name: 'Lodge room nightly', class_id: rooms.id, priority: 10, qty: 1, min_stay: 1, max_advance_days: 365,
      mon: 139, tue: 139, wed: 139, thu: 139, fri: 169, sat: 169, sun: 139, included_adults: 2, additional_adult: 20,
    });
    await insertRow('accommodation_rates', {
      org_name: org, name: 'Weekend getaway', class_id: rooms.id, priority: 30, qty: 1, min_stay: 2, fri: 249, sat: 249, sun: 249, included_adults: 2,
    });
  });

  test('a visitor books Lodge Room 102 for two nights next month without signing in; a second visitor for the same nights is told it is gone', async ({ page, browser }) => {
    const quote = await deskQuote(roomId);
    const results = await searchTwoNights(page, owner);
    const offer = results.getByRole('article', { name: 'Lodge Room 102' });
    const prices = offer.getByRole('table', { name: 'Price for Lodge Room 102' });
    // Each night at its rate, then the fees and the tax.
    const rows = prices.locator('tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.locator('td:last-child')).toHaveText([...quote.nights.map((night) => money(night.amount)), money(quote.fees), money(quote.tax)]);
    await expect(offer.getByTestId('offer-total')).toHaveText(money(quote.total));
    await expect(offer).toContainText(`Deposit due: ${money(Math.round(quote.total * 25) / 100)}, paid by bank transfer.`);
    await expectNoSeriousA11yViolations(page);

    // A second visitor, in a browser of their own, looks at the same room for the same nights.
    const other = await browser.newContext({ baseURL: E2E_BASE_URL });
    const second = await other.newPage();
    const secondResults = await searchTwoNights(second, owner);
    await secondResults.getByRole('button', { name: 'Book Lodge Room 102' }).click();
    const secondDetails = await fillGuest(second, 'Sam Second', uniqueEmail('second'));

    await offer.getByRole('button', { name: 'Book Lodge Room 102' }).click();
    const details = await fillGuest(page, 'Grace Guest', guestEmail);
    await expectNoSeriousA11yViolations(page);
    await details.getByRole('button', { name: `Confirm booking: ${money(quote.total)}` }).click();
    const done = page.getByRole('status', { name: 'Your booking' });
    await expect(done.getByRole('heading', { name: 'Booking request received' })).toBeVisible();
    await expect(done.getByTestId('booking-status')).toHaveText('Tentative');
    await expect(done.getByTestId('booking-total')).toHaveText(money(quote.total));
    confirmation = (await done.getByTestId('booking-confirmation').textContent()) ?? '';
    expect(confirmation).toMatch(/^[0-9A-F]{8}$/);
    await expect(done).toContainText(`with the reference BOOKING ${confirmation}`);
    await expectNoSeriousA11yViolations(page);

    // The second visitor confirms a moment later: told at once, and shown what is still free.
    await secondDetails.getByRole('button', { name: `Confirm booking: ${money(quote.total)}` }).click();
    await expect(second.getByRole('alert')).toHaveText('Sorry, Lodge Room 102 has just been booked for those dates. Here is what is still free.');
    const left = second.getByRole('region', { name: 'Available stays' });
    await expect(left.getByRole('article', { name: 'Lodge Room 104' })).toBeVisible();
    await expect(left.getByRole('article', { name: 'Lodge Room 102' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(second);
    await other.close();

    const mail = await waitForMail(guestEmail, `We have your booking request (${confirmation})`);
    expect(mail.text).toContain('Accommodation: Lodge Room 102');
    expect(mail.text).toContain(`Total: ${quote.total.toFixed(2)} USD`);
    expect(mail.text).toContain(`by bank transfer, reference BOOKING ${confirmation}`);
    const link = /See or cancel your booking: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(new URL(link).pathname).toMatch(new RegExp(`^/book/${encodeURIComponent(owner.orgName)}/stay/[0-9a-f]{48}$`));
    guestLink = new URL(link).pathname;

    const { data } = await serviceClient().schema('catalog').from('reservations').select('status, source_channel, total_amount, other_notes, contact_id').eq('org_name', owner.orgName);
    expect(data).toEqual([expect.objectContaining({ status: 'Tentative', source_channel: 'Online booking', total_amount: quote.total, other_notes: 'Arriving late, around 9 pm.' })]);
  });

  test('the desk sees the request on the timeline as tentative, confirms it, and the guest gets the confirmation', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    const timeline = new TimelinePage(page);
    await timeline.goto();
    await timeline.startDate.fill(utcDay(CHECK_IN - 1));
    await expect(timeline.dayHeaders.first()).toContainText(dayTitle(utcDay(CHECK_IN - 1)));
    const block = timeline.block('Grace Guest');
    await expect(block).toHaveAttribute('data-status', 'Tentative');
    await block.click();
    await expect(timeline.dialog.getByTestId('stay-status')).toHaveText('Tentative');
    await timeline.dialog.getByRole('button', { name: 'Confirm: Grace Guest' }).click();
    const mail = await waitForMail(guestEmail, `Your stay is confirmed (${confirmation})`);
    expect(mail.text).toContain('Accommodation: Lodge Room 102');
    // The timeline shows the stay confirmed (the dialog closes and opens the saved stay again).
    await expect(block).toHaveAttribute('data-status', 'Confirmed');
  });

  test('the guest opens the booking from the mail\'s link, without an account, and cancels it within the rule', async ({ page }) => {
    await page.goto(guestLink);
    const booking = page.getByRole('region', { name: 'Your booking' });
    await expect(booking.getByTestId('booking-confirmation')).toHaveText(confirmation);
    await expect(booking.getByTestId('booking-status')).toHaveText('Confirmed');
    await expectNoSeriousA11yViolations(page);
    await booking.getByRole('button', { name: 'Cancel this booking' }).click();
    await expect(booking.getByTestId('booking-status')).toHaveText('Cancelled');
    await waitForMail(guestEmail, `Your booking is cancelled (${confirmation})`);
    // A link with a changed token shows nothing of the booking.
    await page.goto(guestLink.replace(/.$/, (last) => (last === '0' ? '1' : '0')));
    await expect(page.getByRole('alert')).toHaveText('This booking link is not valid.');
  });

  test('bad input is refused on the page with a clear message, and nothing is booked', async ({ page }) => {
    await page.goto(`/book/${encodeURIComponent(owner.orgName)}`);
    const form = page.getByRole('form', { name: 'Search stays' });
    await form.getByLabel('Check-in').fill(utcDay(CHECK_IN + 10));
    await form.getByLabel('Check-out').fill(utcDay(CHECK_IN + 8));
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('Check-out must be after check-in.');
    await form.getByLabel('Check-out').fill(utcDay(CHECK_IN + 12));
    await form.getByLabel('Adults').fill('0');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('At least one adult must stay.');
    await form.getByLabel('Adults').fill('50');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('Nothing is free for those dates and guests. Try other dates or fewer guests.');
    await form.getByLabel('Adults').fill('2');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('region', { name: 'Available stays' }).getByRole('button', { name: 'Book Lodge Room 104' }).click();
    const details = await fillGuest(page, 'Bad Mail', 'not-an-address');
    await details.getByRole('button', { name: /^Confirm booking/ }).click();
    await expect(details.getByRole('alert')).toHaveText('Enter a valid e-mail address.');
    await expectNoSeriousA11yViolations(page);
    const { data } = await serviceClient().schema('catalog').from('reservations').select('id').eq('org_name', owner.orgName).eq('name', 'Bad Mail');
    expect(data).toEqual([]);
  });

  test('an organisation that switched online booking off has no booking page', async ({ page }) => {
    const closed = await createOwner('Closed');
    await setComponentEnabled(closed.orgName, 'booking', false);
    await page.goto(`/book/${encodeURIComponent(closed.orgName)}`);
    await expect(page.getByRole('alert')).toHaveText('Online booking is not available here.');
  });
});
