import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { requireTestStack } from '../../support/testStack';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';
import { IntegrationsPage } from './pages/IntegrationsPage';

test('an owner creates, edits, deactivates and deletes an integration; the API never returns its secrets', async ({ page }) => {
  const owner = await createOwner('Integrations');
  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  const screen = new IntegrationsPage(page);
  await screen.goto();
  await expect(screen.heading).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No integrations yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const name = unique('Orders hook');
  await screen.add({ name, type: 'Generic Webhook', generate: true, apiKey: 'sk_live_abcdef123456', webhookSecret: 'whsec_0123456789' });
  const webhookUrl = await screen.dialog.getByLabel('Webhook URL').inputValue();
  expect(webhookUrl).toMatch(new RegExp(`^${E2E_BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/webhooks/[0-9a-f]{32}$`));
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, { include: '.ant-modal' });
  await screen.save();
  await expect(screen.toast('Integration created successfully')).toBeVisible();
  await expect(screen.row(name)).toContainText('Active');
  await expect(screen.row(name)).toContainText('Set (ends in 3456)');

  // What the browser's own session gets from the REST API: no secret, only whether it is set.
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? null : null;
  });
  expect(token).not.toBeNull();
  const { apiUrl, anonKey } = requireTestStack();
  const response = await fetch(`${apiUrl}/rest/v1/integrations?select=*&org_name=eq.${encodeURIComponent(owner.orgName)}`, {
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'accept-profile': 'settings' },
  });
  expect(response.status).toBe(200);
  const body = await response.text();
  expect(body).not.toContain('sk_live_abcdef123456');
  expect(body).not.toContain('whsec_0123456789');
  const [row] = JSON.parse(body) as Array<Record<string, unknown>>;
  expect(row).toMatchObject({ name, api_key: null, api_secret: null, webhook_secret: null, api_key_set: true, api_key_last4: '3456', webhook_secret_set: true });
  const service = serviceClient();
  // The secret is stored, out of the API's reach.
  const { data: stored } = await service.schema('settings').from('integrations').select('id').eq('name', name).single();
  expect(stored).not.toBeNull();

  // Editing without typing a secret keeps it.
  await screen.row(name).getByRole('button', { name: `Edit ${name}` }).click();
  await expect(screen.dialog.getByText('Set (ends in 3456). Leave empty to keep it.')).toBeVisible();
  await expect(screen.dialog.getByLabel('API Key')).toHaveValue('');
  await screen.fill({ name: `${name} v2` });
  await screen.save();
  await expect(screen.toast('Integration updated successfully')).toBeVisible();
  await expect(screen.row(`${name} v2`)).toContainText('Set (ends in 3456)');

  await screen.row(`${name} v2`).getByRole('button', { name: `Deactivate ${name} v2` }).click();
  await expect(screen.toast('Integration deactivated')).toBeVisible();
  await expect(screen.row(`${name} v2`)).toContainText('Inactive');
  await screen.row(`${name} v2`).getByRole('button', { name: `Activate ${name} v2` }).click();
  await expect(screen.toast('Integration activated')).toBeVisible();

  await screen.row(`${name} v2`).getByRole('button', { name: `Delete ${name} v2` }).click();
  await expect(page.getByText('Are you sure you want to delete this integration?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(screen.toast('Integration deleted successfully')).toBeVisible();
  await expect(screen.row(`${name} v2`)).toHaveCount(0);
  const { data: gone } = await service.schema('settings').from('integrations').select('id').eq('org_name', owner.orgName);
  expect(gone).toEqual([]);
});
