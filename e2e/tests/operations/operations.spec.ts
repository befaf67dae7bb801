import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';

test('projects: an empty organisation says so, and a project added through the editor appears', async ({ page }) => {
  const owner = await createOwner('Ops');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/projects');
  await expect(page.getByText('No projects found.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const name = unique('Dock repair');
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Project' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Active');
});

test('tasks show their subtasks, transactions their amounts, and the placeholders show no data', async ({ page }) => {
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto('/tasks');
  await expect(page.getByRole('columnheader', { name: 'Subtasks' })).toBeVisible();
  await expect(page.getByRole('table').getByText('No subtasks').first()).toBeVisible();
  await expect(page.getByRole('table').getByText(/\((To Do|In Progress|Blocked|Done)\)/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/transactions');
  await expect(page.getByRole('table').getByText(/^\$[\d,]+\.\d\d$/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const [path, section] of [
    ['/lists', 'Lists'],
    ['/forms', 'Forms'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(`${section} are coming soon. This screen does not show any data yet.`)).toBeVisible();
  }
});

test('the seeded "Open tasks" saved filter applies (status is not Done) and the export holds exactly the filtered rows', async ({ page }) => {
  // Other journeys add tasks to the demo organisation while this one runs: the open tasks are read
  // before and after, and what the list and the export hold must lie between the two.
  const titles = async (open: boolean) => {
    const query = serviceClient().schema('ops').from('tasks').select('title').in('org_name', [DEMO_OWNER.orgName, '_system_default_']);
    const { data, error } = open ? await query.eq('archive', false).neq('status', 'Done') : await query;
    expect(error).toBeNull();
    return (data ?? []).map((task: { title: string }) => task.title);
  };
  const openTitles = () => titles(true);
  const before = await openTitles();
  expect(before.length).toBeGreaterThan(1);

  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto('/tasks');
  const table = page.getByRole('table');
  await expect(table.getByText('Done', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const saved = page.getByRole('group', { name: 'Saved filters' });
  await saved.getByLabel('Saved filter').click();
  await page.locator('.ant-select-item-option', { hasText: 'Open tasks' }).click();
  // The seed and the reader agree: nothing reports the filter as unreadable, and it applies.
  await expect(saved.getByText(/cannot be read/)).toHaveCount(0);
  await expect(page).toHaveURL(/f=/);
  // The table says how many rows it holds (it draws only those in view): the open tasks, header included.
  await expect(async () => {
    const count = Number(await table.getAttribute('aria-rowcount')) - 1;
    const now = await openTitles();
    expect(count).toBeGreaterThanOrEqual(Math.min(before.length, now.length));
    expect(count).toBeLessThanOrEqual(Math.max(before.length, now.length));
  }).toPass();
  await expect(table.getByText('Done', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Title,Description,Status,Assignee,Due date,Priority,About,Subtasks');
  const after = await openTitles();
  const exported = lines.slice(1);
  // Open both before and after: exported. Every exported row is one of the organisation's tasks, open
  // when exported (no Done in the file) — other journeys add tasks, and finish some, meanwhile, so a
  // task may be open only between the two reads.
  const rowOf = (title: string) => (line: string) => line.startsWith(title.includes(',') ? `"${title}` : `${title},`);
  for (const title of before.filter((title) => after.includes(title))) expect(exported.some(rowOf(title)), title).toBe(true);
  const organisationTasks = await titles(false);
  for (const line of exported) expect(organisationTasks.some((title) => rowOf(title)(line)), line).toBe(true);
  expect(csv).not.toMatch(/,Done,/);
});

test('a long task list (drawn virtually) gives each task the height its subtasks need: no row overlaps the next', async ({ page }) => {
  const owner = await createOwner('Tasks');
  const service = serviceClient().schema('ops');
  const { data: tasks, error } = await service
    .from('tasks')
    .insert(Array.from({ length: 120 }, (_, index) => ({ org_name: owner.orgName, title: `Long list task ${index}`, status: 'To Do', position: index })))
    .select('id');
  expect(error).toBeNull();
  const subtasks = (tasks ?? []).flatMap((task) => [1, 2, 3, 4].map((step) => ({ org_name: owner.orgName, task_id: task.id, title: `Step ${step}`, status: 'To Do' })));
  expect((await service.from('subtasks').insert(subtasks)).error).toBeNull();

  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/tasks');
  const rows = page.locator('.stw-list-row');
  await expect(rows.first().getByText('Step 4')).toBeVisible();
  const boxes = await rows.evaluateAll((elements) =>
    elements
      .map((element) => ({ top: element.getBoundingClientRect().top, bottom: element.getBoundingClientRect().bottom, content: Math.max(...[...element.children].map((cell) => cell.scrollHeight)) }))
      .sort((a, b) => a.top - b.top),
  );
  expect(boxes.length).toBeGreaterThan(3);
  for (const [index, box] of boxes.entries()) {
    expect(box.bottom - box.top).toBeGreaterThanOrEqual(box.content);
    const next = boxes[index + 1];
    if (next) expect(next.top).toBeGreaterThanOrEqual(box.bottom - 1);
  }
  await expectNoSeriousA11yViolations(page);

  // A subtask's title opens it in the editor, by keyboard too.
  const firstRow = page.locator('.stw-list-row[aria-rowindex="2"]');
  await firstRow.getByRole('button', { name: 'Step 2' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Subtask' });
  await dialog.getByLabel('Title', { exact: true }).fill('Step 2 checked');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(firstRow.getByRole('button', { name: 'Step 2 checked' })).toBeVisible();
});

test('transactions: revenue by month drawn above the table from the database aggregate, amounts as $x.xx', async ({ page }) => {
  const monthStart = new Date();
  monthStart.setUTCDate(1);
  const first = monthStart.toISOString().slice(0, 10);
  const { data: sales, error } = await serviceClient()
    .from('transactions')
    .select('amount, date')
    .eq('org_name', DEMO_OWNER.orgName)
    .eq('transaction_type', 'sale')
    .eq('archive', false)
    .gte('date', first);
  expect(error).toBeNull();
  const thisMonth = (sales ?? []).filter((row) => String(row.date) <= new Date().toISOString().slice(0, 10)).reduce((sum, row) => sum + Number(row.amount), 0);
  expect(thisMonth).toBeGreaterThan(0);
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(thisMonth);
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(monthStart);

  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto('/transactions');
  const chart = page.getByRole('img', { name: /^Revenue by month, last 12 months:/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`${monthName} ${dollars.replace(/[$.]/g, '\\$&')}$`));
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByRole('table').getByText(/^-?\$[\d,]+\.\d\d$/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('placeholder pages show no e-mail addresses or other data', async ({ page }) => {
  test.slow(); // three screens, each with an axe pass
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  for (const path of ['/lists', '/forms', '/testpage']) {
    await page.goto(path);
    await expect(page.getByText(/coming soon/)).toBeVisible();
    await expect(page.locator('main')).not.toContainText('@');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  }
});

test('the dashboard shows the same revenue chart under its stat cards', async ({ page }) => {
  await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Statistics' })).toBeVisible();
  const chart = page.getByRole('img', { name: /^Revenue by month, last 12 months:/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
