import { useCallback, useMemo, useRef, useState } from 'react';
import {
  DataAccessError,
  callRpc,
  errorMessage,
  fetchRecord,
  getDatabase,
  loadSupabase,
  isSystemDefaultRow,
  uploadAccommodationFile,
  uploadOrgAsset,
  type AnyRow,
  type TableRef,
  useInsert,
  useUpdate,
} from '@steward/libs/data';
import { useAccess, useSession } from '@steward/libs/session';
import { useDialog } from '@steward/libs/ui/core';
import { isEditable, sectionFields, type FieldDef, type FieldSection } from './fieldSchema';
import { columnOfField, rowValuesFromForm } from './fieldValues';
import { useFieldForm } from './useFieldForm';
import { t } from '@steward/libs/messages';

export type EditorMode = 'create' | 'edit';

export type RecordEditorOptions<Row> = {
  table: TableRef<Row>;
  /** The record's fields in titled sections, or in one list (`fields`): one of the two. */
  fields?: readonly FieldDef[];
  /**
   * The form's sections: the fields are theirs, in order. A section whose fields come from data (read
   * at runtime) is one more entry here, loaded, validated and saved as every other.
   */
  sections?: readonly FieldSection[];
  /** Singular name used in the titles 'New {label}' and 'Edit {label}'. */
  label: string;
  onSaved?: (row: Row | null, mode: EditorMode) => void;
  /** How a refused save reads, from the server's message (or 'Save failed'); the message itself by default. */
  describeSaveError?: (message: string) => string;
  /**
   * The kind of record (settings.custom_fields' record_kind) when the form shows the organisation's own
   * fields: their values are read with the sensitive ones the person may see (public.custom_values),
   * which the table's own row never carries.
   */
  customKind?: string;
};

/** A row with its custom values as the caller may see them (sensitive ones included where allowed). */
async function withCustomValues(row: AnyRow, kind: string): Promise<AnyRow> {
  const answer = await callRpc<{ id: string; custom: unknown }[]>('public', 'custom_values', { p_kind: kind, p_ids: [row.id] });
  const entry = (answer ?? [])[0];
  return entry ? { ...row, custom: entry.custom } : row;
}

/** The record the dialog holds; open, busy and the alert are the dialog's (useDialog). */
type EditorState = {
  mode: EditorMode;
  id: string | null;
  original: AnyRow | null;
  conflict: boolean;
  loading: boolean;
  uploading: readonly string[];
};

const CLOSED: EditorState = {
  mode: 'create',
  id: null,
  original: null,
  conflict: false,
  loading: false,
  uploading: [],
};

/**
 * The headless generic record editor (create and edit modes, uploads) over the form engine
 * (useFieldForm: required rules, the spec's messages) and the one dialog (useDialog: open, busy, the
 * error alert, submit once, focus given back). An edit sends only the
 * fields that changed, and a row someone else saved in the meantime is refused with an offer to
 * reload. Spread its props on RecordEditorModal or InlineEditor, or on your own controls.
 */
