import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';

test.describe.configure({ timeout: 120_000 });

test('My profile loads the signed-in user and saves their own fields', async ({ page }) => {
  const owner = await createOwner('Profile');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  await page.goto('/usersettings');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 3 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Email')).toHaveValue(owner.email);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(owner.fullName);
  await expectNoSeriousA11yViolations(page);

  const title = unique('Head of');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Timezone').fill('Europe/Dublin');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  const { data } = await serviceClient().from('user_profiles').select('title, timezone').eq('email', owner.email.toLowerCase()).eq('org_name', owner.orgName).single();
  expect(data).toEqual({ title, timezone: 'Europe/Dublin' });
});
