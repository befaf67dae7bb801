import { beforeAll, describe, expect, it } from 'vitest';
import { later } from '@steward/libs/messages';
import type { HistoryEntry } from '@steward/libs/data';
import { historySentence, historyWordsOf, relativeTime, spellField, spellValue, viaNote } from './historyWords';

// The words these say are fetched when a screen that says them first draws.
beforeAll(() => later.preload());

const base: HistoryEntry = {
  id: 1,
  created_at: '2026-11-25T10:00:00Z',
  action: 'update',
  via: 'screen',
  batch_id: null,
  actor_id: 'p1',
  actor_name: 'Maya Chen',
  table_name: 'crm.contacts',
  record_id: 'r1',
  record_label: 'Abigail Foster',
  changes: {},
  labels: null,
};

describe('history in words', () => {
  it('says who changed which field from what to what', () => {
    const entry = { ...base, changes: { status: ['Active', 'Inactive - Former'] } };
    expect(historySentence(entry, { labels: { status: 'Status' } })).toBe('Maya Chen changed Status from Active to Inactive - Former');
  });

  it('reads a choice field’s stored values by the words its form offers, and other fields’ as stored', () => {
    const entry = { ...base, changes: { status: ['tentative', 'confirmed'], notes: ['tentative', 'Late arrival'] } };
    const words = historyWordsOf([
      { name: 'status', label: 'Status', options: [{ value: 'tentative', label: 'Tentative' }, { value: 'confirmed', label: 'Confirmed' }] },
      { name: 'notes', label: 'Notes' },
    ]);
    expect(historySentence(entry, words)).toBe(
      'Maya Chen changed Status from Tentative to Confirmed, Notes from tentative to Late arrival',
    );
  });

  it('names references, spells out unlabelled fields and says "empty" for blanks', () => {
    const entry = { ...base, changes: { primary_owner_id: [null, 'p2'], food_bev_notes: ['', 'No nuts'] }, labels: { primary_owner_id: [null, 'Sam Ortiz'] } as HistoryEntry['labels'] };
    expect(historySentence(entry)).toBe('Maya Chen changed Primary owner from empty to Sam Ortiz, Food bev notes from empty to No nuts');
  });

  it('tells creation, import, archive, restore, deletion and merges apart', () => {
    expect(historySentence({ ...base, action: 'insert', changes: { name: 'x' } })).toBe('Maya Chen created this record');
    expect(historySentence({ ...base, action: 'insert', via: 'import', changes: { name: 'x' } })).toBe('Maya Chen imported this record');
    expect(historySentence({ ...base, action: 'archive', changes: { archive: [false, true] } })).toBe('Maya Chen archived this record');
    expect(historySentence({ ...base, action: 'restore', changes: { archive: [true, false] } })).toBe('Maya Chen restored this record');
    expect(historySentence({ ...base, action: 'delete', actor_name: null, via: 'system' })).toBe('Steward deleted this record for good');
    const merge = { merged_id: 'r2', merged_label: 'Abigail Forster', survivor_id: 'r1', survivor_label: 'Abigail Foster', fields: {} };
    expect(historySentence({ ...base, action: 'merge', via: 'merge', changes: merge })).toBe('Maya Chen merged Abigail Forster into this record');
    expect(historySentence({ ...base, action: 'merge', via: 'merge', record_id: 'r2', changes: merge })).toBe('Maya Chen merged this record into Abigail Foster');
  });

  it('tells an erasure without naming anyone, with what it removed', () => {
    const erase = { ...base, action: 'erase' as const, record_label: 'Erased contact', changes: { history_entries: 12, search_words: 2, files: 1, stored_files: 1, notifications: 0 } };
    expect(historySentence(erase)).toBe('Maya Chen erased this contact at their request (12 history entries, 1 file and 2 search words removed)');
  });

  it("names a row attached to the record (its phone, address, note) and that row's fields", () => {
    const phone = { ...base, table_name: 'crm.contact_methods', record_id: 'm1', record_label: 'Mobile' };
    expect(historySentence({ ...phone, changes: { value: ['555-0101', '555-0202'] } }, { labels: { value: 'Name' } }, 'r1')).toBe(
      'Maya Chen changed the contact method Mobile: Value from 555-0101 to 555-0202',
    );
    expect(historySentence({ ...phone, changes: { is_primary: [false, true] } }, undefined, 'r1')).toBe('Maya Chen changed the contact method Mobile: Primary from No to Yes');
    expect(historySentence({ ...phone, action: 'insert', changes: { value: '555-0101' } }, undefined, 'r1')).toBe('Maya Chen added the contact method Mobile');
    const address = { ...base, table_name: 'crm.addresses', record_id: 'a1', record_label: 'Main' };
    expect(historySentence({ ...address, action: 'archive', changes: { archive: [false, true] } }, undefined, 'r1')).toBe('Maya Chen archived the address Main');
    expect(historySentence({ ...base, table_name: 'crm.notes', record_id: 'n1', record_label: null, action: 'delete' }, undefined, 'r1')).toBe('Maya Chen deleted a note for good');
    // The record's own entries read as before.
    expect(historySentence({ ...base, changes: { status: ['Active', 'Inactive'] } }, { labels: { status: 'Status' } }, 'r1')).toBe('Maya Chen changed Status from Active to Inactive');
  });

  it('notes bulk changes and undos', () => {
    expect(viaNote({ ...base, via: 'bulk' })).toBe('bulk change');
    expect(viaNote({ ...base, via: 'undo' })).toBe('undo');
    expect(viaNote(base)).toBeNull();
  });

  it('cuts long values short and spells booleans', () => {
    expect(spellValue('x'.repeat(200))).toHaveLength(80);
    expect(spellValue(true)).toBe('Yes');
    expect(spellField('primary_owner_id')).toBe('Primary owner');
  });

  it('says when in relative words', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(relativeTime('2026-11-25T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-25T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-11-25T10:00:00Z', now)).toBe('2 hours ago');
    expect(relativeTime('2026-11-24T10:00:00Z', now)).toBe('yesterday');
  });
});
