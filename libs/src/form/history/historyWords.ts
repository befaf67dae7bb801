// A history entry in words a person reads: "Maya Chen changed Status from Active to Inactive".
import { customValueText, isEmptyCustomValue, type CustomFieldDef, type HistoryEntry } from '@steward/libs/data';
import { formatDate } from '@steward/libs/i18n';
import { later, type LibsLaterMessageId } from '@steward/libs/messages';

const { t } = later;

/** What a record's history says before anything was changed. */
export const NO_HISTORY_TEXT = 'history.none' satisfies LibsLaterMessageId;

/** Field names as people say them, given by the screen; others are spelled out from the column. */
export type FieldLabels = Readonly<Record<string, string>>;

/** What a history needs of a form's field: its name, its label and its choices. */
export type HistoryField = { readonly name: string; readonly label: string; readonly options?: readonly { value: string; label: string }[] };

/** The labels a form gives its fields, for the sentences of their history. */
function fieldLabelsOf(fields: readonly HistoryField[]): FieldLabels {
  return Object.fromEntries(fields.map((field) => [field.name, field.label]));
}

/** The words of a field's stored values ("tentative" → "Tentative"), by field: its options' labels. */
export type ValueWords = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The option labels a form gives its choice fields, so their history reads as the form does. */
function valueWordsOf(fields: readonly Pick<HistoryField, 'name' | 'options'>[]): ValueWords {
  return Object.fromEntries(fields.filter((field) => field.options?.length).map((field) => [field.name, Object.fromEntries((field.options ?? []).map((option) => [option.value, option.label]))]));
}

const MAX_VALUE_LENGTH = 80;

/** "primary_owner_id" → "Primary owner", "zip" → "Zip". */
export function spellField(field: string): string {
  const words = field.replace(/_id$/, '').replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(field: string, labels: FieldLabels | undefined): string {
  return labels?.[field] ?? spellField(field);
}

/** A value as the sentence shows it: empty, Yes/No, a referenced record's name, or the text cut short. */
export function spellValue(value: unknown, referenceName?: string | null): string {
  if (referenceName) return referenceName;
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return t('history.empty');
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** One changed field: "Status from Active to Inactive". */
export type FieldChange = { field: string; label: string; from: string; to: string };

const objectOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A value of an organisation's own field as the sentence shows it (choice labels, Yes/No). */
function spellCustom(field: CustomFieldDef | undefined, value: unknown): string {
  if (isEmptyCustomValue(value)) return t('history.empty');
  return spellValue(field ? customValueText(field, value) : value);
}

/**
 * A change of the `custom` values, one per field that changed: "Paddling level from Beginner to
 * Intermediate", named and spelled by the definitions (a field since removed reads "A removed field").
 */
export function customFieldChanges(change: readonly [unknown, unknown], definitions: readonly CustomFieldDef[] = []): FieldChange[] {
  const before = objectOf(change[0]);
  const after = objectOf(change[1]);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) => {
      const field = definitions.find((definition) => definition.id === key);
      return { field: `custom.${key}`, label: field?.label ?? t('history.removedField'), from: spellCustom(field, before[key]), to: spellCustom(field, after[key]) };
    });
}

/**
 * What a record's history reads its changes by: the form's field names and choice words, and the
 * organisation's own fields of the record's kind.
 */
export type HistoryWords = { readonly labels?: FieldLabels; readonly valueWords?: ValueWords; readonly customFields?: readonly CustomFieldDef[] };

/** A record form's fields (read on each draw, so they follow the page's language) as its history's words. */
export function historyWordsOf(fields: readonly HistoryField[], customFields?: readonly CustomFieldDef[]): HistoryWords {
  return { labels: fieldLabelsOf(fields), valueWords: valueWordsOf(fields), customFields };
}

