import type { ReactNode } from 'react';
import type { FieldTypes, FilterFieldDef, FilterFieldType, FilterRecordSource } from '@steward/libs/filter';

type Cell = string | number | boolean | null | undefined;

/**
 * One column of a list page: what it shows, how it filters and sorts (on `field`), and what it
 * exports. A column without `render` shows the field's value; without `exportValue` it exports it.
 */
export type ListColumn<Row> = {
  key: string;
  title: string;
  /** Row field used for display, filters and sort; defaults to `key`. */
  field?: string;
  render?: (row: Row) => ReactNode;
  exportValue?: (row: Row) => Cell;
  /** Offered in the Sort panel and sortable from the header. */
  sortable?: boolean;
  /** Offered in the Filters panel (true = text). */
  filterable?: boolean | FilterFieldType;
  /** The values a choice column is filtered by, with their labels (the panel's value is then a choice). */
  filterOptions?: readonly { value: string; label: string }[];
  /** The records a link column is filtered by (the panel's value is then a record picked by name). */
  filterRecords?: FilterRecordSource;
  /** A sensitive field of this kind of record: its values come through public.custom_values. */
  sensitiveKind?: string;
  /** The values the selected rows can be set to at once (an organisation's choice or Yes/No field). */
  bulkOptions?: readonly { value: string; label: string }[];
  width?: number | string;
  /** 'end': the header and cells line up at the end (amounts). */
  align?: 'end';
  /** The header names the column to a screen reader only (a column of buttons whose own names say it). */
  titleHidden?: boolean;
  /** false keeps the column out of the CSV export (e.g. an Actions column of buttons). */
  exported?: boolean;
  /**
   * The row fields its cell, its links and its export read: what the list asks the database for. A
   * column without `render` or `exportValue` reads its field; one with them says what they read, or the
   * list asks for whole rows.
   */
  reads?: readonly string[];
};

/** The generic editor's tables show at most this many fields. */
export const MAX_VISIBLE_COLUMNS = 5;

/** Every list asks for the row key. */
export const ROW_KEY_FIELD = 'id';

/**
 * The fields a list asks the database for: the row key and what each column reads, in column order.
 * undefined (whole rows, `select=*`) when a column does not say what it reads — a custom cell, or an
 * Edit button that hands the whole row to the editor.
 */
export function selectOfColumns<Row>(columns: readonly ListColumn<Row>[]): string | undefined {
  const fields = new Set([ROW_KEY_FIELD]);
  for (const column of columns) {
    const reads = column.reads ?? (column.render || column.exportValue ? undefined : [columnField(column)]);
    if (!reads) return undefined;
    for (const field of reads) fields.add(field);
  }
  return [...fields].join(',');
}

export function columnField<Row>(column: ListColumn<Row>): string {
  return column.field ?? column.key;
}

export function cellValue(row: unknown, field: string): Cell {
  const value = (row as Record<string, unknown> | null)?.[field];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.join(', ');
  return JSON.stringify(value);
}

export function exportValueOf<Row>(column: ListColumn<Row>, row: Row): Cell {
  return column.exportValue ? column.exportValue(row) : cellValue(row, columnField(column));
}

/** A list's CSV columns: every column not marked `exported: false`, with its title and export value. */
export function csvColumnsOf<Row>(columns: readonly ListColumn<Row>[]): { title: string; value: (row: Row) => Cell }[] {
  return columns.filter((column) => column.exported !== false).map((column) => ({ title: column.title, value: (row: Row) => exportValueOf(column, row) }));
}

/** What the Filters panel offers: the filterable columns, each with its field, label and type. */
export function filterFieldsOf<Row>(columns: readonly ListColumn<Row>[]): FilterFieldDef[] {
  return columns
    .filter((column) => column.filterable)
    .map((column) => ({
      field: columnField(column),
      // Read when drawn: a column's title follows the page's language, and these fields are made once.
      get label() {
        return column.title;
      },
      type: column.filterable === true ? 'text' : column.filterable || 'text',
      ...(column.filterOptions ? { options: column.filterOptions } : {}),
      ...(column.filterRecords ? { records: column.filterRecords } : {}),
    }));
}

/** Each filterable field's type, as the query compiler and the in-memory filter read them. */
export function fieldTypesOf(fields: readonly FilterFieldDef[]): FieldTypes {
  return Object.fromEntries(fields.map((field) => [field.field, field.type ?? 'text']));
}

/** The fields the Sort panel offers. */
export function sortableFieldsOf<Row>(columns: readonly ListColumn<Row>[]): string[] {
  return columns.filter((column) => column.sortable).map(columnField);
}

/** The Sort panel's name of each column's field. */
export function sortLabelsOf<Row>(columns: readonly ListColumn<Row>[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const column of columns) Object.defineProperty(labels, columnField(column), { get: () => column.title, enumerable: true });
  return labels;
}

/**
 * The columns' filter fields, their types, the sortable fields and their names: what the URL's filter
 * and sort are read against (the shown columns and those kept for Filters and Sort only, `hidden`),
 * and what the query reads (the shown ones).
 */
export function fieldsOfColumns<Row>(columns: readonly ListColumn<Row>[], hidden: readonly ListColumn<Row>[] = []) {
  const all = hidden.length ? [...columns, ...hidden] : columns;
  const fields = filterFieldsOf(all);
  return { fields, fieldTypes: fieldTypesOf(fields), sortable: sortableFieldsOf(all), select: selectOfColumns(columns), sortLabels: sortLabelsOf(all) };
}
