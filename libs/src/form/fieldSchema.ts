import type { RelationSource } from '@steward/libs/data';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'email'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'select'
  | 'relation'
  | 'upload'
  | 'json'
  | 'tags'
  /** A colour as #rrggbb, shown with a swatch of it. */
  | 'color'
  /** A masked, write-only value (a key, a password): the browser neither shows nor remembers it. */
  | 'secret'
  /** A telephone number: the phone's dial pad, no format imposed. */
  | 'tel'
  /** A native <select> of `options` as given (the platform's own control, e.g. in a small dialog). */
  | 'choice'
  /** A checkbox, its label beside it; the form holds 'true' or 'false'. */
  | 'checkbox'
  /** Several of `options` at once; the form holds the chosen values, the database a list of them. */
  | 'multiselect'
  /** An amount of money in `currency`, shown beside the box; stored as a number. */
  | 'money';

export type SelectOption = { value: string; label: string };

/** Where an upload field stores its files: the generic editor uses the accommodations bucket. */
export type UploadBucket = 'accommodations' | 'organization-assets';

/** One field of a record form. The same definition drives the generic editor, the inline editor and Add New. */
export type FieldDef = {
  name: string;
  label: string;
  type?: FieldType;
  /** A required rule; `{ message }` replaces the default "{label} is required". */
  required?: boolean | { message: string };
  /** Replaces the default message of a value of the wrong form (not a number, not an e-mail address, not JSON). */
  invalidMessage?: string;
  /** Shown but never sent. */
  readOnly?: boolean;
  /** Neither shown nor sent. */
  hidden?: boolean;
  options?: readonly SelectOption[];
  /** Related-entity dropdown source (up to 500 options); the session's org scope is added. */
  relation?: Omit<RelationSource, 'orgScope'> & { orgScoped?: boolean };
  placeholder?: string;
  /** A line under the control (what a blank secret means, a format). */
  help?: string;
  bucket?: UploadBucket;
  /** A money field's currency code (ISO 4217), shown beside the amount. */
  currency?: string;
  /**
   * Marked required but checked by the database, whose message the form then shows as is (an
   * organisation's own fields: the database holds their rules).
   */
  requiredByDatabase?: boolean;
};

/** The type a field is edited as: a name like *url* or *link* means an upload with a URL box. */
export function fieldTypeOf(field: FieldDef): FieldType {
  if (field.type) return field.type;
  if (/url|link/i.test(field.name)) return 'upload';
  if (field.relation) return 'relation';
  if (field.options) return 'select';
  return 'text';
}

export function isEditable(field: FieldDef): boolean {
  return !field.readOnly && !field.hidden;
}

export function editableFieldNames(fields: readonly FieldDef[]): string[] {
  return fields.filter(isEditable).map((field) => field.name);
}

export function visibleFields(fields: readonly FieldDef[]): FieldDef[] {
  return fields.filter((field) => !field.hidden);
}

/**
 * A titled group of a form's fields (the detail page's "Identity", "About", a section of fields defined
 * at runtime). A form given sections draws each as a fieldset, two columns on wide screens; a section
 * titled '' is drawn without one (a dialog's own fields before its "More fields").
 */
export type FieldSection = { title: string; fields: readonly FieldDef[] };

/** The fields of every section, in order: what the form loads, validates and sends. */
export function sectionFields(sections: readonly FieldSection[]): FieldDef[] {
  return sections.flatMap((section) => [...section.fields]);
}
