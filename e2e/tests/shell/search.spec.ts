import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { AppShell } from './pages/AppShell';
import { createOwner, serviceClient, setComponentEnabled } from './support/shellApi';

/** The seed's id for a key: md5('steward-seed:' || key) read as a uuid. */
async function seedShortId(key: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const hex = createHash('md5').update(`steward-seed:${key}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const { data, error } = await serviceClient().schema('crm').from('contacts').select('short_id').eq('id', id).single();
  if (error || !data) throw new Error(`seed contact ${key}: ${error?.message}`);
  return (data as { short_id: string }).short_id;
}

function searchDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  return {
    dialog,
    input: dialog.getByRole('combobox', { name: 'Search records and pages' }),
    group: (name: string) => dialog.getByRole('group', { name, exact: true }),
    selected: dialog.locator('[role="option"][aria-selected="true"]'),
  };
}

test.describe('global search', () => {
  test('Ctrl+K, a name with typos, Enter opens the person; keyboard only, focus returns, axe clean', async ({ page }) => {
    const cedarShortId = await seedShortId('cg:contact:21');
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    await expect(shell.orgSwitcher).toHaveText(`Organization: ${DEMO_OWNER.orgName}`);
    const search = searchDialog(page);

    // Escape closes and focus goes back where it was.
    await shell.orgSwitcher.focus();
    await page.keyboard.press('Control+k');
    await expect(search.input).toBeFocused();
    // An empty query offers every page of the enabled areas.
    await expect(search.group('Go to').getByRole('option', { name: 'Go to Contacts' })).toBeVisible();
    await expect(search.group('Go to').getByRole('option', { name: 'Go to Reservations' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(search.dialog).toBeHidden();
    await expect(shell.orgSwitcher).toBeFocused();

    await page.keyboard.press('Control+k');
    await page.keyboard.type('aigail fost');
    const contacts = search.group('Contacts');
    // Harbor Bakery has an Abigail Foster too: only Cedar Grove's may show.
    await expect(contacts.getByRole('option', { name: /Abigail Foster/ })).toHaveCount(1);
    await expect(search.group('Reservations').getByRole('option').first()).toContainText('Abigail Foster');
    await expect(search.selected).toContainText('Abigail Foster');
    await expectNoSeriousA11yViolations(page);

    // Arrows move the active option (announced through aria-activedescendant) and come back.
    await page.keyboard.press('ArrowDown');
    await expect(search.selected).toContainText('Foster party');
    const activeId = await search.input.getAttribute('aria-activedescendant');
    expect(activeId).toBe(await search.selected.getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    await expect(search.selected).toContainText('Abigail Foster');

    await page.keyboard.press('Enter');
    await expect(search.dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/contact/${cedarShortId}$`));
    await expect(page.getByRole('main').getByText('Abigail Foster').first()).toBeVisible();

    // Opened from search, the person is among the recent records.
    await page.keyboard.press('Control+k');
    await expect(search.group('Recently opened').getByRole('option', { name: /Abigail Foster/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(search.dialog).toBeHidden();
  });

  test("a disabled area's kinds and pages never appear; the header's button opens search on a phone", async ({ page }) => {
    const owner = await createOwner('Search');
    const service = serviceClient();
    const contact = await service.schema('crm').from('contacts').insert({ org_name: owner.orgName, name: 'Dockside Dana' });
    expect(contact.error).toBeNull();
    const project = await service.schema('ops').from('projects').insert({ org_name: owner.orgName, name: 'Dock Renovation' });
    expect(project.error).toBeNull();
    await setComponentEnabled(owner.orgName, 'operations', false);

    await page.setViewportSize({ width: 390, height: 800 });
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    const button = shell.header.getByRole('button', { name: 'Search', exact: true });
    await expect(button).toBeVisible();
    await button.click();
    const search = searchDialog(page);
    await expect(search.input).toBeFocused();
    await expect(search.group('Go to').getByRole('option', { name: 'Go to Contacts' })).toBeVisible();
    await expect(search.group('Go to').getByRole('option', { name: 'Go to Projects' })).toHaveCount(0);

    await search.input.fill('dock');
    await expect(search.group('Contacts').getByRole('option', { name: /Dockside Dana/ })).toBeVisible();
    await expect(search.dialog.getByRole('status')).toHaveText(/1 result/);
    await expect(search.group('Projects')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});
