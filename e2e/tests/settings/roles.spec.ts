import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { chooseOption } from '../crm/pages/chooseOption';
import { anonClient, createOwner, serviceClient } from '../shell/support/shellApi';
import { createMember } from '../roles/support/roleApi';

test('roles list the organisation’s roles; User Role Management edits a role and its permissions per component; a role is archived with Undo and restored from Archived', async ({ page }) => {
  const owner = await createOwner('Roles');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/settings/roles');
  const ownerRole = page.getByRole('link', { name: 'owner' });
  await expect(ownerRole).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await ownerRole.click();
  await expect(page.getByRole('heading', { level: 2, name: 'User Role Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: '← Back to Roles' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'CRM' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: '← Back to Roles' }).click();
  await expect(page).toHaveURL(/\/settings\/roles$/);

  // A role no one holds is archived from the list (Undo for 10 s), found under Archived and restored.
  const { error } = await serviceClient().from('user_roles').insert({ org_name: owner.orgName, role_name: 'Seasonal helper' });
  expect(error).toBeNull();
  await page.reload();
  const table = page.getByRole('table', { name: 'Roles' });
  await table.getByRole('checkbox', { name: 'Select Seasonal helper' }).check();
  await page.getByRole('group', { name: 'Actions on 1 role' }).getByRole('button', { name: 'Archive', exact: true }).click();
  const toasts = page.getByRole('list', { name: 'Notifications' });
  await expect(toasts).toContainText('Archived 1 role');
  await expect(table.getByRole('link', { name: 'Seasonal helper' })).toHaveCount(0);
  const toolbar = page.getByRole('toolbar', { name: 'List actions' });
  await toolbar.getByRole('button', { name: 'Archived' }).click();
  await expect(table.getByRole('link', { name: 'Seasonal helper' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'owner' })).toHaveCount(0);
  await table.getByRole('checkbox', { name: 'Select Seasonal helper' }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('group', { name: 'Actions on 1 role' }).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(toasts).toContainText('Restored 1 role');
  await toolbar.getByRole('button', { name: 'Archived' }).click();
  await expect(table.getByRole('link', { name: 'Seasonal helper' })).toBeVisible();
});

test('a role given None for CRM view reads no CRM rows through the API; Organization restores them', async ({ page }) => {
  const owner = await createOwner('RoleLevels');
  const service = serviceClient();
  // A member whose new role starts without permissions.
  const member = await createMember(owner, 'helper');
  const api = anonClient();
  const { error: signInError } = await api.auth.signInWithPassword({ email: member.email, password: member.password });
  if (signInError) throw new Error(signInError.message);
  const { data: business } = await service.schema('crm').from('businesses').insert({ org_name: owner.orgName, name: 'Front Desk Supplies' }).select('id').single();
  const memberSees = async () => {
    const { data, error } = await api.schema('crm').from('businesses').select('id').eq('org_name', owner.orgName);
    if (error) throw new Error(error.message);
    return data.map((row) => row.id as string);
  };

  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/settings/roles');
  await page.getByRole('link', { name: 'helper' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'User Role Management' })).toBeVisible();
  // A new permission row starts at None / Not allowed.
  await page.getByRole('button', { name: 'Add CRM' }).click();
  const crmRow = page.getByRole('row', { name: /^CRM/ });
  await expect(crmRow.getByLabel('CRM view')).toBeVisible();
  await expect(crmRow).toContainText('None');
  await expect.poll(memberSees).toEqual([]);

  await chooseOption(page, crmRow, 'CRM view', 'Organization');
  await expect(crmRow).toContainText('Organization');
  await expect.poll(memberSees).toEqual([business!.id]);

  await chooseOption(page, crmRow, 'CRM view', 'None');
  await expect.poll(memberSees).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});
