import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { encodeFilterParam } from '../../../libs/src/filter/filterUrlCodec';
import { expectNoSeriousA11yViolations } from '../../support/axe';
import { E2E_BASE_URL } from '../../support/ports';
import { signInThroughApi } from '../../support/signInThroughApi';
import { createOwner, serviceClient, unique } from '../shell/support/shellApi';

test('Supplies: the export holds exactly the filtered rows, costs in dollars', async ({ page }) => {
  test.setTimeout(150_000);
  const owner = await createOwner('Supplies');
  const tag = unique('Lantern');
  const rows = [
    { name: `${tag} oil`, category: 'Lighting', unit_type: 'bottle', unit_qty: 2, last_cost: 4.5, vendor: 'North Supply' },
    { name: `${tag} wick`, category: 'Lighting', unit_type: 'each', unit_qty: 10, last_cost: 0.75, vendor: 'North Supply' },
    { name: unique('Firewood'), category: 'Heating', unit_type: 'bundle', unit_qty: 5, last_cost: 8, vendor: 'Woodlot' },
  ];
  const { error } = await serviceClient().schema('catalog').from('supplies').insert(rows.map((row) => ({ ...row, org_name: owner.orgName })));
  expect(error).toBeNull();

  await signInThroughApi(page, owner.email, owner.password, E2E_BASE_URL);
  const filter = encodeFilterParam({ field: 'category', operator: 'is', value: 'Lighting' });
  await page.goto(`/supplies?f=${encodeURIComponent(filter ?? '')}`);
  const table = page.getByRole('main').getByRole('table');
  await expect(table.getByRole('cell', { name: `${tag} oil`, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: '$4.50', exact: true })).toBeVisible();
  await expect(table.getByText(rows[2]!.name)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Name,Category,Unit Type,Quantity,Last Cost,Last Purchase Date,Vendor');
  // Exactly the filtered rows: the organisation's two lighting supplies (and any shared default in that category).
  const { data: expected } = await serviceClient()
    .schema('catalog')
    .from('supplies')
    .select('name')
    .in('org_name', [owner.orgName, '_system_default_'])
    .eq('category', 'Lighting')
    .order('name');
  expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual((expected ?? []).map((row) => row.name).sort());
  expect(lines.slice(1).some((line) => line.startsWith(`${tag} oil,`))).toBe(true);
  expect(lines.some((line) => line.includes('Firewood'))).toBe(false);
});
