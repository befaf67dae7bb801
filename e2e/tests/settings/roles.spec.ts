import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { inviteCodeOf, waitForMail } from '../auth/support/mailOutbox';
import { chooseOption } from '../crm/pages/chooseOption';
import { anonClient, createOwner, serviceClient, uniqueEmail } from '../shell/support/shellApi';

test('roles list the organisation’s roles; User Role Management edits a role and its permissions per component', async ({ page }) => {
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
});

test('a role given None for CRM view reads no CRM rows through the API; Organization restores them', async ({ page }) => {
  const owner = await createOwner('RoleLevels');
  const service = serviceClient();
  const { data: role, error: roleError } = await service.from('user_roles').insert({ org_name: owner.orgName, role_name: 'helper', description: 'Front desk' }).select('id').single();
  if (roleError || !role) throw new Error(roleError?.message);
  const member = { email: uniqueEmail('helper'), password: 'Helper-pass-2026' };
  await service.from('user_profiles').insert({ org_name: owner.orgName, name: 'Helper', email: member.email, status: 'Pending', role_id: role.id });
  const api = anonClient();
  const requested = await api.rpc('request_invite_code', { p_email: member.email });
  if (requested.error) throw new Error(requested.error.message);
  const code = inviteCodeOf(await waitForMail(member.email, `Your code to join ${owner.orgName}`));
  const activated = await api.rpc('activate_invite', { p_email: member.email, p_code: code, p_password: member.password, p_full_name: 'Helper Person' });
  if (activated.error) throw new Error(activated.error.message);
  const { error: signInError } = await api.auth.signInWithPassword(member);
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
