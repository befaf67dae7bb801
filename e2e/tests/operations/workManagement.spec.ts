import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { DEMO_OWNER } from '../../support/demoAccounts';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { chooseOption } from '../crm/pages/chooseOption';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';

// Work management: a task with an owner and a date reaches My work and the bell, the notification
// opens the task, the board moves tasks by drag and by keyboard, the calendar shows the week, and
// another organisation sees none of it.

const DEMO_NAME = 'Alex Morgan';

async function orgToday(orgName: string): Promise<string> {
  const { data } = await serviceClient().from('organizations').select('timezone').eq('name', orgName).single();
  const timeZone = (data as { timezone: string | null } | null)?.timezone || 'UTC';
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function demoProfileId(): Promise<string> {
  const { data, error } = await serviceClient().from('user_profiles').select('id').eq('org_name', DEMO_OWNER.orgName).eq('email', DEMO_OWNER.email).single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

/** A task of the demo organisation written through the API (the journeys seed through it). */
async function addDemoTask(values: Record<string, unknown>): Promise<{ id: string; short_id: string }> {
  const { data, error } = await serviceClient()
    .schema('ops')
    .from('tasks')
    .insert({ org_name: DEMO_OWNER.orgName, status: 'To Do', priority: 'Normal', ...values })
    .select('id, short_id')
    .single();
  if (error) throw new Error(error.message);
  return data as { id: string; short_id: string };
}

async function archiveTasks(titles: string[]) {
  await serviceClient().schema('ops').from('tasks').update({ archive: true }).eq('org_name', DEMO_OWNER.orgName).in('title', titles);
}

const bell = (page: Page) => page.getByTestId('notification-bell');

test('a task assigned to me due today heads My work, rings the bell, opens from the notification and moves on the board', async ({ page }) => {
  const title = unique('Sweep the boathouse');
  const other = unique('Oil the paddles');
  try {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto('/tasks');
    // Start from a quiet bell.
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const markAll = panel.getByRole('button', { name: 'Mark all as read' });
    await expect(markAll.or(panel.getByText('You have no notifications.'))).toBeVisible();
    if (await markAll.isEnabled()) await markAll.click();
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // Assign a task to myself, due today, through the editor.
    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await chooseOption(page, dialog, 'Assignee', DEMO_NAME);
    await dialog.getByLabel('Due date', { exact: true }).fill(await orgToday(DEMO_OWNER.orgName));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(DEMO_NAME);

    // The bell shows it, and My work starts with it.
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await page.getByRole('navigation', { name: 'Task views' }).getByRole('link', { name: 'My work' }).click();
    await expect(page.getByTestId('my-work-item').first()).toContainText(title);
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/^Today \(\d+\)$/);
    await expectNoSeriousA11yViolations(page);

    // The notification opens the task.
    await bell(page).click();
    await panel.getByRole('link', { name: new RegExp(`Due today: ${title}`) }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Task' });
    await expect(editor.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    // The board: drag one card to Done, move another with the keyboard.
    await addDemoTask({ title: other, assignee_id: await demoProfileId() });
    await page.getByRole('navigation', { name: 'Task views' }).getByRole('link', { name: 'Board' }).click();
    const column = (name: string) => page.getByTestId(`board-column-${name}`);
    const card = column('To Do').getByTestId('board-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    // The browser's own drag events, carrying one DataTransfer from the card to the column.
    const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
    await card.dispatchEvent('dragstart', { dataTransfer });
    await column('Done').dispatchEvent('dragover', { dataTransfer });
    await column('Done').dispatchEvent('drop', { dataTransfer });
    await expect(column('Done').getByTestId('board-card').filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('board-announcement')).toHaveText(`Moved “${title}” to Done.`);

    const otherTitle = column('To Do').getByRole('button', { name: other });
    await otherTitle.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('board-announcement')).toHaveText(`Moved “${other}” to In Progress.`);
    await expect(column('In Progress').getByRole('button', { name: other })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // The moves were saved.
    const { data } = await serviceClient().schema('ops').from('tasks').select('title, status').in('title', [title, other]).order('title');
    expect(new Map((data as { title: string; status: string }[]).map((task) => [task.title, task.status]))).toEqual(
      new Map([
        [title, 'Done'],
        [other, 'In Progress'],
      ]),
    );
  } finally {
    await archiveTasks([title, other]);
  }
});

test("the calendar's week shows this week's reservations and a task on its due day; an item opens its record", async ({ page }) => {
  const today = await orgToday(DEMO_OWNER.orgName);
  const title = unique('Calendar check');
  await addDemoTask({ title, due_date: today });
  try {
    const weekStart = new Date(`${today}T00:00:00Z`);
    weekStart.setUTCDate(weekStart.getUTCDate() - weekStart.getUTCDay());
    const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000);
    const { data: stays } = await serviceClient()
      .schema('catalog')
      .from('reservations_view')
      .select('name, accommodation_name, check_in, check_out')
      .eq('org_name', DEMO_OWNER.orgName)
      .lt('check_in', weekEnd.toISOString())
      .gt('check_out', new Date(weekStart.getTime() + 86_400_000).toISOString())
      .limit(3);
    expect((stays ?? []).length).toBeGreaterThan(0);

    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto(`/calendar?view=week&date=${today}`);
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    for (const stay of stays as { name: string; accommodation_name: string }[]) {
      await expect(grid.getByRole('link', { name: `${stay.accommodation_name}: ${stay.name}` }).first()).toBeVisible();
    }
    const todayCell = grid.locator(`[data-day="${today}"]`);
    await expect(todayCell.getByRole('link', { name: `Task: Due: ${title}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Hiding reservations leaves the task.
    await page.getByRole('checkbox', { name: 'Reservations' }).uncheck();
    await expect(grid.locator('[data-kind="reservation"]')).toHaveCount(0);
    await expect(todayCell.getByRole('link', { name: `Task: Due: ${title}` })).toBeVisible();

    // Past the week's last day and straight back, as fast as keys go: the week shown and the focus
    // follow the last key, not the cell on screen when it was pressed.
    const lastCell = grid.getByRole('gridcell').last();
    const lastDay = await lastCell.getAttribute('data-day');
    await lastCell.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(grid.locator(`[data-day="${lastDay}"]`)).toBeFocused();
    await expect(todayCell).toBeVisible();

    // The keyboard walks the days; Enter opens the day.
    await todayCell.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(todayCell).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('calendar-day')).toContainText(title);

    await page.getByTestId('calendar-day').getByRole('link', { name: `Task: Due: ${title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByLabel('Title', { exact: true })).toHaveValue(title);
  } finally {
    await archiveTasks([title]);
  }
});

test("the calendar opens a stay's booking and a project's editor, each listing its open tasks", async ({ page }) => {
  const today = await orgToday(DEMO_OWNER.orgName);
  const stayTask = unique('Make up the cots');
  const projectTask = unique('Order the planks');
  const projectName = unique('New jetty');
  // A stay of this week, as the week test finds them.
  const weekStart = new Date(`${today}T00:00:00Z`);
  weekStart.setUTCDate(weekStart.getUTCDate() - weekStart.getUTCDay());
  const { data: stays } = await serviceClient()
    .schema('catalog')
    .from('reservations_view')
    .select('id, name, accommodation_name')
    .eq('org_name', DEMO_OWNER.orgName)
    .eq('archive', false)
    .lt('check_in', new Date(weekStart.getTime() + 7 * 86_400_000).toISOString())
    .gt('check_out', new Date(weekStart.getTime() + 86_400_000).toISOString())
    .not('accommodation_name', 'is', null)
    .limit(1);
  const stay = (stays as { id: string; name: string; accommodation_name: string }[])[0]!;
  const { data: project, error } = await serviceClient()
    .schema('ops')
    .from('projects')
    .insert({ org_name: DEMO_OWNER.orgName, name: projectName, status: 'Active', due_date: today })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const projectId = (project as { id: string }).id;
  await addDemoTask({ title: stayTask, reservation_id: stay.id });
  await addDemoTask({ title: projectTask, project_id: projectId });
  try {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto(`/calendar?view=week&date=${today}`);
    await page.getByRole('grid').getByRole('link', { name: `${stay.accommodation_name}: ${stay.name}` }).first().click();
    const booking = page.getByRole('dialog', { name: 'Edit Reservation' });
    await expect(booking.getByLabel('Label', { exact: true })).toHaveValue(stay.name);
    const stayTasks = booking.getByRole('region', { name: 'Open tasks' });
    await expect(stayTasks.getByRole('link', { name: stayTask, exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/reservations$/);
    await expectNoSeriousA11yViolations(page);
    await stayTasks.getByRole('link', { name: stayTask, exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByLabel('Title', { exact: true })).toHaveValue(stayTask);

    await page.goto(`/calendar?view=week&date=${today}`);
    await page.getByRole('grid').locator(`[data-day="${today}"]`).getByRole('link', { name: `Project due: ${projectName}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(editor.getByLabel('Name', { exact: true })).toHaveValue(projectName);
    const projectTasks = editor.getByRole('region', { name: 'Open tasks' });
    await expect(projectTasks.getByRole('link', { name: projectTask, exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  } finally {
    await archiveTasks([stayTask, projectTask]);
    await serviceClient().schema('ops').from('projects').update({ archive: true }).eq('id', projectId);
  }
});

test('on a phone the calendar is one day as a list, walked day by day', async ({ page }) => {
  const today = await orgToday(DEMO_OWNER.orgName);
  const title = unique('Phone calendar');
  await addDemoTask({ title, due_date: today });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto('/calendar?view=month');
    const day = page.getByTestId('calendar-day');
    await expect(day.getByRole('link', { name: `Task: Due: ${title}` })).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(day.getByRole('link', { name: `Task: Due: ${title}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(day.getByRole('link', { name: `Task: Due: ${title}` })).toBeVisible();

    // The bell's panel fits the phone's screen.
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  } finally {
    await archiveTasks([title]);
  }
});

test('another organisation sees none of it: no notifications, no work, nothing on its calendar', async ({ page }) => {
  const owner = await createOwner('Quiet');
  const today = await orgToday(owner.orgName);
  const title = unique('Demo only');
  await addDemoTask({ title, due_date: today, assignee_id: await demoProfileId() });
  try {
    await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
    await page.goto('/tasks?view=mine');
    await expect(page.getByText('Nothing open is assigned to you.')).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, none unread');
    await bell(page).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('You have no notifications.')).toBeVisible();

    await page.goto('/tasks?view=board');
    await expect(page.getByTestId('board-column-To Do')).toBeVisible();
    await expect(page.getByTestId('board-card')).toHaveCount(0);

    await page.goto(`/calendar?view=month&date=${today}`);
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.locator('.stw-cal-item')).toHaveCount(0);
    // Today's date is white on a filled mark: the mark must be drawn, or the date is white on white.
    const todayDate = page.getByRole('grid').locator(`[data-day="${today}"] .stw-cal-grid__date`);
    await expect(todayDate).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(todayDate).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expectNoSeriousA11yViolations(page);
  } finally {
    await archiveTasks([title]);
  }
});

test("a business's page lists its open tasks, each opening the task", async ({ page }) => {
  const title = unique('Send the boat invoice');
  const { data: business } = await serviceClient().schema('crm').from('businesses').select('id, short_id').eq('org_name', DEMO_OWNER.orgName).eq('name', 'Blue Ridge Paddle Co.').single();
  const { id, short_id: shortId } = business as { id: string; short_id: string };
  await addDemoTask({ title, business_id: id });
  await addDemoTask({ title: `${title} (done)`, business_id: id, status: 'Done' });
  try {
    await signInThroughApi(page, DEMO_OWNER.email, DEMO_OWNER.password, E2E_BASE_URL);
    await page.goto(`/business/${shortId}`);
    const openTasks = page.getByRole('region', { name: 'Open tasks' });
    await expect(openTasks.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(openTasks.getByRole('link', { name: `${title} (done)` })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await openTasks.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByLabel('Title', { exact: true })).toHaveValue(title);
  } finally {
    await archiveTasks([title, `${title} (done)`]);
  }
});

test('the daily digest is switched on and off in My profile', async ({ page }) => {
  const owner = await createOwner('Digest');
  const digestOf = async () => {
    const { data } = await serviceClient().from('user_profiles').select('task_digest').eq('org_name', owner.orgName).eq('email', owner.email).single();
    return (data as { task_digest: boolean }).task_digest;
  };
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/acctsettings');
  const digest = page.getByRole('switch', { name: 'E-mail me each morning the tasks due today and overdue' });
  await expect(digest).not.toBeChecked();
  await digest.click();
  await expect(digest).toBeChecked();
  await expect.poll(digestOf).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await digest.click();
  await expect(digest).not.toBeChecked();
  await expect.poll(digestOf).toBe(false);
});
