import { textFormValues, textRowValues, trimmedOrNull } from './textFields';

const FIELDS = [
  { name: 'city', label: 'City' },
  { name: 'zip', label: 'Zip' },
] as const;

describe('text settings fields', () => {
  it('loads every field, a missing or null value as empty', () => {
    expect(textFormValues(FIELDS, { city: 'Asheville', zip: null })).toEqual({ city: 'Asheville', zip: '' });
  });

  it('saves every field trimmed, blanks as null', () => {
    expect(textRowValues(FIELDS, { city: '  Asheville ', zip: '   ' })).toEqual({ city: 'Asheville', zip: null });
    expect(trimmedOrNull(undefined)).toBeNull();
  });
});
