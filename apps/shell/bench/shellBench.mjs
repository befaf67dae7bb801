// The shell's benchmark rows (called by scripts/bench.mjs with a running platform): sign-in to
// dashboard figures, organisation switch to re-themed, reloaded dashboard, and a language switch on an
// open list. Real Chromium, fresh browser context per run, median of the runs; times are taken inside
// the page.
import { median, printRow } from '../../../scripts/lib/benchReport.mjs';
import { launchChromium } from '../../../scripts/lib/chromium.mjs';

const RUNS = Math.max(5, Number(process.env.STEWARD_BENCH_RUNS ?? 5));
const DEMO = { email: 'demo@steward.dev', password: 'Steward-demo-2026' };

/** In-page time (performance.now) at which `predicate` first holds, polled every frame. */
async function timeWhen(page, predicate, arg) {
  const handle = await page.waitForFunction(predicate, arg, { polling: 'raf', timeout: 15_000 });
  return handle.jsonValue();
}

/** Clicks an element from inside the page and returns the in-page time of the click. */
function clickAt(page, locator) {
  return locator.evaluate((element) => {
    const started = performance.now();
    element.click();
    return started;
  });
}

async function signInThroughDialog(page, baseURL) {
  await page.goto(baseURL, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(DEMO.email);
  await dialog.getByLabel('Password').fill(DEMO.password);
  // The dialog preloads the signed-in screens; measure the sign-in itself, not that download.
  await page.waitForLoadState('networkidle');
  const started = await clickAt(page, dialog.locator('button[type="submit"]'));
  const visible = await timeWhen(page, () => (document.querySelector('[data-testid="stat-contacts"]') ? performance.now() : false));
  return visible - started;
}

async function switchOrganisation(page) {
  const from = await page.locator('.stw-org-theme').getAttribute('data-org');
  await page.getByRole('button', { name: /^Organization:/ }).click();
  const target = page.getByRole('menuitemradio').filter({ hasNotText: from ?? '' }).first();
  await target.waitFor();
  await page.waitForTimeout(400); // let the menu finish appearing
  const to = (await target.textContent())?.trim();
  const headerBefore = await page.locator('.stw-header').evaluate((element) => getComputedStyle(element).backgroundColor);
  const started = await clickAt(page, target);
  const done = await timeWhen(
    page,
    ([org, previousColor]) => {
      const header = document.querySelector('.stw-header');
      const dashboard = document.querySelector('.stw-dashboard');
      const themed = header && getComputedStyle(header).backgroundColor !== previousColor;
      return themed && dashboard?.getAttribute('data-org') === org ? performance.now() : false;
    },
    [to, headerBefore],
  );
  return done - started;
}

/**
 * The header's language menu on an open list (/businesses, its rows shown): from the choice to the
 * list's column headings in the new language, the catalogues fetched on the way as on a first switch.
 */
async function switchLanguage(page, language, heading) {
  const menu = page.getByRole('banner').getByRole('combobox');
  const started = await menu.evaluate((select, value) => {
    const at = performance.now();
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    return at;
  }, language);
  const shown = await timeWhen(
    page,
    (name) => ([...document.querySelectorAll('[role="columnheader"]')].some((cell) => cell.textContent?.trim().startsWith(name)) ? performance.now() : false),
    heading,
  );
  return shown - started;
}

async function openList(page, baseURL) {
  await page.goto(new URL('/businesses', baseURL).toString());
  await page.getByRole('columnheader', { name: /^Name/ }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

export async function runShellBench({ baseURL }) {
  const browser = await launchChromium();
  const signIn = [];
  const switching = [];
  const languages = [];
  const languagesBack = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      signIn.push(await signInThroughDialog(page, baseURL));
      switching.push(await switchOrganisation(page));
      await openList(page, baseURL);
      languages.push(await switchLanguage(page, 'es', 'Nombre'));
      // English again, as the demo person reads it (the choice is kept on their profile).
      languagesBack.push(await switchLanguage(page, 'en', 'Name'));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  printRow({ figure: 'sign-in submit → dashboard stat values visible', value: median(signIn), unit: 'ms', budget: 800 });
  printRow({ figure: 'organisation switch → re-themed and data reloaded', value: median(switching), unit: 'ms', budget: 500 });
  printRow({
    figure: 'switching language on an open list (header menu → the list redrawn in Spanish)',
    value: median(languages),
    unit: 'ms',
    budget: 300,
    note: `median of ${languages.length}, ${Math.round(Math.min(...languages))}–${Math.round(Math.max(...languages))} ms, Spanish's catalogues fetched each time (a new browser context a run); back to English ${Math.round(median(languagesBack))} ms`,
  });
}