/** A stored value's words among a field's options, if it has some. */
const optionWord = (words: ValueWords | undefined, field: string, value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? words?.[field]?.[String(value)] : undefined;

export function fieldChanges(entry: HistoryEntry, { labels, valueWords, customFields }: HistoryWords = {}): FieldChange[] {
  if (!['update', 'archive', 'restore'].includes(entry.action)) return [];
  return Object.entries(entry.changes)
    .filter(([field, change]) => Array.isArray(change) && field !== 'archive')
    .flatMap(([field, change]) => {
      if (field === 'custom') return customFieldChanges(change as [unknown, unknown], customFields);
      const [from, to] = change as [unknown, unknown];
      const names = entry.labels?.[field];
      return {
        field,
        label: fieldLabel(field, labels),
        from: spellValue(from, names?.[0] ?? optionWord(valueWords, field, from)),
        to: spellValue(to, names?.[1] ?? optionWord(valueWords, field, to)),
      };
    });
}

/** Who did it: the person's name at the time, or the platform itself for system changes. */
export function actorOf(entry: HistoryEntry): string {
  if (entry.actor_name) return entry.actor_name;
  return entry.via === 'system' ? 'Steward' : t('history.someone');
}

/** Rows a record's history also shows (its phones, addresses, notes…), as a person names them. */
const ATTACHED_NOUNS: Readonly<Record<string, 'contactMethod' | 'address' | 'note' | 'file' | 'relationship'>> = {
  'crm.contact_methods': 'contactMethod',
  'crm.other_contact_methods': 'contactMethod',
  'crm.addresses': 'address',
  'crm.notes': 'note',
  'crm.crm_files': 'file',
  'crm.relationships': 'relationship',
};

/** Fields of attached rows whose column names read badly. */
const attachedFieldLabels = (): FieldLabels => ({ is_primary: t('history.field.primary'), type_id: t('history.field.type'), file_link: t('history.field.file') });

/** Whether an entry is about a row attached to the record whose history is read, not the record itself. */
export function isAttached(entry: HistoryEntry, recordId: string | undefined): boolean {
  return recordId !== undefined && entry.record_id !== recordId;
}

/** An entry's field changes: an attached record's (a phone, an address) by their own few names, the record's by its words. */
export function entryChanges(entry: HistoryEntry, words: HistoryWords | undefined, recordId: string | undefined): FieldChange[] {
  return isAttached(entry, recordId) ? fieldChanges(entry, { labels: attachedFieldLabels() }) : fieldChanges(entry, words);
}

/** "the contact method Mobile", "the address Main", "a note". */
function attachedName(entry: HistoryEntry): string {
  const known = ATTACHED_NOUNS[entry.table_name];
  const noun = spellField(entry.table_name.replace(/^.*\./, '')).toLowerCase();
  return entry.record_label
    ? t('history.attachedNamed', { kind: known ?? 'other', noun, label: entry.record_label })
    : t('history.attachedUnnamed', { kind: known ?? 'other', noun });
}

/** The phrase for a change to a row attached to the record: "changed the contact method Mobile:". */
function attachedPhrase(entry: HistoryEntry, changes: readonly FieldChange[]): string {
  const name = attachedName(entry);
  switch (entry.action) {
    case 'insert':
      return t('history.attached.added', { name });
    case 'delete':
      return t('history.attached.deleted', { name });
    case 'archive':
      return changes.length ? t('history.attached.archivedChanged', { name }) : t('history.attached.archived', { name });
    case 'restore':
      return changes.length ? t('history.attached.restoredChanged', { name }) : t('history.attached.restored', { name });
    case 'merge':
      return t('history.attached.merged', { name });
    default:
      return t('history.attached.changed', { name });
  }
}

/**
 * The sentence's verb phrase (without the actor and the field list). Given the id of the record whose
 * history is read, an entry about a row attached to it names that row.
 */
export function actionPhrase(entry: HistoryEntry, changes: readonly FieldChange[], recordId?: string): string {
  if (isAttached(entry, recordId)) return attachedPhrase(entry, changes);
  const merge = entry.changes as { merged_label?: string; survivor_label?: string; merged_id?: string };
  switch (entry.action) {
    case 'insert':
      return entry.via === 'import' ? t('history.imported') : t('history.created');
    case 'delete':
      return t('history.deleted');
    case 'archive':
      return changes.length ? t('history.archivedChanged') : t('history.archived');
    case 'restore':
      return changes.length ? t('history.restoredChanged') : t('history.restored');
    case 'erase':
      return erasurePhrase(entry);
    case 'merge':
      return merge.merged_id === entry.record_id
        ? t('history.mergedInto', { other: merge.survivor_label ?? t('history.anotherRecord') })
        : t('history.mergedHere', { other: merge.merged_label ?? t('history.anotherRecord') });
    default:
      return t('history.changed');
  }
}


/**
 * An erasure names no one: "erased this contact at their request (12 history entries, 1 file and 2
 * search words removed)".
 */
function erasurePhrase(entry: HistoryEntry): string {
  const { history_entries: history, files, search_words: words } = entry.changes as { history_entries?: number; files?: number; search_words?: number };
  const n = (value: unknown) => Number(value) || 0;
  return t('history.erased', { history: n(history), historyN: String(n(history)), files: n(files), filesN: String(n(files)), words: n(words), wordsN: String(n(words)) });
}

/** How it was done, when not an ordinary edit on a screen. */
export function viaNote(entry: HistoryEntry): string | null {
  switch (entry.via) {
    case 'bulk':
      return t('history.via.bulk');
    case 'import':
      return entry.action === 'insert' ? null : t('history.via.import');
    case 'undo':
      return t('history.via.undo');
    default:
      return null;
  }
}

/** "just now", "5 minutes ago", "2 hours ago", "yesterday", else the date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  if (!Number.isFinite(seconds)) return iso;
  if (seconds < 60) return t('history.justNow');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('history.minutesAgo', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('history.hoursAgo', { count: hours });
  if (hours < 48) return t('history.yesterday');
  return formatDate(at, { year: 'numeric', month: 'numeric', day: 'numeric' });
}

/** The whole sentence, for a screen reader or a test: "Maya Chen changed Status from Active to Inactive". */
export function historySentence(entry: HistoryEntry, words?: HistoryWords, recordId?: string): string {
  const changes = entryChanges(entry, words, recordId);
  const phrase = actionPhrase(entry, changes, recordId);
  const list = changes.map((change) => t('history.fromTo', { label: change.label, from: change.from, to: change.to })).join(', ');
  return `${actorOf(entry)} ${phrase}${list ? ` ${list}` : ''}`;
}
