import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import type { Owner } from './support/shellApi';
import { ownerSpeaking } from './support/languages';

/**
 * Languages (issue 51), the shared pieces every area draws (libs' catalogue): a list's toolbar and
 * Filters panel and a form's validation read in the person's language whichever area's list it is.
 * The Supplies list (Catalog) is drawn by libs' ListPage and its generic record editor. Each test has
 * its own organisation, so no other journey sees a language change.
 */
async function openSupplies(page: Page, owner: Owner, lang: string) {
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/supplies');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('table')).toBeVisible();
}

test('My profile in Español: a list’s Filters panel and a form’s validation message read Spanish', async ({ page }) => {
  const owner = await ownerSpeaking('IdiomaLista', 'es');
  await openSupplies(page, owner, 'es');

  const toolbar = page.getByRole('toolbar', { name: 'Acciones de la lista' });
  await expect(toolbar.getByRole('button', { name: 'Ordenar' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Exportar' })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Filtros' }).click();
  const panel = page.getByRole('region', { name: 'Filtros' });
  await expect(panel.getByText('Sin condiciones: se muestran todas las filas.')).toBeVisible();
  await panel.getByRole('button', { name: 'Añadir condición' }).click();
  const condition = panel.getByRole('group', { name: 'Condición 1' });
  await expect(condition.getByText('Donde')).toBeVisible();
  await expect(condition.getByLabel('Campo 1')).toBeVisible();
  await expect(condition.getByLabel('Valor 1')).toHaveAttribute('placeholder', 'Cualquier valor');
  await expect(panel.getByRole('button', { name: 'Aplicar' })).toBeVisible();
  // The fields are offered by their whole Spanish names, none cut short (the list is as wide as the longest).
  await condition.getByLabel('Campo 1').click();
  await expect(condition.getByLabel('Campo 1')).toHaveAttribute('aria-expanded', 'true');
  const fieldNames = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content');
  await expect(fieldNames.first()).toBeVisible();
  expect(await fieldNames.evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent))).toEqual([]);
  await page.keyboard.press('Escape');
  // The operators are libs' words too: the first field's are offered in Spanish.
  await condition.getByLabel('Operador 1').click();
  await expect(condition.getByLabel('Operador 1')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.ant-select-item-option[title="no contiene"]')).toBeVisible();
  await expect(page.locator('.ant-select-item-option[title="está vacío"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page);

  // The generic record editor: Save with nothing filled in says so in Spanish.
  await toolbar.getByRole('button').last().click();
  const dialog = page.getByRole('dialog', { name: /^Nuevo: / });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Corrige los campos resaltados.')).toBeVisible();
  await expect(dialog.getByText(/ es obligatorio$/).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
});

test('the pseudo-locale shows no English in a list’s toolbar and Filters panel', async ({ page }) => {
  const owner = await ownerSpeaking('PseudoLista', 'en-XA');
  await openSupplies(page, owner, 'en-XA');
  const toolbar = page.getByRole('toolbar');
  await expect(toolbar.getByRole('button', { name: /^\[Ƒîļţéŕš/ })).toBeVisible();
  await toolbar.getByRole('button', { name: /^\[Ƒîļţéŕš/ }).click();
  const panel = page.getByRole('region', { name: /Ƒîļţéŕš/ });
  await panel.getByRole('button', { name: /^\[Åðð çöñðîţîöñ/ }).click();
  await expect(panel.getByRole('group', { name: /^\[Çöñðîţîöñ/ })).toBeVisible();
  const text = await panel.evaluate((element) => [element.textContent ?? '', ...[...element.querySelectorAll('*')].map((node) => `${node.getAttribute('aria-label') ?? ''} ${node.getAttribute('placeholder') ?? ''}`)].join('\n'));
  const english = ['Filters', 'Add condition', 'Add OR group', 'Clear', 'Apply', 'Where', 'Condition', 'Field', 'Operator', 'Any value', 'No conditions'];
  expect(english.filter((words) => text.includes(words))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});
