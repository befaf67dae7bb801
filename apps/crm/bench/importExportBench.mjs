// @ts-check
// CSV import and export at scale (`npm run bench -- --only=importexport`, over the production build in
// Chromium; builds first when a dist is missing):
//  - import 100,000 contacts from a generated CSV end to end: the file chosen in the Import dialog →
//    "Imported 100,000 contacts." (parse, chunked upload with progress, the duplicate check, the one
//    all-or-nothing import call), each run into a new organisation;
//  - the same with five of the organisation's own fields (columns headed with their labels; a choice,
//    a date, a number, a multiple choice, a text), defined in each new organisation first;
//  - export 100,000 rows of /contacts to CSV: the longest frame while it runs (requestAnimationFrame
//    gaps, and the long-animation-frame entries Chromium reports), and the time to the download.
// The 100,000 contacts the export reads are seeded here with generate_series, not by npm start or test.
// It starts a stack and the platform of its own (STEWARD_IMPORTEXPORT_BENCH_PORT_BASE,
// STEWARD_IMPORTEXPORT_BENCH_PORT) and throws both away afterwards. STEWARD_IMPORTEXPORT_PARTS picks
// the parts (import,custom,export).
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { median, percentile, printRow } from '../../../scripts/lib/benchReport.mjs';
import { launchChromium, signInPage } from '../../../scripts/lib/chromium.mjs';
import { REMOTE_NAMES, startPlatform } from '../../../scripts/lib/platform.mjs';
import { buildAll } from '../../../scripts/lib/run.mjs';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../../supabase/local/keys.mjs';
import { REPO_ROOT } from '../../../supabase/local/config.mjs';
import { startBenchStack } from '../../../supabase/bench/benchStack.mjs';

const ROWS = Number(process.env.STEWARD_IMPORTEXPORT_ROWS ?? 100_000);
const IMPORT_RUNS = Number(process.env.STEWARD_IMPORT_RUNS ?? 3);
const EXPORT_RUNS = Math.max(3, Number(process.env.STEWARD_EXPORT_RUNS ?? 5));
const PASSWORD = 'Import-bench-2026';
const CUSTOM_IMPORT_RUNS = Number(process.env.STEWARD_IMPORT_CUSTOM_RUNS ?? 3);
/** Which parts run: the plain import, the import with custom fields, the export (all by default). */
const PARTS = (process.env.STEWARD_IMPORTEXPORT_PARTS ?? 'import,custom,export').split(',');

/** The five fields of the custom-field import: label, type, choices. */
const BENCH_FIELDS = [
  { label: 'Paddling level', field_type: 'single_choice', choices: ['Beginner', 'Intermediate', 'Advanced'] },
  { label: 'Waiver expires', field_type: 'date' },
  { label: 'Deposit', field_type: 'number' },
  { label: 'Diet', field_type: 'multiple_choice', choices: ['Vegetarian', 'Vegan', 'Gluten free'] },
  { label: 'Notes', field_type: 'short_text' },
];

/** The five fields in a new organisation, as Settings → Fields defines them. @param {string} dbUrl @param {string} orgName */
async function defineBenchFields(dbUrl, orgName) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    for (const [position, field] of BENCH_FIELDS.entries()) {
      await db.query(
        `insert into settings.custom_fields (org_name, record_kind, label, field_type, position, choices)
         values ($1, 'contact', $2, $3, $4, $5::jsonb)`,
        [orgName, field.label, field.field_type, position + 1, JSON.stringify((field.choices ?? []).map((label) => ({ label })))],
      );
    }
  } finally {
    await db.end();
  }
}

/** The 100,000 people again, with a value of each of the five fields. */
function customCsv() {
  const lines = [`Name,Primary Phone,Primary E-mail,City,Status,${BENCH_FIELDS.map((field) => field.label).join(',')}`];
  const levels = ['Beginner', 'Intermediate', 'Advanced'];
  const diets = ['Vegetarian', 'Vegan', 'Gluten free'];
  for (let i = 0; i < ROWS; i += 1) {
    const digits = String(2_000_000_000 + i * 7);
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(`Person ${i} Bench,(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)},person.${i}@example.test,Boone,Active,${levels[i % 3]},2027-03-${day},${(i % 500) + 0.5},${diets[i % 3]},Note ${i}`);
  }
  return Buffer.from(lines.join('\n'));
}

