import type { ReactNode } from 'react';
import { Link } from '@steward/libs/router';
import { useAccess } from '@steward/libs/session';
import { PlainButton, PlainText } from '@steward/libs/ui';
import { StatusPill, SystemBadge, displayValue, isSystemDefault, formatAddress, formatDate, formatDollars, type AddressParts } from '@steward/libs/ui';
import type { ListColumn } from './listColumn';
import { localized, useT, type LibsMessageId } from '@steward/libs/messages';

type Row0 = Record<string, unknown>;

/**
 * A column titled `title`, or else by the message `id` in the page's language when it is drawn (column
 * tables are made once, when an area's code loads).
 */
function titled<Row extends Row0>(column: Omit<ListColumn<Row>, 'title'>, title: string | undefined, id: LibsMessageId): ListColumn<Row> {
  return title !== undefined ? { ...column, title } : localized({ ...column, title: '' }, { title: id });
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Ready-made columns for the lists (names, contact methods, addresses, dates, money). Each shows a value and
 * exports the same information as plain text.
 */

/**
 * Name linking to the record, the 'S' badge for shared defaults, and an optional line beneath (dba,
 * title, spouse). `reads` names the fields `href` and `beneath` read (e.g. short_id, dba_name); a name
 * column with a link or a line beneath that does not say so makes its list ask for whole rows.
 */
export function nameColumn<Row extends Row0>(options: {
  title?: string;
  field?: string;
  href?: (row: Row) => string | null;
  beneath?: (row: Row) => ReactNode;
  reads?: readonly string[];
}): ListColumn<Row> {
  const field = options.field ?? 'name';
  const own = [field, 'org_name'];
  return titled({
    key: field,
    field,
    reads: options.reads ? [...own, ...options.reads] : options.href || options.beneath ? undefined : own,
    sortable: true,
    filterable: true,
    render: (row) => {
      const href = options.href?.(row) ?? null;
      const name = text(row[field]) || '—';
      const beneath = options.beneath?.(row);
      return (
        <div>
          {href ? <Link to={href}>{name}</Link> : <span>{name}</span>}
          <SystemBadge orgName={row.org_name} />
          {beneath ? (
            <div>
              <PlainText>{beneath}</PlainText>
            </div>
          ) : null}
        </div>
      );
    },
  }, options.title, 'columns.name');
}

/** Primary phone and e-mail as tel: and mailto: links. */
export function contactMethodsColumn<Row extends Row0>(options: { phoneField?: string; emailField?: string; title?: string } = {}): ListColumn<Row> {
  const phoneField = options.phoneField ?? 'primary_phone';
  const emailField = options.emailField ?? 'primary_email';
  return titled({
    key: 'contact_methods',
    field: emailField,
    reads: [phoneField, emailField],
    filterable: true,
    render: (row) => {
      const phone = text(row[phoneField]);
      const email = text(row[emailField]);
      if (!phone && !email) return '—';
      return (
        <div>
          {phone ? (
            <div>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </div>
          ) : null}
          {email ? (
            <div>
              <a href={`mailto:${email}`}>{email}</a>
            </div>
          ) : null}
        </div>
      );
    },
    exportValue: (row) => [text(row[phoneField]), text(row[emailField])].filter(Boolean).join('; '),
  }, options.title, 'detail.contactMethods');
}

const ADDRESS_FIELDS = ['address_line_1', 'address_line_2', 'address_line_3', 'city', 'state', 'zip', 'country'] as const;

/** The address on one line; `thirdLine: false` for sources that keep two address lines (user profiles). */
export function addressColumn<Row extends Row0>(title?: string, { thirdLine = true }: { thirdLine?: boolean } = {}): ListColumn<Row> {
  const reads = thirdLine ? ADDRESS_FIELDS : ADDRESS_FIELDS.filter((field) => field !== 'address_line_3');
  const address = (row: Row) => formatAddress(Object.fromEntries(reads.map((field) => [field, row[field]])) as AddressParts);
  return titled({ key: 'address', field: 'city', reads, filterable: true, render: (row) => address(row) || '—', exportValue: address }, title, 'columns.address');
}

/** Owner(s) linking to /user/{short_id}. */
export function ownersColumn<Row extends Row0>(title?: string): ListColumn<Row> {
  const owners = (row: Row) =>
    [
      { name: text(row.primary_owner_name), shortId: text(row.primary_owner_short_id) },
      { name: text(row.secondary_owner_name), shortId: text(row.secondary_owner_short_id) },
    ].filter((owner) => owner.name);
  return titled({
    key: 'owners',
    field: 'primary_owner_name',
    reads: ['primary_owner_name', 'primary_owner_short_id', 'secondary_owner_name', 'secondary_owner_short_id'],
    filterable: true,
    render: (row) => {
      const list = owners(row);
      if (list.length === 0) return '—';
      return list.map((owner, index) => (
        <span key={`${owner.shortId}-${index}`}>
          {index > 0 ? ', ' : null}
          {owner.shortId ? <Link to={`/user/${owner.shortId}`}>{owner.name}</Link> : owner.name}
        </span>
      ));
    },
    exportValue: (row) => owners(row).map((owner) => owner.name).join(', '),
  }, title, 'columns.owners');
}

export function statusColumn<Row extends Row0>(title?: string, field = 'status'): ListColumn<Row> {
  return titled({ key: field, field, reads: [field], sortable: true, filterable: true, render: (row) => <StatusPill status={text(row[field]) || null} /> }, title, 'columns.status');
}

/** Money as "$1,234.50" on screen; exported as a plain number so spreadsheets can add it up. */
export function dollarsColumn<Row extends Row0>(field: string, title: string): ListColumn<Row> {
  return {
    key: field,
    title,
    field,
    reads: [field],
    sortable: true,
    filterable: 'number',
    render: (row) => formatDollars(row[field] as number | string | null),
    exportValue: (row) => (row[field] === null || row[field] === undefined ? null : Number(row[field])),
  };
}

export function dateColumn<Row extends Row0>(field: string, title: string): ListColumn<Row> {
  return { key: field, title, field, reads: [field], sortable: true, filterable: 'date', render: (row) => formatDate(text(row[field]) || null) || '—', exportValue: (row) => text(row[field]) };
}

export function textColumn<Row extends Row0>(field: string, title: string, options: Partial<ListColumn<Row>> = {}): ListColumn<Row> {
  // A cell of its own (options.render) reads what its options say it reads.
  const reads = options.reads ?? (options.render || options.exportValue ? undefined : [field]);
  return { key: field, title, field, sortable: true, filterable: true, render: (row) => displayValue(row[field]), ...options, reads };
}

/**
 * The Actions column: Edit opens the record's editor. Shared defaults ('S') have no Edit — they are
 * read-only for every organisation. Kept out of the export. The editor is handed the whole row, so a
 * list with this column asks for whole rows.
 */
export function editColumn<Row extends Row0>(openEdit: (row: Row) => void, nameOf: (row: Row) => string = (row) => text(row.name)): ListColumn<Row> {
  return titled({
    key: 'actions',
    exported: false,
    render: (row) => (isSystemDefault(row.org_name) ? null : <RowEditButton row={row} name={nameOf(row)} onOpen={() => openEdit(row)} />),
  }, undefined, 'columns.actions');
}

/** Edit on a row the role lets the person change; View (the editor, read-only) on any other. */
export function RowEditButton({ row, name, onOpen }: { row: unknown; name: string; onOpen: () => void }) {
  const t = useT();
  const edit = useAccess().canEditRow(row);
  return (
    <PlainButton size="small" onClick={onOpen} aria-label={t(edit ? 'columns.editNamed' : 'columns.viewNamed', { name })}>
      {t(edit ? 'columns.edit' : 'columns.view')}
    </PlainButton>
  );
}
