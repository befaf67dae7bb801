import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { waitForMail } from '../auth/support/mailOutbox';
import { createOwner, serviceClient, uniqueEmail, type Owner } from '../shell/support/shellApi';
import { insertRow, utcDay } from '../lodging/lodgingApi';
import { TimelinePage, dayTitle } from '../lodging/TimelinePage';
import { IntegrationsPage } from '../settings/pages/IntegrationsPage';

// The deposit paid by card: the organisation enters its Stripe keys under Settings → Integrations, a
// guest books and pays on the payment provider's page, comes back to their booking showing the deposit
// paid, and the desk sees the payment on the stay. The stack serves the payments function with the
// payment provider interface's test double (its own pay page, and the webhook Stripe would send).

// Amounts as the page writes them in English: the organisation's currency through Intl.
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const CHECK_IN = 45;
const CHECK_OUT = 47;

test.describe('paying the deposit by card', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let owner: Owner;
  let roomId: string;
  let deposit = 0;
  let confirmation = '';
  const guestEmail = uniqueEmail('payer');

  test.beforeAll(async () => {
    owner = await createOwner('Pay');
    const org = owner.orgName;
    await insertRow('lodging_settings', { org_name: org, tax_percent: 10, stay_fee: 20, nightly_fee: 0, deposit_percent: 25, deposit_method: 'card_link' });
    const rooms = await insertRow('accommodation_classes', { org_name: org, name: 'Lodge rooms' });
    roomId = (await insertRow('accommodations', { org_name: org, name: 'Lodge Room 102', base_rate: 149, capacity: 3, class_id: rooms.id })).id;
    await insertRow('accommodation_rates', {
      org_name: org, name: 'Lodge room nightly', class_id: rooms.id, priority: 10, qty: 1, min_stay: 1, max_advance_days: 365,
      mon: 139, tue: 139, wed: 139, thu: 139, fri: 169, sat: 169, sun: 139, included_adults: 2,
    });
    const { data, error } = await serviceClient().schema('catalog').rpc('quote_stay', {
      p_accommodation_id: roomId, p_check_in: utcDay(CHECK_IN), p_check_out: utcDay(CHECK_OUT), p_adults: 2, p_children: 0, p_pets: 0,
    });
    if (error) throw new Error(error.message);
    deposit = Math.round((data as { total: number }).total * 25) / 100;
  });

  test('the owner switches card payment on by entering the Stripe keys; Lodging Settings says so, with the booking page\'s address', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/reservationsettings');
    await page.getByRole('tab', { name: 'Online Booking' }).click();
    const link = page.getByTestId('settings-booking-link');
    await expect(link).toHaveAttribute('href', `/book/${encodeURIComponent(owner.orgName)}`);
    await expect(page.getByTestId('settings-booking-deposit')).toContainText('Deposit: 25 % of the total, paid by card');
    await expect(page.getByTestId('settings-card-payment')).toContainText('Card payment is off until your Stripe keys are entered');
    await expectNoSeriousA11yViolations(page);

    const integrations = new IntegrationsPage(page);
    await integrations.goto();
    await expect(integrations.heading).toBeVisible({ timeout: 30_000 });
    await integrations.add({ name: 'Stripe payments', type: 'Stripe', apiKey: 'pk_test_local_journey', apiSecret: 'sk_test_local_journey', webhookSecret: 'whsec_local_journey' });
    await integrations.save();
    await expect(integrations.toast('Integration created successfully')).toBeVisible();

    await page.goto('/reservationsettings');
    await page.getByRole('tab', { name: 'Online Booking' }).click();
    await expect(page.getByTestId('settings-card-payment')).toHaveText('Card payment is on: your Stripe keys are entered.');
  });

  test('a guest books, pays the deposit on the provider\'s page and comes back to their booking showing it paid', async ({ page }) => {
    await page.goto(`/book/${encodeURIComponent(owner.orgName)}`);
    const form = page.getByRole('form', { name: 'Search stays' });
    await form.getByLabel('Check-in').fill(utcDay(CHECK_IN));
    await form.getByLabel('Check-out').fill(utcDay(CHECK_OUT));
    await form.getByLabel('Adults').fill('2');
    await form.getByRole('button', { name: 'Search' }).click();
    const offer = page.getByRole('region', { name: 'Available stays' }).getByRole('article', { name: 'Lodge Room 102' });
    await expect(offer).toContainText(`Deposit due: ${money(deposit)}, paid by card.`);
    await offer.getByRole('button', { name: 'Book Lodge Room 102' }).click();
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('Name').fill('Paula Payer');
    await details.getByLabel('E-mail').fill(guestEmail);
    await details.getByRole('button', { name: /^Confirm booking/ }).click();
    const done = page.getByRole('status', { name: 'Your booking' });
    await expect(done.getByTestId('booking-deposit')).toHaveText(`${money(deposit)}, paid by card`);
    confirmation = (await done.getByTestId('booking-confirmation').textContent()) ?? '';
    const mail = await waitForMail(guestEmail, `We have your booking request (${confirmation})`);
    expect(mail.text).toContain(`Deposit due: ${deposit.toFixed(2)} USD by card`);

    await done.getByRole('button', { name: `Pay the deposit by card: ${money(deposit)}` }).click();
    // The provider's page (the test double, on the API's origin).
    await expect(page.getByRole('heading', { level: 1, name: 'Test payment' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`(${confirmation})`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: `Pay ${deposit.toFixed(2)} USD` }).click();

    await expect(page).toHaveURL(new RegExp(`^${E2E_BASE_URL}/book/${encodeURIComponent(owner.orgName).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/stay/[0-9a-f]{48}\\?payment=done$`));
    const booking = page.getByRole('region', { name: 'Your booking' });
    await expect(booking.getByRole('status').filter({ hasText: 'Thank you: your deposit is paid.' })).toBeVisible();
    await expect(booking.getByTestId('booking-deposit')).toHaveText(`${money(deposit)} paid by card`);
    await expect(booking.getByRole('button', { name: /^Pay the deposit/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const paidMail = await waitForMail(guestEmail, `Your deposit is paid (${confirmation})`);
    expect(paidMail.text).toContain(`Deposit paid: ${deposit.toFixed(2)} USD by card`);
  });

  test('the desk sees the deposit on the stay, paid by card', async ({ page }) => {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    const timeline = new TimelinePage(page);
    await timeline.goto();
    await timeline.startDate.fill(utcDay(CHECK_IN - 1));
    await expect(timeline.dayHeaders.first()).toContainText(dayTitle(utcDay(CHECK_IN - 1)));
    await timeline.block('Paula Payer').click();
    const lines = timeline.dialog.getByRole('table', { name: 'Payment lines' });
    await expect(lines.getByRole('row').filter({ hasText: 'Card (online)' })).toContainText('Deposit');
    await expect(lines.getByRole('row').filter({ hasText: 'Card (online)' })).toContainText(money(deposit));
  });
});
