import { afterEach } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import { t } from '../i18n';
import { productFields } from '../inventory/productFields';
import { supplyFields } from './supplyFields';

const labels = (fields: readonly { label: string }[]) => fields.map((field) => field.label);

describe('the catalogue’s forms', () => {
  afterEach(async () => {
    await setLocale('en', 'USD');
  });

  it('label the supply form in English: the spec’s supply columns, then Description', () => {
    expect(labels(supplyFields(t))).toEqual(['Name', 'Category', 'Unit Type', 'Quantity', 'Last Cost', 'Last Purchase Date', 'Vendor', 'Description']);
  });

  it('label the forms in Spanish once the page is in Spanish', async () => {
    await setLocale('es', 'USD');
    expect(labels(supplyFields(t))).toEqual(['Nombre', 'Categoría', 'Tipo de unidad', 'Cantidad', 'Último coste', 'Fecha de la última compra', 'Proveedor', 'Descripción']);
    expect(productFields(t).find((field) => field.name === 'compare_at_price')?.label).toBe('Precio de comparación');
  });
});