export function useRecordEditor<Row>({ table, fields: givenFields, sections, label, onSaved, describeSaveError, customKind }: RecordEditorOptions<Row>) {
  const fields = useMemo(() => (sections ? sectionFields(sections) : (givenFields ?? [])), [givenFields, sections]);
  const session = useSession();
  const access = useAccess();
  // Writes go through the data hooks, which refresh the schema's lists once a write lands.
  const { mutateAsync: insertRow } = useInsert(table, { orgName: session.orgName });
  const { mutateAsync: updateRow } = useUpdate(table);
  const form = useFieldForm(fields);
  const { reset: resetForm, load: loadForm, setValue, setError, validate } = form;
  const dialog = useDialog();
  const { setAlert, show, close: closeDialog, submit, isBusy } = dialog;
  const [state, setState] = useState<EditorState>(CLOSED);
  // The latest state for async steps, so a save never acts on a stale snapshot.
  const stateRef = useRef(state);
  stateRef.current = state;
  const patch = useCallback((next: Partial<EditorState>) => setState((current) => ({ ...current, ...next })), []);

  /**
   * Reads the record by id. `keepEdits`: the form already shows the row it was opened with, so what the
   * person typed while the read was on its way stays over the fresh values (and is still sent as a
   * change); a reload after a conflict takes the latest version whole.
   */
  const load = useCallback(
    async (id: string, { keepEdits = false }: { keepEdits?: boolean } = {}) => {
      patch({ loading: true, conflict: false });
      setAlert(null);
      try {
        const found = await fetchRecord<AnyRow>(getDatabase(), table as TableRef<AnyRow>, { id });
        if (!found) {
          patch({ loading: false });
          setAlert(t('form.recordNotFound'));
          return;
        }
        const row = customKind ? await withCustomValues(found, customKind) : found;
        loadForm(row, { keepEdits });
        patch({ loading: false, original: row });
      } catch (error) {
        patch({ loading: false });
        setAlert(errorMessage(error, t('form.saveFailed')));
      }
    },
    [customKind, loadForm, patch, setAlert, table],
  );

  const openCreate = useCallback(
    (defaults: AnyRow = {}) => {
      resetForm(defaults);
      setState({ ...CLOSED, mode: 'create' });
      show();
    },
    [resetForm, show],
  );

  /** Opens a row for editing; it is read again by id so the form starts from the latest version. */
  const openEdit = useCallback(
    (row: AnyRow | string) => {
      const id = typeof row === 'string' ? row : typeof row.id === 'string' ? row.id : null;
      const seed = typeof row === 'string' ? null : row;
      resetForm(seed);
      setState({ ...CLOSED, mode: 'edit', id, original: seed });
      show();
      if (id) void load(id, { keepEdits: true });
      else setAlert(t('form.missingId'));
    },
    [load, resetForm, setAlert, show],
  );

  const close = useCallback(() => {
    // While saving, the dialog stays: closing would hide the outcome of a write in flight.
    if (!closeDialog()) return;
    setState(CLOSED);
    resetForm();
  }, [closeDialog, resetForm]);

  const readOnlyRecord = state.mode === 'edit' && isSystemDefaultRow(state.original);
  // A row the role does not let the person change opens as a read-only view of its fields.
  const viewOnly = state.mode === 'edit' && !readOnlyRecord && state.original !== null && !access.canEditRow(state.original);

  const save = useCallback(async () => {
    const current = stateRef.current;
    if (isBusy() || current.loading) return;
    if (current.mode === 'edit' && current.original && !access.canEditRow(current.original)) return;
    if (current.mode === 'edit' && !current.id) {
      setAlert(t('form.missingId'));
      return;
    }
    if (!validate()) return;
    if (current.mode === 'create' && (!session.orgName || !session.user)) {
      setAlert(t('form.missingContext'));
      return;
    }
    const { initial, values } = form.stateRef.current;
    patch({ conflict: false });
    const outcome = await submit(
      async (): Promise<Row | null> => {
        if (current.mode === 'create') return insertRow(rowValuesFromForm(fields, values));
        // The write works out what changed (data-access changedFields), comparing the loaded row and
        // the form both as the form would store them, so a value shown differently but stored the
        // same is no change; nothing changed means no request, and the editor just closes. The
        // loaded version still guards against overwriting someone else's newer save.
        const editable = fields.filter(isEditable);
        const updated = await updateRow({
          id: current.id ?? '',
          // An organisation's own fields are keys of one `custom` column, written whole over the loaded one.
          original: { ...rowValuesFromForm(editable, initial, current.original), last_modified_at: current.original?.last_modified_at },
          values: rowValuesFromForm(editable, values, current.original),
          editable: [...new Set(editable.map((field) => columnOfField(field.name)))],
        });
        return updated.status === 'updated' ? updated.row : null;
      },
      (error) => {
        const conflict = error instanceof DataAccessError && error.kind === 'conflict';
        const message = errorMessage(error, t('form.saveFailed'));
        patch({ conflict });
        return describeSaveError && !conflict ? describeSaveError(message) : message;
      },
    );
    if (!outcome.ok) return;
    setState(CLOSED);
    resetForm();
    onSaved?.(outcome.value, current.mode);
  }, [access, describeSaveError, fields, form.stateRef, insertRow, isBusy, onSaved, patch, resetForm, session.orgName, session.user, setAlert, submit, updateRow, validate]);

  /** After a refused save: discard local changes and show the row as it is now. */
  const reloadLatest = useCallback(() => {
    const id = stateRef.current.id;
    if (id) void load(id);
  }, [load]);

  const upload = useCallback(
    async (name: string, file: File) => {
      const field = fields.find((candidate) => candidate.name === name);
      setState((current) => ({ ...current, uploading: [...current.uploading, name] }));
      try {
        const body = { name: file.name, type: file.type, body: file };
        const uploaded =
          field?.bucket === 'organization-assets'
            ? await uploadOrgAsset(await loadSupabase(), session.orgName, body)
            : await uploadAccommodationFile(await loadSupabase(), session.orgName, body);
        setValue(name, uploaded.publicUrl);
      } catch (error) {
        setError(name, errorMessage(error, t('form.uploadFailed')));
      } finally {
        setState((current) => ({ ...current, uploading: current.uploading.filter((entry) => entry !== name) }));
      }
    },
    [fields, session.orgName, setError, setValue],
  );

  const title = t(state.mode === 'create' ? 'form.titleNew' : viewOnly ? 'form.titleView' : 'form.titleEdit', { label });
  return {
    ...state,
    open: dialog.open,
    busy: dialog.busy,
    /** The refused save (or read) above the fields. */
    saveError: dialog.alert,
    initial: form.initial,
    values: form.values,
    errors: form.errors,
    banner: form.banner,
    fields,
    /** The sections the form draws, when the record's fields come in sections. */
    sections: sections ?? null,
    /** The kind of record whose organisation fields the form holds (their history reads by label). */
    customKind: customKind ?? null,
    title,
    /** The record's singular name, as the screen gave it ('New {label}'). */
    label,
    /** The table the editor writes (its history is read under the same schema). */
    table,
    readOnlyRecord,
    /** The role does not let the person change this row: fields show, nothing saves. */
    viewOnly,
    openCreate,
    openEdit,
    close,
    setValue,
    save,
    reloadLatest,
    upload,
    // The backdrop and Escape do not close the dialog while saving.
    modalProps: { ...dialog.modalProps, title, onCancel: close },
    saveButtonProps: {
      type: 'primary' as const,
      loading: dialog.busy,
      disabled: dialog.busy || state.loading || readOnlyRecord || viewOnly || state.uploading.length > 0,
      onClick: () => void save(),
      children: dialog.busy ? t('form.saving') : t('form.save'),
    },
  };
}

export type RecordEditorApi = ReturnType<typeof useRecordEditor>;
