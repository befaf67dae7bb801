import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { serviceClient, type Owner } from '../shell/support/shellApi';
import { euros, ownerSpeaking, setOrgCurrency, spaced } from '../shell/support/languages';
import { insertRow, utcDay } from './lodgingApi';
import { dayTitle } from './TimelinePage';

// Issue 51: with My profile in Español the booking form reads Spanish — its fields, its live price with
// amounts and nights written for es, and a validation message — and the timeline names its days in Spanish.

const START = 30;

/** A night of the price breakdown as Intl writes it in Spanish, as the page must (the browser and Node share ICU's data). */
const night = (day: string) => new Intl.DateTimeFormat('es', { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(`${day}T00:00:00`));

test.describe('the booking form in Spanish', () => {
  test.describe.configure({ timeout: 120_000 });
  let owner: Owner;
  let cabinId: string;

  test.beforeAll(async () => {
    owner = await ownerSpeaking('Formulario', 'es');
    await setOrgCurrency(owner.orgName, 'EUR');
    await insertRow('lodging_settings', { org_name: owner.orgName, tax_percent: 10, stay_fee: 20, nightly_fee: 0 });
    const cabin = await insertRow('accommodations', { org_name: owner.orgName, name: 'Cabaña Roble', base_rate: 1100 });
    cabinId = cabin.id;
    await insertRow('accommodation_rates', {
      org_name: owner.orgName, name: 'Tarifa de la cabaña', accommodation_id: cabin.id, priority: 10, qty: 1, min_stay: 1,
      mon: 1100, tue: 1100, wed: 1100, thu: 1100, fri: 1250, sat: 1250, sun: 1100,
    });
  });

  test('My profile in Español: the timeline and the booking form read Spanish, with amounts and nights written for es and a validation message in Spanish', async ({ page }) => {
    const { data, error } = await serviceClient().schema('catalog').rpc('quote_stay', {
      p_accommodation_id: cabinId, p_check_in: utcDay(START), p_check_out: utcDay(START + 2), p_adults: 1, p_children: 0, p_pets: 0,
    });
    if (error) throw new Error(error.message);
    const quote = data as { total: number; nights: { date: string; amount: number }[] };

    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/reservations');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const grid = page.getByRole('table', { name: 'Línea de tiempo de reservas' });
    await expect(grid).toBeVisible();
    await page.getByLabel('Fecha de inicio').fill(utcDay(START - 1));
    await expect(grid.getByRole('columnheader').nth(1)).toHaveText(spaced(dayTitle(utcDay(START - 1), 'es')));
    await grid.getByRole('button', { name: `Nueva reserva: Cabaña Roble, ${dayTitle(utcDay(START), 'es')}`, exact: true }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Etiqueta', { exact: true }).fill('Familia García');
    await expect(dialog.getByRole('heading', { name: /^Precio/ })).toContainText('según las tarifas');
    // Check-out on the day of check-in: the form says why no price can be worked out, in Spanish.
    await dialog.getByLabel('Salida', { exact: true }).fill(`${utcDay(START)}T20:00`);
    await expect(dialog.getByText('La salida debe ser al menos una noche después de la llegada.')).toBeVisible();
    // Longer than a stay can be: the database's reason (catalog.quote_stay), in Spanish.
    await dialog.getByLabel('Salida', { exact: true }).fill(`${utcDay(START + 400)}T11:00`);
    await expect(dialog.getByText('Una estancia puede durar como máximo 366 noches.')).toBeVisible();

    await dialog.getByLabel('Salida', { exact: true }).fill(`${utcDay(START + 2)}T11:00`);
    const breakdown = dialog.getByRole('table', { name: 'Desglose del precio' });
    await expect(breakdown.locator('tbody tr')).toHaveCount(2);
    await expect(breakdown.locator('tbody tr th')).toHaveText(quote.nights.map((one) => spaced(night(one.date))));
    await expect(breakdown.locator('tbody tr td:last-child')).toHaveText(quote.nights.map((one) => spaced(euros(one.amount))));
    await expect(breakdown.getByRole('rowheader', { name: 'Subtotal (2 noches)' })).toBeVisible();
    await expect(dialog.getByTestId('quote-total')).toHaveText(spaced(euros(quote.total)));
    await expectNoSeriousA11yViolations(page);
  });
});
