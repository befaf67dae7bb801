import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { waitForMail } from '../auth/support/mailOutbox';
import { createOwner, serviceClient, uniqueEmail, type Owner } from '../shell/support/shellApi';
import { euros, setOrgCurrency, spaced } from '../shell/support/languages';
import { insertRow, utcDay } from '../lodging/lodgingApi';

// A guest has no profile: the public booking page speaks the organisation's language (Org Data), with
// amounts in its currency and dates as that language writes them; the guest may switch. An English
// page loads no catalogue (issue 51).

const CHECK_IN = 45;
const CHECK_OUT = 47;

type Quote = { total: number; nights: { date: string; amount: number }[] };

/** A night's day as Intl writes it in Spanish, as the page must (the browser and Node share ICU's data). */
const day = (date: string) => new Intl.DateTimeFormat('es', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(`${date}T00:00:00`));

/** The catalogues of words the page loads (an area's chunk is messages-<area>-<language>; the shell's and libs' share messages-<language>), as it asks for them. */
function catalogueRequests(page: Page): string[] {
  const catalogues: string[] = [];
  page.on('request', (request: Request) => {
    if (/messages-/.test(request.url())) catalogues.push(request.url());
  });
  return catalogues;
}

async function setOrgLanguage(orgName: string, language: string | null) {
  const { error } = await serviceClient().from('organizations').update({ language }).eq('org_name', orgName);
  if (error) throw new Error(`organizations: ${error.message}`);
}

