import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import { contactEntity } from './contacts/contactEntity';
import { CONTACT_EDIT_SECTIONS } from './contacts/contactFields';
import { CONTACT_COLUMNS, spouseLine } from './contacts/contactColumns';
import { STATUS_FIELD } from './records/commonFields';
import { transactionTypeLabel } from './financial/giving';
import { formatBytes } from './files/fileRules';
import { valueProblem } from './contactMethods/methodRules';
import { relationshipTitle } from './relationships/relationshipKinds';
import type { CrmRow } from './records/crmRow';
import { later } from './i18n';

// The later screens' words are in, as when a record page has opened (i18n.ts).
beforeAll(() => later.preload());

// A worker runs further files in the same modules: leave the page's language as it was found.
afterAll(async () => {
  await setLocale('en');
});

describe("the CRM's words follow the page's language", () => {
  it('reads its module-level definitions (entity, sections, columns, choices) in the language of the moment', async () => {
    expect([contactEntity.label, contactEntity.listTitle, contactEntity.notFound, contactEntity.addNew?.entityLabel]).toEqual(['Contact', 'Contacts', 'Contact not found.', 'Contact']);
    expect(CONTACT_EDIT_SECTIONS.map((section) => section.title)).toEqual(['Name', 'Personal', 'Preferences', 'Ownership', 'About']);
    await setLocale('es');
    expect([contactEntity.label, contactEntity.listTitle, contactEntity.notFound, contactEntity.addNew?.entityLabel]).toEqual(['Contacto', 'Contactos', 'No se encontró el contacto.', 'contacto']);
    expect(CONTACT_EDIT_SECTIONS[0]?.fields.map((field) => field.label).slice(0, 3)).toEqual(['Nombre', 'Tratamiento', 'Nombre de pila']);
    expect(CONTACT_COLUMNS.find((column) => column.key === 'type_name')?.title).toBe('Tipo');
    // The stored status stays the English value the database checks; its label is Spanish.
    expect(STATUS_FIELD.options?.[0]).toEqual({ value: 'Active', label: 'Activo' });
    expect(spouseLine({ spouse_name: 'Ana Ruiz' } as unknown as CrmRow)).toBe('Cónyuge: Ana Ruiz');
    await setLocale('en');
    expect(contactEntity.label).toBe('Contact');
  });

  it('writes numbers, validation messages and the words the database stores in the language of the moment', async () => {
    expect([formatBytes(5 * 1024 * 1024), transactionTypeLabel('payment'), relationshipTitle('Works at'), relationshipTitle('Godparent')]).toEqual(['5.0 MB', 'Payment', 'Works at', 'Godparent']);
    await setLocale('es');
    expect([formatBytes(5 * 1024 * 1024), transactionTypeLabel('payment'), relationshipTitle('Works at'), relationshipTitle('Godparent')]).toEqual(['5,0 MB', 'Pago', 'Trabaja en', 'Godparent']);
    expect(valueProblem('email', 'ada')).toBe('Escribe una dirección de correo electrónico como nombre@ejemplo.com.');
    await setLocale('en');
    expect(valueProblem('email', 'ada')).toBe('Enter an e-mail address like name@example.com.');
  });
});
