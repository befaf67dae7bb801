// Which columns a list shows: each person chooses (the organisation's own fields among them), the
// choice is remembered for them per organisation and list, and the URL carries it (`?cols=`) so a
// shared link or a saved view shows the same columns.
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '@steward/libs/router';
import { useSession } from '@steward/libs/session';
import { PlainButton } from '@steward/libs/ui';
import { columnField, type ListColumn } from './listColumn';
import { ToolbarPanel } from './ToolbarPanel';
import { useT } from '@steward/libs/messages';

/** The URL parameter of the chosen columns: their fields, comma-separated, in the list's order. */
export const COLUMNS_PARAM = 'cols';

type Row0 = Record<string, unknown>;

/** Where a person's choice for a list is remembered on this device. */
export function columnChoiceKey(person: string, orgName: string, listKey: string): string {
  return `steward.columns.${person}.${orgName}.${listKey}`;
}

export function readColumnChoice(key: string | null): string[] | null {
  if (!key) return null;
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(key) ?? 'null');
    return Array.isArray(stored) && stored.every((entry) => typeof entry === 'string') ? stored : null;
  } catch {
    return null;
  }
}

function writeColumnChoice(key: string | null, fields: readonly string[] | null) {
  if (!key) return;
  try {
    if (fields) globalThis.localStorage?.setItem(key, JSON.stringify(fields));
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // A browser that keeps nothing still shows the choice for this visit (the URL holds it).
  }
}

export function parseColumnsParam(raw: string | null): string[] | null {
  if (raw === null) return null;
  const fields = raw.split(',').map((part) => part.trim()).filter(Boolean);
  return fields.length ? fields : null;
}

/** A column that is no value of the record (a column of buttons, kept out of the export): never a choice. */
export const isFixedColumn = <Row,>(column: ListColumn<Row>): boolean => column.exported === false;

/**
 * The columns shown and hidden for a choice: `fields` names the shown ones (null: the default ones,
 * `defaults`). The first column (the record's name) and the columns of buttons always show; unknown
 * names are ignored.
 */
export function chooseColumns<Row>(all: readonly ListColumn<Row>[], defaults: readonly string[], fields: readonly string[] | null) {
  const wanted = new Set(fields ?? defaults);
  const first = all[0] ? columnField(all[0]) : null;
  const shown = all.filter((column) => columnField(column) === first || isFixedColumn(column) || wanted.has(columnField(column)));
  const hidden = all.filter((column) => !shown.includes(column));
  return { shown, hidden };
}

export type ColumnChooserOptions<Row> = {
  /** The list's name in the person's remembered choices ('contacts'). */
  listKey: string;
  /** Every column the list can show, in order: its own, then the organisation's fields. */
  columns: readonly ListColumn<Row>[];
  /** The fields shown until the person chooses (the list's own columns). */
  defaults: readonly string[];
};

/** A list's column choice: the columns to show and hide, and the Columns button with its panel. */
export function useColumnChooser<Row extends Row0>({ listKey, columns, defaults }: ColumnChooserOptions<Row>) {
  const { user, orgName } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const storageKey = user && orgName ? columnChoiceKey(user.id, orgName, listKey) : null;
  const [remembered, setRemembered] = useState<{ key: string | null; fields: string[] | null }>(() => ({ key: storageKey, fields: readColumnChoice(storageKey) }));
  if (remembered.key !== storageKey) setRemembered({ key: storageKey, fields: readColumnChoice(storageKey) });
  const raw = searchParams.get(COLUMNS_PARAM);
  // A choice shows at once; the URL catches up a moment later (until it changes, the choice stands).
  const [pending, setPending] = useState<{ raw: string | null; fields: string[] | null } | null>(null);
  const fromUrl = parseColumnsParam(raw);
  const fields = pending && pending.raw === raw ? pending.fields : (fromUrl ?? remembered.fields);
  const { shown, hidden } = useMemo(() => chooseColumns(columns, defaults, fields), [columns, defaults, fields]);

  /** Shows exactly these fields (null: back to the default), remembered and in the URL. */
  const choose = useCallback(
    (next: readonly string[] | null) => {
      const ordered = next ? columns.filter((column) => !isFixedColumn(column)).map(columnField).filter((field) => next.includes(field)) : null;
      writeColumnChoice(storageKey, ordered);
      setRemembered({ key: storageKey, fields: ordered });
      setPending({ raw, fields: ordered });
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (ordered) params.set(COLUMNS_PARAM, ordered.join(','));
          else params.delete(COLUMNS_PARAM);
          return params;
        },
        { replace: true },
      );
    },
    [columns, raw, setSearchParams, storageKey],
  );

  const toggle = useCallback(
    (field: string, show: boolean) => {
      const current = shown.map(columnField);
      choose(show ? [...current, field] : current.filter((entry) => entry !== field));
    },
    [choose, shown],
  );

  return { shown, hidden, fields: shown.map(columnField), choose, toggle, columns };
}

export type ColumnChooserApi<Row extends Row0> = ReturnType<typeof useColumnChooser<Row>>;

/** The Columns button and its panel: a checkbox per column, the record's name always shown. */
export function ColumnChooser<Row extends Row0>({ chooser }: { chooser: ColumnChooserApi<Row> }) {
  const first = chooser.columns[0] ? columnField(chooser.columns[0]) : null;
  const t = useT();
  const shown = new Set(chooser.fields);
  return (
    <ToolbarPanel label={t('columns.button')} legend={t('columns.shown')} className="stw-column-chooser" size={{ minWidth: 220, maxHeight: 360 }}>
      {(close) => (
        <>
          {chooser.columns.filter((column) => !isFixedColumn(column)).map((column) => {
            const field = columnField(column);
            return (
              <label key={field} style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '2px 0' }}>
                <input type="checkbox" checked={shown.has(field)} disabled={field === first} onChange={(event) => chooser.toggle(field, event.target.checked)} />
                {column.title}
              </label>
            );
          })}
          <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
            <PlainButton size="small" onClick={() => chooser.choose(null)}>
              {t('columns.default')}
            </PlainButton>
            <PlainButton size="small" onClick={close}>
              {t('common.done')}
            </PlainButton>
          </div>
        </>
      )}
    </ToolbarPanel>
  );
}
