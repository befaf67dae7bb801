import { z } from 'zod';
import { later, type CrmMessageId } from '../i18n';

const { localized, t } = later;

export type ImportKind = 'business' | 'contact';

/** A field an imported column can fill; `headers` are the CSV headings matched automatically (the export's included). */
export type ImportTarget = { key: string; label: string; headers: readonly string[]; required?: boolean; /** One of the organisation's fields: the label its values are sent under. */ customLabel?: string };

/** A built-in target, its label in the page's language. */
const target = (value: Omit<ImportTarget, 'label'>, label: CrmMessageId): ImportTarget => localized({ ...value, label: '' }, { label });

const common: readonly ImportTarget[] = [
  target({ key: 'name', headers: ['name'], required: true }, 'import.target.name'),
  target({ key: 'type', headers: ['type', 'type name'] }, 'import.target.type'),
  target({ key: 'contact_methods', headers: ['contact methods'] }, 'import.target.contactMethods'),
  target({ key: 'phone', headers: ['phone', 'primary phone'] }, 'import.target.phone'),
  target({ key: 'email', headers: ['email', 'e-mail', 'primary email', 'primary e-mail'] }, 'import.target.email'),
  target({ key: 'address_line_1', headers: ['address', 'address line 1', 'address_line_1'] }, 'import.target.address'),
  target({ key: 'city', headers: ['city'] }, 'import.target.city'),
  target({ key: 'state', headers: ['state'] }, 'import.target.state'),
  target({ key: 'zip', headers: ['zip', 'zip code', 'postal code'] }, 'import.target.zip'),
  target({ key: 'owners', headers: ['owner(s)', 'owners', 'owner'] }, 'import.target.owners'),
  target({ key: 'status', headers: ['status'] }, 'import.target.status'),
  target({ key: 'description', headers: ['description'] }, 'import.target.description'),
];

/** What each import can fill: the list's own columns plus the parts a spreadsheet usually has. */
export const IMPORT_TARGETS: Record<ImportKind, readonly ImportTarget[]> = {
  business: [...common.slice(0, 1), target({ key: 'dba_name', headers: ['dba', 'dba name', 'dba_name'] }, 'import.target.dba'), ...common.slice(1)],
  contact: [
    ...common.slice(0, 1),
    target({ key: 'first_name', headers: ['first name', 'first_name', 'firstname'] }, 'import.target.firstName'),
    target({ key: 'last_name', headers: ['last name', 'last_name', 'lastname', 'surname'] }, 'import.target.lastName'),
    ...common.slice(1),
  ],
};

/**
 * The organisation's fields of the kind as import targets: a column headed with a field's label maps
 * to it (the list's export heads them so); the database converts the text (choices by their labels).
 */
export function customImportTargets(fields: readonly { id: string; label: string }[]): ImportTarget[] {
  return fields.map((field) => ({ key: `custom.${field.id}`, label: field.label, headers: [field.label.trim().toLowerCase()], customLabel: field.label }));
}

/** Column index per target key; -1 = not imported. */
export type ImportMapping = Record<string, number>;

export function autoMapping(kind: ImportKind, header: readonly string[], custom: readonly ImportTarget[] = []): ImportMapping {
  const lower = header.map((name) => name.trim().toLowerCase());
  // A column headed as the list's export heads it in the person's language (its label) maps too.
  return Object.fromEntries([...IMPORT_TARGETS[kind], ...custom].map((target) => [target.key, lower.findIndex((name) => target.headers.includes(name) || name === target.label.trim().toLowerCase())]));
}

/** One row as crm.import_records takes it. */
export const importRowSchema = z.object({
  line: z.number().int().positive(),
  name: z.string(),
  dba_name: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  type: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  address_line_1: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  primary_owner: z.string().optional(),
  secondary_owner: z.string().optional(),
  status: z.string().optional(),
  description: z.string().optional(),
  /** The organisation's fields: cell text by the field's label. */
  custom: z.record(z.string(), z.string()).optional(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** A row problem: the CSV line and what is wrong. */
/** A line's problem: its English and, when the database names it, its refusal (said in the person's language). */
export const importErrorSchema = z.array(z.object({ line: z.number(), message: z.string(), refusal: z.unknown().optional() }));
export type ImportError = z.infer<typeof importErrorSchema>[number];

/** The CSV records as import rows under a mapping; "phone; e-mail" of an exported list is split back. */
export function mapRecords(kind: ImportKind, mapping: ImportMapping, records: readonly { line: number; cells: readonly string[] }[], custom: readonly ImportTarget[] = []): ImportRow[] {
  return records.map((record) => {
    const value = (key: string) => {
      const index = mapping[key] ?? -1;
      return index >= 0 ? (record.cells[index] ?? '').trim() : '';
    };
    const row: Record<string, string | number> = { line: record.line, name: value('name') };
    for (const target of IMPORT_TARGETS[kind]) {
      if (['name', 'contact_methods', 'owners'].includes(target.key)) continue;
      const cell = value(target.key);
      if (cell) row[target.key] = cell;
    }
    for (const part of value('contact_methods').split(';').map((item) => item.trim()).filter(Boolean)) {
      const key = part.includes('@') ? 'email' : 'phone';
      if (!row[key]) row[key] = part;
    }
    const [primary, secondary] = value('owners').split(',').map((item) => item.trim()).filter(Boolean);
    if (primary) row.primary_owner = primary;
    if (secondary) row.secondary_owner = secondary;
    const customValues: Record<string, string> = {};
    for (const target of custom) {
      const cell = value(target.key);
      if (cell && target.customLabel) customValues[target.customLabel] = cell;
    }
    return importRowSchema.parse(Object.keys(customValues).length ? { ...row, custom: customValues } : row);
  });
}

/** Client-side checks before the one database call (the database repeats them and more). */
export function checkRows(rows: readonly ImportRow[]): ImportError[] {
  return rows.filter((row) => row.name === '').map((row) => ({ line: row.line, message: t('import.nameRequired') }));
}
