import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import type { Owner } from './support/shellApi';
import { catalogueWords, escaped, mainText, ownerSpeaking } from './support/languages';

/**
 * Languages (issue 51), area by area: with My profile in Español each converted area's main page reads
 * Spanish (axe clean), and in the en-XA pseudo-locale none of the area's English words is left on it.
 * Each test has its own organisation, so no other journey sees a language change.
 */
type AreaPage = {
  area: string;
  path: string;
  /** What a person sees once the page has drawn, in Spanish. */
  spanish: (page: Page) => Promise<void>;
  /** The same, in the pseudo-locale (accented). */
  pseudo: (page: Page) => Promise<void>;
  /**
   * Message ids whose English is also a stored value some lib still shows as it is stored (a status in
   * the list's status pill): data on the page, not words of the area.
   */
  values?: RegExp;
};

/**
 * The shared libs' own words around an area's page (the list toolbar's name), which hold an area's word
 * ("List" in "List actions"): the libs' catalogue, not the area's, answers for them.
 */
const LIBS_WORDS = ['List actions'];

/** Whole words only: "Task" is not found in "Tasks" nor in "Taskbar". */
const containsWords = (text: string, words: string) => new RegExp(`(^|[^\\p{L}])${escaped(words)}($|[^\\p{L}])`, 'u').test(text);

const AREAS: readonly AreaPage[] = [
  {
    area: 'operations',
    path: '/tasks',
    values: /^tasks\.(status|priority)\./,
    spanish: async (page) => {
      const views = page.getByRole('navigation', { name: 'Vistas de tareas' });
      await expect(views.getByRole('link', { name: 'Tablero' })).toBeVisible();
      await expect(views.getByRole('link', { name: 'Mi trabajo' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Subtareas' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Añadir' })).toBeVisible();
    },
    pseudo: async (page) => {
      await expect(page.getByRole('navigation', { name: /Ţåšķ ṽîéŵš/ })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: /Šûƀţåšķš/ })).toBeVisible();
    },
  },
  {
    area: 'team-portal',
    path: '/staff',
    values: /^status\./,
    spanish: async (page) => {
      await expect(page.getByRole('columnheader', { name: 'Disponibilidad' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Puesto / Asignaciones' })).toBeVisible();
    },
    pseudo: async (page) => {
      await expect(page.getByRole('columnheader', { name: /Åṽåîļåƀîļîţý/ })).toBeVisible();
    },
  },
  {
    area: 'settings',
    path: '/settings',
    spanish: async (page) => {
      const main = page.locator('main#main-content');
      await expect(main.getByRole('link', { name: 'Mi perfil' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Configuración de la organización' })).toBeVisible();
      await expect(main.getByText('Los roles y lo que cada uno puede ver, crear, editar y eliminar.')).toBeVisible();
    },
    pseudo: async (page) => {
      await expect(page.locator('main#main-content').getByRole('link', { name: /Ṁý Þŕöƒîļé/ })).toBeVisible();
    },
  },
  {
    area: 'catalog',
    path: '/supplies',
    spanish: async (page) => {
      await expect(page.getByRole('columnheader', { name: 'Fecha de la última compra' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Proveedor' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Añadir' })).toBeVisible();
    },
    pseudo: async (page) => {
      await expect(page.getByRole('columnheader', { name: /Ļåšţ Þûŕçĥåšé Ðåţé/ })).toBeVisible();
    },
  },
];

async function open(page: Page, owner: Owner, path: string) {
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto(path);
  await expect(page.getByTestId('header-email')).toHaveText(owner.email);
}

for (const area of AREAS) {
  test(`My profile in Español: ${area.area}'s main page (${area.path}) reads Spanish`, async ({ page }) => {
    const owner = await ownerSpeaking('Idioma', 'es');
    await open(page, owner, area.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await area.spanish(page);
    await expectNoSeriousA11yViolations(page);
  });

  test(`the pseudo-locale leaves no English of ${area.area} on its main page (${area.path})`, async ({ page }) => {
    const owner = await ownerSpeaking('Pseudo', 'en-XA');
    await open(page, owner, area.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await area.pseudo(page);
    const text = LIBS_WORDS.reduce((all, words) => all.replaceAll(words, ''), await mainText(page));
    expect(catalogueWords(area.area, area.values).filter((words) => containsWords(text, words))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
}
