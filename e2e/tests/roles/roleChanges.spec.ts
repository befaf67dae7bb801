import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { MainMenu } from '../../support/MainMenu';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner } from '../shell/support/shellApi';
import { createMember, noAccess, recordReads, setLevels } from './support/roleApi';

test('an owner changing a role changes what a signed-in member can do: on their next page, and within a minute', async ({ page }) => {
  const owner = await createOwner('RoleChange');
  const member = await createMember(owner, 'helper');
  await setLevels(owner.orgName, member.roleId, 'crm', { view: 'Organization', create: true, edit: 'Organization', delete: 'Organization' });
  await setLevels(owner.orgName, member.roleId, 'operations', { view: 'None', create: false, edit: 'None', delete: 'None' });
  // The page's clock is the test's: "a few seconds later" and "a minute later" without waiting for them.
  await page.clock.install();
  await signInThroughApi(page, member.email, member.password, E2E_BASE_URL);

  const seen = recordReads(page);
  await page.goto('/transactions');
  await expect(page.getByText(noAccess('Transactions'), { exact: true })).toBeVisible();
  expect(seen.reads.filter((read) => read.startsWith('public.transactions'))).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  const menu = new MainMenu(page);
  await menu.open('CRM', 'Businesses');
  const addNew = page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Add New' });
  await expect(addNew).toBeVisible();

  // The owner takes away adding: the member's next page, a few seconds on, no longer offers it.
  await setLevels(owner.orgName, member.roleId, 'crm', { view: 'Organization', create: false, edit: 'Organization', delete: 'Organization' });
  await page.clock.fastForward(5_000);
  await menu.open('CRM', 'Contacts');
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(addNew).toHaveCount(0);

  // Given back, it returns within a minute on the same page, without a navigation or a reload.
  await setLevels(owner.orgName, member.roleId, 'crm', { view: 'Organization', create: true, edit: 'Organization', delete: 'Organization' });
  await page.clock.fastForward(61_000);
  await expect(addNew).toBeVisible();

  // Opening Transactions to them takes effect on the next navigation too.
  await setLevels(owner.orgName, member.roleId, 'operations', { view: 'Organization', create: false, edit: 'None', delete: 'None' });
  await page.clock.fastForward(5_000);
  await menu.open('Financial', 'Transactions');
  await expect(page.getByText(noAccess('Transactions'), { exact: true })).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'List actions' })).toBeVisible();
  await expect(addNew).toHaveCount(0);
});
