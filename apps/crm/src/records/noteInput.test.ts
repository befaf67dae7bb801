import { parseNoteInput } from './noteInput';

describe('parseNoteInput', () => {
  it('trims the note and stores an empty label as null', () => {
    expect(parseNoteInput({ name: '  Call back ', description: ' Asked for a quote. ', label: '  ' })).toEqual({
      ok: true,
      note: { name: 'Call back', description: 'Asked for a quote.', label: null },
    });
  });

  it('names every missing required field, blanks included', () => {
    expect(parseNoteInput({ name: '   ', description: '', label: 'Sales' })).toEqual({
      ok: false,
      errors: { name: 'Title is required', description: 'Note is required' },
    });
  });
});