test.describe('the public booking page in the organisation’s language', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let owner: Owner;
  let roomId: string;
  /** The booking's own page, from the mail of the guest who booked in Spanish. */
  let spanishBookingPath = '';

  test.beforeAll(async () => {
    owner = await createOwner('Reservas');
    await setOrgLanguage(owner.orgName, 'es');
    await setOrgCurrency(owner.orgName, 'EUR');
    await insertRow('lodging_settings', { org_name: owner.orgName, tax_percent: 10, stay_fee: 20, nightly_fee: 0, deposit_percent: 25, deposit_method: 'bank_transfer', bank_details: 'IBAN ES00 1234' });
    const rooms = await insertRow('accommodation_classes', { org_name: owner.orgName, name: 'Habitaciones' });
    const room = await insertRow('accommodations', { org_name: owner.orgName, name: 'Habitación 7', base_rate: 1149, capacity: 3, class_id: rooms.id });
    roomId = room.id;
  });

  test('an organisation whose language is Spanish: the page reads Spanish, amounts in euros and dates written for es; a guest can switch to English', async ({ page }) => {
    const { data, error } = await serviceClient().schema('catalog').rpc('quote_stay', {
      p_accommodation_id: roomId, p_check_in: utcDay(CHECK_IN), p_check_out: utcDay(CHECK_OUT), p_adults: 2, p_children: 0, p_pets: 0,
    });
    if (error) throw new Error(error.message);
    const quote = data as Quote;

    const catalogues = catalogueRequests(page);
    await page.goto(`/book/${encodeURIComponent(owner.orgName)}`);
    await expect(page.getByRole('heading', { level: 1, name: owner.orgName })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText('Reserva tu estancia')).toBeVisible();
    // The Spanish words came in the booking area's catalogue, which the English page below must not ask for.
    expect(catalogues.filter((url) => /\/messages-booking-es\./.test(url))).toHaveLength(1);
    const form = page.getByRole('form', { name: 'Buscar estancias' });
    await form.getByLabel('Llegada').fill(utcDay(CHECK_IN));
    await form.getByLabel('Salida').fill(utcDay(CHECK_OUT));
    // A problem the page finds itself is told in Spanish too.
    await form.getByLabel('Adultos').fill('0');
    await form.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Debe alojarse al menos un adulto.');
    // And one the database answers (by the id it names, never by its English text: issue 51).
    await form.getByLabel('Adultos').fill('9');
    await form.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('alert')).toHaveText('No hay nada libre para esas fechas y huéspedes. Prueba otras fechas o menos huéspedes.');
    await form.getByLabel('Adultos').fill('2');
    await form.getByRole('button', { name: 'Buscar' }).click();

    const results = page.getByRole('region', { name: 'Estancias disponibles' });
    await expect(results.getByRole('heading', { level: 2 })).toHaveText(/^1 libre para /);
    const offer = results.getByRole('article', { name: 'Habitación 7' });
    const prices = offer.getByRole('table', { name: 'Precio de Habitación 7' });
    await expect(prices.getByRole('columnheader', { name: 'Importe' })).toBeVisible();
    const rows = prices.locator('tbody tr');
    await expect(rows.first().locator('td').first()).toHaveText(spaced(day(quote.nights[0]?.date ?? '')));
    await expect(rows.first().locator('td:last-child')).toHaveText(spaced(euros(quote.nights[0]?.amount ?? 0)));
    await expect(offer.getByTestId('offer-total')).toHaveText(spaced(euros(quote.total)));
    await expect(prices.locator('tfoot th')).toHaveText('Total (2 noches)');
    await expect(offer).toContainText('a pagar por transferencia bancaria');
    await expect(page.getByText('Cancelación gratuita desde el enlace de tu correo hasta 2 días antes de la llegada.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await offer.getByRole('button', { name: 'Reservar Habitación 7' }).click();
    const details = page.getByRole('form', { name: 'Tus datos' });
    await details.getByLabel('Nombre').fill('Lucía Huésped');
    await details.getByLabel('Correo electrónico').fill('no-es-una-direccion');
    await details.getByRole('button', { name: /^Confirmar la reserva: / }).click();
    await expect(details.getByRole('alert')).toHaveText('Escribe una dirección de correo electrónico válida.');
    await expectNoSeriousA11yViolations(page);

    // The guest's own choice wins over the organisation's, at once.
    await page.getByLabel('Idioma').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('form', { name: 'Your details' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Confirm booking: ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(quote.total)}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Booked in English on the Spanish organisation's page: the guest's e-mail is in English.
    const guestEmail = uniqueEmail('lucia-en');
    await page.getByRole('form', { name: 'Your details' }).getByLabel('E-mail').fill(guestEmail);
    await page.getByRole('button', { name: /^Confirm booking: / }).click();
    const done = page.getByRole('status', { name: 'Your booking' });
    await expect(done.getByRole('heading', { name: 'Booking request received' })).toBeVisible();
    const confirmation = (await done.getByTestId('booking-confirmation').textContent()) ?? '';
    const mail = await waitForMail(guestEmail, `We have your booking request (${confirmation})`);
    expect(mail.text).toContain(`Total: ${quote.total.toFixed(2)} EUR`);
  });

  test('a guest who books on the Spanish page is e-mailed in Spanish: words, days and euros as es writes them', async ({ page }) => {
    const quoteNow = async () => {
      const { data, error } = await serviceClient().schema('catalog').rpc('quote_stay', {
        p_accommodation_id: roomId, p_check_in: utcDay(CHECK_IN + 10), p_check_out: utcDay(CHECK_OUT + 10), p_adults: 2, p_children: 0, p_pets: 0,
      });
      if (error) throw new Error(error.message);
      return data as Quote;
    };
    const guestEmail = uniqueEmail('lucia');
    await page.goto(`/book/${encodeURIComponent(owner.orgName)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const form = page.getByRole('form', { name: 'Buscar estancias' });
    await form.getByLabel('Llegada').fill(utcDay(CHECK_IN + 10));
    await form.getByLabel('Salida').fill(utcDay(CHECK_OUT + 10));
    await form.getByLabel('Adultos').fill('2');
    await form.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('region', { name: 'Estancias disponibles' }).getByRole('article', { name: 'Habitación 7' })
      .getByRole('button', { name: 'Reservar Habitación 7' }).click();
    const details = page.getByRole('form', { name: 'Tus datos' });
    await details.getByLabel('Nombre').fill('Lucía Huésped');
    await details.getByLabel('Correo electrónico').fill(guestEmail);
    // The price changes while the guest fills in their details: the database's answer in Spanish, the new total in euros.
    const week = { mon: 1299, tue: 1299, wed: 1299, thu: 1299, fri: 1299, sat: 1299, sun: 1299 };
    await insertRow('accommodation_rates', {
      org_name: owner.orgName, name: 'Temporada alta', accommodation_id: roomId, priority: 5, qty: 1, start_date: utcDay(CHECK_IN + 10), end_date: utcDay(CHECK_OUT + 10), ...week,
    });
    const quote = await quoteNow();
    await details.getByRole('button', { name: /^Confirmar la reserva: / }).click();
    await expect(details.getByRole('alert')).toHaveText(spaced(`El precio para estas fechas es ${euros(quote.total)}; revísalo y vuelve a confirmar.`));
    await details.getByRole('button', { name: /^Confirmar la reserva: / }).click();
    const done = page.getByRole('status', { name: 'Tu reserva' });
    await expect(done.getByRole('heading', { name: 'Solicitud de reserva recibida' })).toBeVisible();
    const confirmation = (await done.getByTestId('booking-confirmation').textContent()) ?? '';
    expect(confirmation).toMatch(/^[0-9A-F]{8}$/);

    const mail = await waitForMail(guestEmail, `Hemos recibido tu solicitud de reserva (${confirmation})`);
    const longDay = (date: string) =>
      new Intl.DateTimeFormat('es', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    expect(mail.text).toContain(`Llegada: ${longDay(utcDay(CHECK_IN + 10))}`);
    expect(mail.text).toContain(`Total: ${euros(quote.total)}`);
    expect(mail.text).toContain(`Depósito pendiente: ${euros(Math.round(quote.total * 25) / 100)} por transferencia bancaria, referencia BOOKING ${confirmation}`);
    const link = /Consulta o cancela tu reserva: (\S+)/.exec(mail.text)?.[1] ?? '';
    spanishBookingPath = new URL(link).pathname;
  });

  test('an organisation in English: the page reads English and loads no catalogue of its words, only the database’s refusals once shown', async ({ browser }) => {
    await setOrgLanguage(owner.orgName, 'en');
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const catalogues = catalogueRequests(page);
    await page.goto(`/book/${encodeURIComponent(owner.orgName)}`);
    await expect(page.getByRole('form', { name: 'Search stays' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Free cancellation from the link in your e-mail until 2 days before check-in.')).toBeVisible();
    // English is in the code; the database's refusals (in every language) follow the page being shown.
    expect(catalogues.filter((url) => !/\/messages-libs-refusals-en\./.test(url))).toEqual([]);
    await context.close();
  });

  test('a guest’s own booking page, opened from their mail on another device, speaks the language they booked in, not the organisation’s', async ({ browser }) => {
    // The organisation now English (above), the browser English, nothing remembered in this new context.
    expect(spanishBookingPath).toMatch(new RegExp(`^/book/${encodeURIComponent(owner.orgName)}/stay/[0-9a-f]{48}$`));
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(spanishBookingPath);
    await expect(page.getByRole('region', { name: 'Tu reserva' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