/** A new organisation and its owner (the sign-up the product offers). @param {string} apiUrl @param {string} label */
async function newOwner(apiUrl, label) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const owner = { email: `${label}.${stamp}@example.test`, password: PASSWORD, orgName: `${label} Bench ${stamp}` };
  const response = await fetch(`${apiUrl}/rest/v1/rpc/apply_for_access`, {
    method: 'POST',
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: owner.email, p_password: owner.password, p_full_name: 'Bench Owner', p_business_name: owner.orgName }),
  });
  if (!response.ok) throw new Error(`apply_for_access: ${response.status} ${await response.text()}`);
  return owner;
}

/** 100,000 distinct people: name, phone, e-mail, city. */
function generatedCsv() {
  const lines = ['Name,Primary Phone,Primary E-mail,City,Status'];
  for (let i = 0; i < ROWS; i += 1) {
    const digits = String(2_000_000_000 + i * 7);
    lines.push(`Person ${i} Bench,(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)},person.${i}@example.test,Boone,Active`);
  }
  return Buffer.from(lines.join('\n'));
}

/** Records the longest gap between animation frames and the long animation frames from now on. */
function installFrameWatch() {
  const state = { maxGap: 0, maxLoaf: 0, last: 0, running: false, /** @type {string[]} */ longest: [] };
  // @ts-ignore the page's own global
  window.__stewardFrames = state;
  const tick = (/** @type {number} */ now) => {
    if (state.running && state.last) state.maxGap = Math.max(state.maxGap, now - state.last);
    state.last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  for (const type of ['long-animation-frame', 'longtask']) {
    try {
      new PerformanceObserver((list) => {
        if (!state.running) return;
        for (const entry of list.getEntries()) {
          state.maxLoaf = Math.max(state.maxLoaf, entry.duration);
          // What ran in a frame over 100 ms (long-animation-frame attribution), for the note.
          // @ts-ignore scripts is the long-animation-frame entry's attribution
          const scripts = (entry.scripts ?? []).map((script) => `${script.invoker} ${script.sourceFunctionName}@${String(script.sourceURL).split('/').pop()} ${Math.round(script.duration)}ms`);
          if (entry.duration > 100) state.longest.push(`${type} ${Math.round(entry.duration)}ms: ${scripts.join('; ')}`);
        }
      }).observe({ type, buffered: false });
    } catch {
      // the entry type is not supported
    }
  }
}

/** @param {string} dbUrl @param {string} orgName */
async function seedExportRows(dbUrl, orgName) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const started = performance.now();
    await db.query('begin');
    // Written as the database owner: no history, reference guards or shown-method triggers per row;
    // the shown e-mail is filled set-wise below, as the triggers would.
    await db.query('set local session_replication_role = replica');
    await db.query(
      `insert into crm.contacts (org_name, name, first_name, last_name, short_id, status)
       select $1, 'Export ' || lpad(n::text, 6, '0') || ' Person', 'Export', lpad(n::text, 6, '0') || ' Person', 'xb' || lpad(to_hex(n), 6, '0'), 'Active'
       from generate_series(1, $2) n`,
      [orgName, ROWS],
    );
    await db.query(
      `insert into crm.contact_methods (org_name, contact_id, type_id, kind, value, label, is_primary)
       select c.org_name, c.id, t.id, 'email', 'export.' || c.short_id || '@example.test', '', true
       from crm.contacts c, lateral (select id from crm.contact_method_types where org_name = '_system_default_' and kind = 'email' limit 1) t
       where c.org_name = $1`,
      [orgName],
    );
    await db.query(
      `insert into app.shown_contact_methods (parent_id, email_id)
       select cm.contact_id, cm.id from crm.contact_methods cm where cm.org_name = $1 and cm.contact_id is not null`,
      [orgName],
    );
    await db.query('commit');
    await db.query('analyze crm.contacts; analyze crm.contact_methods; analyze app.shown_contact_methods');
    return performance.now() - started;
  } finally {
    await db.end();
  }
}

/** @param {number[]} values @param {string} unit */
const spread = (values, unit) => `min ${Math.min(...values).toFixed(1)} – max ${Math.max(...values).toFixed(1)} ${unit} over ${values.length} runs`;

