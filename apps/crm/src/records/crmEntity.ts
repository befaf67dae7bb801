import type { AnyRow, TableRef } from '@steward/libs/data';
import type { FieldDef, FieldSection } from '@steward/libs/form';
import type { AddNewConfig } from '../addNew';
import type { ListColumn } from '@steward/libs/list';
import type { CrmKind, CrmRow } from './crmRow';

/** Everything the list and detail screens of one CRM entity need: a definition, no behaviour. */
export type CrmEntity = {
  kind: CrmKind;
  /** 'Business', 'Contact', …: the detail title's label and fallback. */
  label: string;
  /** The list's section ('Businesses'); the export file is named after it. */
  listTitle: string;
  listPath: string;
  detailPath: (shortId: string) => string;
  view: TableRef<CrmRow>;
  table: TableRef<AnyRow>;
  columns: readonly ListColumn<CrmRow>[];
  /** Fields of the inline editor on the detail page. */
  editFields: readonly FieldDef[];
  /** The same fields in titled sections (two columns on wide screens); without it, one list. */
  editSections?: readonly FieldSection[];
  addNew: Omit<AddNewConfig<AnyRow>, 'onCreated'> | null;
  /** A full edit page next to the inline editor (users: '/user/{short_id}/edit'). */
  editPath?: (shortId: string) => string;
  /** Add New opens a page instead of the dialog (users: '/users/new'). */
  addNewPath?: string;
  notFound: string;
  tabsLabel?: string;
  /** The line under the name in the detail header (dba, title, spouse). */
  secondaryLine?: (row: CrmRow) => string | null;
  savedFilterKey?: string;
  /** CSV import into this list (businesses, contacts). */
  importKind?: 'business' | 'contact';
};
