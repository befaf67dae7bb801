import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, type Owner } from './support/shellApi';
import { catalogueWords, setProfileLanguage } from './support/languages';

/**
 * Languages (issue 51): the person's language from My profile, applied at once without a reload; the
 * shell's words, dates and amounts in it; the pseudo-locales show any text that escapes the catalogue
 * and the right-to-left layout. Each test has its own organisation, so no other journey sees a language
 * change.
 */
/** The shell's English words a person could see (apps/shell/src/messages/en.json). */
const ENGLISH_WORDS = catalogueWords('shell');

async function ownerWithData(prefix: string): Promise<Owner> {
  const owner = await createOwner(prefix);
  const client = serviceClient();
  const { data: profile, error } = await client.from('user_profiles').select('id').eq('org_name', owner.orgName).eq('email', owner.email).single();
  if (error) throw new Error(`user_profiles: ${error.message}`);
  const profileId = (profile as { id: string }).id;
  // A sale (the dashboard's revenue) and a notification dated 5 March 2026 (the bell's list).
  const sale = await client.from('transactions').insert({ org_name: owner.orgName, amount: 1234.5, transaction_type: 'sale', description: 'Languages sale' });
  if (sale.error) throw new Error(`transactions: ${sale.error.message}`);
  const note = await client.from('notifications').insert({ org_name: owner.orgName, profile_id: profileId, kind: 'task_assigned', title: 'Languages note', link: '/dashboard', created_at: '2026-03-05T16:00:00Z' });
  if (note.error) throw new Error(`notifications: ${note.error.message}`);
  return owner;
}

async function dashboard(page: Page, owner: Owner) {
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/dashboard');
  await expect(page.getByTestId('header-email')).toHaveText(owner.email);
}

/**
 * The shell's own text, shown or in the page for screen readers: header, main menu and dashboard with
 * their labels, and the page's title. A remote's widget on the dashboard (data-dashboard-widget) brings its own
 * words and is left out; the organisation's and person's names are data.
 */
async function shellText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const regions = [...document.querySelectorAll<HTMLElement>('header.stw-header, nav.stw-sidebar, main#main-content')].map((region) => {
      const copy = region.cloneNode(true) as HTMLElement;
      for (const remote of copy.querySelectorAll('[data-dashboard-widget]')) remote.remove();
      return copy;
    });
    const labels = regions.flatMap((region) =>
      [region, ...region.querySelectorAll('*')].map((element) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? '').join(' ')),
    );
    return [...regions.map((region) => region.textContent ?? ''), ...labels, document.title].join('\n');
  });
}

test('My profile → Español: the header, main menu and dashboard read Spanish at once, dates and amounts written for es', async ({ page }) => {
  const owner = await ownerWithData('Idioma');
  await dashboard(page, owner);
  await expect(page.getByTestId('stat-transactions')).toHaveText('$1,234.50');

  await page.goto('/acctsettings');
  await page.getByRole('main').getByLabel('Language').click();
  await page.locator('.ant-select-item-option[title="Español"]').click();
  await page.getByRole('button', { name: 'Save' }).click();
  // No reload: the page that saved switches, then the shell reads Spanish.
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Panel' }).click();
  await expect(page.getByText('Contactos en total')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Estadísticas' })).toBeVisible();
  // es writes "1234,50 US$" (no thousands separator under 10 000, a no-break space before the symbol).
  await expect(page.getByTestId('stat-transactions')).toHaveText(/^1234,50\s?US\$$/);
  await expect(page).toHaveTitle(/ - Panel$/);

  await page.getByRole('button', { name: /^Notificaciones, 1 sin leer$/ }).click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  await expect(panel.getByRole('heading', { name: 'Notificaciones' })).toBeVisible();
  await expect(panel.getByTestId('notification-link')).toContainText(/5 mar/);
  await expectNoSeriousA11yViolations(page);

  // The choice is the person's: it stays after a reload, and the page starts in it.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Contactos en total')).toBeVisible();
});

test('the header’s language menu turns an open list Spanish at once, and the choice is kept on the person’s profile', async ({ page }) => {
  const owner = await createOwner('Cabecera');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/businesses');
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  const language = page.getByRole('banner').getByRole('combobox', { name: 'Your language' });
  await expect(language).toHaveValue('en');

  await language.selectOption({ label: 'Español' });
  // The same page, no reload: its table, header and menu read Spanish.
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('columnheader', { name: 'Nombre' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Tu idioma' })).toHaveValue('es');
  await expectNoSeriousA11yViolations(page);

  // Kept on the profile: My profile shows it, and the next visit starts in it.
  const savedLanguage = async () => (await serviceClient().from('user_profiles').select('language').eq('org_name', owner.orgName).eq('email', owner.email).single()).data;
  await expect.poll(savedLanguage).toEqual({ language: 'es' });
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Nombre' })).toBeVisible();
  await page.getByRole('banner').getByRole('combobox', { name: 'Tu idioma' }).selectOption({ label: 'English' });
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
});

test('the pseudo-locale shows no English on the shell', async ({ page }) => {
  const owner = await ownerWithData('Pseudo');
  await setProfileLanguage(owner, 'en-XA');
  await dashboard(page, owner);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByText(/Ţöţåļ Çöñţåçţš/)).toBeVisible();
  const text = await shellText(page);
  expect(ENGLISH_WORDS.filter((words) => text.includes(words))).toEqual([]);
  // Amounts are written by Intl as in the base language (figures and symbols, no words).
  await expect(page.getByTestId('stat-transactions')).toHaveText('$1,234.50');
  await expectNoSeriousA11yViolations(page);
});

test('the right-to-left pseudo-locale puts the main menu on the right', async ({ page }) => {
  const owner = await ownerWithData('Rtl');
  await setProfileLanguage(owner, 'ar-XB');
  await dashboard(page, owner);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const menu = page.locator('nav.stw-sidebar');
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x + box.width).toBeCloseTo(width, -1);
  expect(box && box.x).toBeGreaterThan(width / 2);
  // The content sits beside it, on its left.
  const main = await page.locator('main#main-content').boundingBox();
  expect(main && main.x + main.width).toBeLessThanOrEqual((box?.x ?? 0) + 1);
  await expectNoSeriousA11yViolations(page);
});
