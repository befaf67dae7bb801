import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, type Owner } from './support/shellApi';

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

const catalogue = (area: string) => JSON.parse(readFileSync(new URL(`../../../apps/${area}/src/messages/en.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** The area's English words a person could see: whole messages without arguments, of four letters or more. */
function englishWords(area: AreaPage): string[] {
  return Object.entries(catalogue(area.area))
    .filter(([id, text]) => !area.values?.test(id) && !/[{}<]/.test(text) && /[A-Za-z]{4}/.test(text))
    .map(([, text]) => text);
}

/** The page's own text, shown or for screen readers (main content only: the shell has its own check). */
async function mainText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector<HTMLElement>('main#main-content');
    if (!main) return '';
    const labels = [main, ...main.querySelectorAll('*')].map((element) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? '').join(' '));
    return [main.innerText, ...labels].join('\n');
  });
}

/**
 * The shared libs' own words around an area's page (the list toolbar's name), which hold an area's word
 * ("List" in "List actions"): the libs' catalogue, not the area's, answers for them.
 */
const LIBS_WORDS = ['List actions'];

/** Whole words only: "Task" is not found in "Tasks" nor in "Taskbar". */
const containsWords = (text: string, words: string) => new RegExp(`(^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text);

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

async function ownerIn(prefix: string, language: string): Promise<Owner> {
  const owner = await createOwner(prefix);
  const { error } = await serviceClient().from('user_profiles').update({ language }).eq('org_name', owner.orgName).eq('email', owner.email);
  if (error) throw new Error(`user_profiles: ${error.message}`);
  return owner;
}

async function open(page: Page, owner: Owner, path: string) {
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto(path);
  await expect(page.getByTestId('header-email')).toHaveText(owner.email);
}

for (const area of AREAS) {
  test(`My profile in Español: ${area.area}'s main page (${area.path}) reads Spanish`, async ({ page }) => {
    const owner = await ownerIn('Idioma', 'es');
    await open(page, owner, area.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await area.spanish(page);
    await expectNoSeriousA11yViolations(page);
  });

  test(`the pseudo-locale leaves no English of ${area.area} on its main page (${area.path})`, async ({ page }) => {
    const owner = await ownerIn('Pseudo', 'en-XA');
    await open(page, owner, area.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await area.pseudo(page);
    const text = LIBS_WORDS.reduce((all, words) => all.replaceAll(words, ''), await mainText(page));
    expect(englishWords(area).filter((words) => containsWords(text, words))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });
}