export async function runImportExportBench() {
  if (!['shell', ...REMOTE_NAMES].every((app) => existsSync(path.join(REPO_ROOT, 'apps', app, 'dist/index.html')))) await buildAll();
  const portBase = Number(process.env.STEWARD_IMPORTEXPORT_BENCH_PORT_BASE ?? 55121);
  const port = Number(process.env.STEWARD_IMPORTEXPORT_BENCH_PORT ?? 4760);
  const stack = await startBenchStack(portBase);
  const platform = await startPlatform({
    port,
    apiUrl: stack.config.apiUrl,
    anonKey: ANON_KEY,
    configFile: path.join(REPO_ROOT, '.steward/bench/importexport-runtime-config.json'),
  });
  const browser = await launchChromium();
  try {
    const csv = generatedCsv();
    /** @param {{ email: string, password: string }} owner */
    const signedInPage = async (owner) => {
      const context = await browser.newContext({ acceptDownloads: true });
      const page = await context.newPage();
      await signInPage(page, { apiUrl: stack.config.apiUrl, anonKey: ANON_KEY, baseURL: platform.url, ...owner });
      return { context, page };
    };
    /** @param {import('playwright-core').Page} page */
    const openContacts = async (page) => {
      await page.goto(`${platform.url}/contacts`);
      await page.getByRole('toolbar', { name: 'List actions' }).waitFor({ timeout: 60_000 });
      await page.getByRole('table').getByText('Loading…').waitFor({ state: 'detached', timeout: 60_000 });
    };

    // Import: a new organisation per run, the same file; `prepare` readies each organisation first.
    /** @param {string} figure @param {Buffer} file @param {number} runs @param {(owner: { orgName: string }) => Promise<void>} prepare */
    const importRuns = async (figure, file, runs, prepare) => {
      const importSeconds = [];
      /** @type {{ upload: number[], check: number[], write: number[] }} seconds per phase, as the dialog shows them */
      const phases = { upload: [], check: [], write: [] };
      const importLoad = [os.loadavg()[0]];
      let importNote = '';
      for (let run = 0; run < runs; run += 1) {
        const owner = await newOwner(stack.config.apiUrl, 'import');
        await prepare(owner);
        const { context, page } = await signedInPage(owner);
        try {
          await openContacts(page);
          await page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Import' }).click();
          const dialog = page.getByRole('dialog', { name: 'Import contacts' });
          await dialog.getByLabel(/CSV file/).waitFor();
          // When the dialog first says it checks, then imports (the file read and uploaded, then checked),
          // noted in the page as the progress bar's text changes.
          await page.evaluate(() => {
            /** @type {{ check?: number, write?: number }} */
            const seen = {};
            // @ts-ignore the page's own global
            window.__stewardImportPhases = seen;
            new MutationObserver(() => {
              const text = document.querySelector('[role=progressbar][aria-label="Import progress"]')?.getAttribute('aria-valuetext') ?? '';
              if (!seen.check && text.startsWith('Checking ')) seen.check = Date.now();
              if (!seen.write && text.startsWith('Importing ')) seen.write = Date.now();
            }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuetext'] });
          });
          const started = performance.now();
          const startedAt = Date.now();
          await dialog.getByLabel(/CSV file/).setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: file });
          await dialog.getByRole('button', { name: `Import ${ROWS.toLocaleString('en-US')} contacts` }).click({ timeout: 120_000 });
          const done = dialog.getByText(`Imported ${ROWS.toLocaleString('en-US')} contacts.`);
          const failed = dialog.locator('.ant-alert-error');
          await Promise.race([done.waitFor({ timeout: 900_000 }), failed.waitFor({ timeout: 900_000 })]);
          if (await failed.isVisible()) {
            importNote = `run ${run + 1} failed: ${await failed.innerText()}`;
            console.log(`(import ${importNote})`);
            continue;
          }
          const finished = performance.now();
          const finishedAt = Date.now();
          importSeconds.push((finished - started) / 1000);
          // @ts-ignore the page's own global
          const seen = await page.evaluate(() => window.__stewardImportPhases);
          if (seen?.check && seen?.write) {
            phases.upload.push((seen.check - startedAt) / 1000);
            phases.check.push((seen.write - seen.check) / 1000);
            phases.write.push((finishedAt - seen.write) / 1000);
          }
          importLoad.push(os.loadavg()[0]);
        } finally {
          await context.close();
        }
      }
      const loadNote = `load average ${Math.min(...importLoad).toFixed(1)}–${Math.max(...importLoad).toFixed(1)} on ${os.cpus().length} cores`;
      const phaseNote = phases.write.length
        ? `; median read + upload ${median(phases.upload).toFixed(1)} s, check ${median(phases.check).toFixed(1)} s, import call ${median(phases.write).toFixed(1)} s`
        : '';
      if (importSeconds.length) {
        printRow({ figure, value: median(importSeconds), unit: 's', budget: 60, note: `${spread(importSeconds, 's')}${phaseNote}; ${loadNote}${importNote ? `; ${importNote}` : ''}` });
      } else if (runs > 0) {
        printRow({ figure, value: Number.POSITIVE_INFINITY, unit: 's', budget: 60, note: importNote || 'no run finished' });
      }
    };
    if (PARTS.includes('import')) await importRuns(`import ${ROWS.toLocaleString('en-US')} contacts from CSV, end to end`, csv, IMPORT_RUNS, async () => {});
    // The same with five of the organisation's own fields: columns headed with their labels, mapped to
    // them by the dialog, choices by label, converted and checked by the database.
    if (PARTS.includes('custom')) {
      await importRuns(`import ${ROWS.toLocaleString('en-US')} contacts from CSV with 5 custom fields, end to end`, customCsv(), CUSTOM_IMPORT_RUNS, (owner) => defineBenchFields(stack.config.dbUrl, owner.orgName));
    }

    // Export: one organisation with 100,000 contacts seeded in SQL.
    if (!PARTS.includes('export')) return;
    const owner = await newOwner(stack.config.apiUrl, 'export');
    const seededMs = await seedExportRows(stack.config.dbUrl, owner.orgName);
    console.log(`(seeded ${ROWS.toLocaleString('en-US')} contacts with e-mails in ${(seededMs / 1000).toFixed(1)} s)`);
    const longestFrame = [];
    const longestLoaf = [];
    const exportSeconds = [];
    /** Per export page: the request's wait for its answer, and its answer's download (ms). */
    const pageWait = [];
    const pageDownload = [];
    for (let run = 0; run < EXPORT_RUNS; run += 1) {
      const { context, page } = await signedInPage(owner);
      let exporting = false;
      page.on('requestfinished', (request) => {
        if (!exporting || !request.url().includes('/rest/v1/contacts_view?')) return;
        const timing = request.timing();
        pageWait.push(timing.responseStart - timing.requestStart);
        pageDownload.push(timing.responseEnd - timing.responseStart);
      });
      try {
        await page.addInitScript(installFrameWatch);
        await openContacts(page);
        exporting = true;
        const downloaded = page.waitForEvent('download', { timeout: 600_000 });
        // @ts-ignore the page's own global
        await page.evaluate(() => Object.assign(window.__stewardFrames, { running: true, maxGap: 0, maxLoaf: 0, last: 0, longest: [] }));
        const started = performance.now();
        await page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Export' }).click();
        const download = await downloaded;
        exportSeconds.push((performance.now() - started) / 1000);
        // @ts-ignore the page's own global
        const frames = await page.evaluate(() => ({ ...window.__stewardFrames }));
        longestFrame.push(frames.maxGap);
        longestLoaf.push(frames.maxLoaf);
        if (process.env.STEWARD_BENCH_DEBUG) console.log(frames.longest.join('\n'));
        const text = await (await download.createReadStream()).toArray();
        const lines = Buffer.concat(text).toString('utf8').split('\r\n').length;
        if (lines !== ROWS + 1) console.log(`(export run ${run + 1} wrote ${lines - 1} rows, not ${ROWS})`);
      } finally {
        await context.close();
      }
    }
    printRow({
      figure: `export ${ROWS.toLocaleString('en-US')} rows to CSV, longest frame while it runs`,
      value: median(longestFrame),
      unit: 'ms',
      budget: 100,
      note: `gap between animation frames; ${spread(longestFrame, 'ms')}; longest long-animation-frame entry median ${median(longestLoaf).toFixed(0)} ms`,
    });
    const pagesNote = pageWait.length
      ? `; ${Math.round(pageWait.length / EXPORT_RUNS)} pages a run, each answered in a median ${median(pageWait).toFixed(0)} ms (p95 ${percentile(pageWait, 95).toFixed(0)} ms) and downloaded in ${median(pageDownload).toFixed(0)} ms`
      : '';
    printRow({ figure: `export ${ROWS.toLocaleString('en-US')} rows to CSV, click → download`, value: median(exportSeconds), unit: 's', budget: 60, note: `${spread(exportSeconds, 's')}${pagesNote}` });
  } finally {
    await browser.close();
    await platform.stop();
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runImportExportBench();
}
