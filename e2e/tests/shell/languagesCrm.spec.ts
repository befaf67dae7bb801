import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique, type Owner } from './support/shellApi';
import { catalogueWords, escaped, mainText, setProfileLanguage } from './support/languages';

/**
 * Languages (issue 51) in the CRM: its words travel with the CRM (apps/crm/src/messages); a contact's
 * page in Spanish with its dates and amounts written for es, and the pseudo-locale leaving none of the
 * CRM's English on the contacts list or a contact's page. Each test has its own organisation.
 */
test.describe.configure({ timeout: 180_000 });

/** The CRM's English words a person could see (apps/crm/src/messages: its first view's and its later screens'). */
const CRM_WORDS = catalogueWords('crm');

/**
 * A whole message as the pseudo-locale shows it: accented (written here as a person would see it),
 * lengthened with tildes, in brackets.
 */
const pseudo = (accented: string) => new RegExp(`^\\[${escaped(accented)}~+\\]$`);

type Seeded = Owner & { contact: { name: string; shortId: string } };

/** An organisation with one contact, with no phone yet and a gift of 1,234.50 on 5 March 2025. */
async function ownerWithContact(prefix: string): Promise<Seeded> {
  const owner = await createOwner(prefix);
  const client = serviceClient();
  const name = unique('Lucia Idioma');
  const [first, last] = name.split(' ');
  const added = await client.schema('crm').from('contacts').insert({ org_name: owner.orgName, name, first_name: first, last_name: last ?? 'X' }).select('id, short_id').single();
  if (added.error || !added.data) throw new Error(`contacts: ${added.error?.message}`);
  const contact = added.data as { id: string; short_id: string };
  const gift = await client.from('transactions').insert({ org_name: owner.orgName, contact_id: contact.id, date: '2025-03-05', amount: 1234.5, transaction_type: 'payment', description: 'Fondo del tejado' });
  if (gift.error) throw new Error(`transactions: ${gift.error.message}`);
  return { ...owner, contact: { name, shortId: contact.short_id } };
}

test("My profile in Español: a contact's page reads Spanish, its dates and amounts written for es", async ({ page }) => {
  const owner = await ownerWithContact('Crmidioma');
  await setProfileLanguage(owner, 'es');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto(`/contact/${owner.contact.shortId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 2 })).toContainText(`Contacto: ${owner.contact.name}`);
  await expect(main.getByRole('button', { name: 'Editar', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Archivar', exact: true })).toBeVisible();
  // The Contact Methods tab is the first one shown.
  await expect(main.getByRole('region', { name: 'Teléfonos' })).toContainText('Ninguno');
  await expect(main.getByRole('button', { name: 'Añadir teléfono' })).toBeVisible();

  // The Financial tab (its label is the record page layout's): the year's total and the gift, for es.
  await main.locator('[data-node-key="financial"]').click();
  const totals = main.getByRole('region', { name: 'Totales por año' });
  // es writes "1234,50 US$" (no thousands separator under 10 000, a no-break space before the symbol).
  await expect(totals.getByRole('row').filter({ hasText: '2025' })).toContainText(/1234,50\s?US\$/);
  const gift = main.getByRole('region', { name: 'Transacciones' }).getByRole('row').filter({ hasText: 'Fondo del tejado' });
  await expect(gift).toContainText('5 mar 2025');
  await expect(gift).toContainText('Pago');
  await expect(gift).toContainText(/1234,50\s?US\$/);
  await main.getByRole('button', { name: 'Mostrar el certificado' }).click();
  await expect(main.getByRole('combobox', { name: 'Año del certificado' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/** Signs in with the person's language set to the pseudo-locale and opens the contacts list. */
async function pseudoContacts(page: Page, prefix: string): Promise<Seeded> {
  const owner = await ownerWithContact(prefix);
  await setProfileLanguage(owner, 'en-XA');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/contacts');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByRole('link', { name: owner.contact.name })).toBeVisible();
  return owner;
}

test("in the pseudo-locale the CRM's toolbar, Type column, and a contact's heading, Phones and buttons read accented", async ({ page }) => {
  const owner = await pseudoContacts(page, 'Crmpseudo');
  // The list's toolbar (Add New, Import, Possible duplicates) and its Type column are the CRM's.
  await expect(page.getByRole('link', { name: pseudo('Þöššîƀļé ðûþļîçåţéš') })).toBeVisible();
  await expect(page.getByRole('button', { name: pseudo('Åðð Ñéŵ') })).toBeVisible();
  await expect(page.getByRole('button', { name: pseudo('Îɱþöŕţ') })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: pseudo('Ţýþé') })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/contact/${owner.contact.shortId}`);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 2 })).toContainText('Çöñţåçţ');
  await expect(main.getByRole('region', { name: pseudo('Þĥöñéš') })).toContainText('Ñöñé');
  await expect(main.getByRole('button', { name: pseudo('Åðð Þĥöñé') })).toBeVisible();
  await expect(main.getByRole('button', { name: pseudo('Éðîţ') })).toBeVisible();
  await expect(main.getByRole('button', { name: pseudo('Åŕçĥîṽé') })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the pseudo-locale leaves no English words on the contacts list and a contact\'s page', async ({ page }) => {
  // The words looked for: the CRM's catalogue (hundreds of messages), so the check can find one.
  expect(CRM_WORDS.length).toBeGreaterThan(100);
  const owner = await pseudoContacts(page, 'Crmpseudoall');
  const listText = await mainText(page);
  await page.goto(`/contact/${owner.contact.shortId}`);
  await expect(page.locator('main').getByRole('heading', { level: 2 })).toContainText(owner.contact.name);
  await expect(page.locator('main').getByRole('region', { name: pseudo('Þĥöñéš') })).toBeVisible();
  const pageText = await mainText(page);
  expect(CRM_WORDS.filter((words) => listText.includes(words)), 'English on the contacts list').toEqual([]);
  expect(CRM_WORDS.filter((words) => pageText.includes(words)), "English on the contact's page").toEqual([]);
});
