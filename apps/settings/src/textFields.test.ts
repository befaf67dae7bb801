import { rowValuesFromForm, validateRecord } from '@steward/libs/form';
import { t } from './i18n';
import { textFieldDefs, textFormValues, textRowValues, trimmedOrNull } from './textFields';

const FIELDS = [
  { name: 'city', label: 'org.field.city' },
  { name: 'zip', label: 'org.field.zip' },
] as const;

describe('text settings fields', () => {
  it('loads every field, a missing or null value as empty', () => {
    expect(textFormValues(FIELDS, { city: 'Asheville', zip: null })).toEqual({ city: 'Asheville', zip: '' });
  });

  it('saves every field trimmed, blanks as null', () => {
    expect(textRowValues(FIELDS, { city: '  Asheville ', zip: '   ' })).toEqual({ city: 'Asheville', zip: null });
    expect(trimmedOrNull(undefined)).toBeNull();
  });

  it('gives the form engine text fields (an avatar_url stays a text box), with the required and e-mail rules asked for', () => {
    const defs = textFieldDefs(t, [{ name: 'name', label: 'profile.field.name' }, { name: 'avatar_url', label: 'profile.field.avatarUrl' }, { name: 'email', label: 'common.email' }] as const, {
      required: ['name'],
      email: { email: 'common.invalidEmail' },
    });
    expect(defs.map((field) => field.type)).toEqual(['text', 'text', 'email']);
    expect(validateRecord(defs, { name: '  ', avatar_url: '', email: 'nope' })).toEqual({ name: 'Name is required', email: 'Enter a valid email' });
    expect(rowValuesFromForm(defs, { name: ' Ann ', avatar_url: '', email: '' })).toEqual({ name: 'Ann', avatar_url: null, email: null });
  });

  it('offers a field picked from the options given (a language) as a select of them, saved as chosen or null', () => {
    const options = [{ value: 'en', label: 'English' }, { value: 'es', label: 'Español' }];
    const defs = textFieldDefs(t, [{ name: 'city', label: 'org.field.city' }, { name: 'language', label: 'common.language' }] as const, { select: { language: options } });
    expect(defs.map((field) => [field.type, field.options])).toEqual([['text', undefined], ['select', options]]);
    expect(rowValuesFromForm(defs, { city: '', language: 'es' })).toEqual({ city: null, language: 'es' });
    expect(rowValuesFromForm(defs, { city: '', language: '' })).toEqual({ city: null, language: null });
  });
});
