import { beforeAll, describe, expect, it } from 'vitest';
import { later } from '@steward/libs/messages';
import { allMatchingPersonalNote, personalNote } from './bulkWords';

// The words these say are fetched when a screen that says them first draws.
beforeAll(() => later.preload());

const noun = { one: 'contact', many: 'contacts' };

describe('what a Personal level reaches of a selection', () => {
  it('says nothing when every selected row is the person’s own', () => {
    expect(personalNote(5, 5, noun)).toBeNull();
    expect(personalNote(1, 1, noun)).toBeNull();
  });

  it('names how many of the selection are theirs and that only those change', () => {
    expect(personalNote(3, 5, noun)).toBe('3 of the 5 selected contacts are yours; only those change.');
    expect(personalNote(1, 4, noun)).toBe('1 of the 4 selected contacts is yours; only that one changes.');
  });

  it('says plainly when none of the selection is theirs', () => {
    expect(personalNote(0, 3, noun)).toBe('None of the 3 selected contacts are yours; your role changes only your own records.');
    expect(personalNote(0, 1, noun)).toBe('The selected contact is not yours; your role changes only your own records.');
  });

  it('for every row matching the filter, says only their own change', () => {
    expect(allMatchingPersonalNote(1200, noun)).toBe('All 1200 contacts matching this filter are selected; only your own records among them change.');
  });
});
