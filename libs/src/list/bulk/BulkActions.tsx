import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/antd';
import { Select } from '@steward/libs/antd-data';
import { bulkDelete, bulkUpdate, errorMessage, queryKeys, undoBatch, useRelationOptions } from '@steward/libs/data-access';
import { useSession } from '@steward/libs/session';
import { notify, undoToast } from '@steward/libs/ui-core';
import { exportValueOf } from '../listColumn';
import type { BulkField, ListPageApi } from '../useListPage';
import { countOf, deleteConfirmation, skippedNote } from './bulkWords';

type Row0 = Record<string, unknown>;

/**
 * What can be done to the selected rows of a list at once: set a field (status, owner, type), archive,
 * restore, export, delete for good (archived rows, with delete access). Each change is one database
 * call — all rows or none, shared defaults skipped and counted — followed by Undo for 10 s. What the
 * role does not allow is not offered (useListPage works it out).
 */
export default function BulkActions<Row extends Row0>({ list }: { list: ListPageApi<Row> }) {
  const lifecycle = list.lifecycle;
  const selection = list.selection;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ ids: string[]; text: string } | null>(null);
  if (!lifecycle || !selection || selection.count === 0) return null;
  const { canEdit, canArchive } = lifecycle;
  const { noun } = lifecycle;

  const chosenRows = async (): Promise<readonly Row[]> => {
    if (selection.allMatching) return list.loadAll();
    const onPage = list.rows.filter((row) => selection.isSelected(list.rowKey(row)));
    if (onPage.length === selection.selectedKeys.size) return onPage;
    return (await list.loadAll()).filter((row) => selection.isSelected(list.rowKey(row)));
  };
  const chosenIds = async () => (selection.allMatching ? (await list.loadAll()).map(list.rowKey) : [...selection.selectedKeys]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.all });
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (problem) {
      setError(errorMessage(problem, 'The change failed; nothing was changed.'));
    } finally {
      setBusy(false);
    }
  };

  const change = (changes: Record<string, unknown>, done: (count: number) => string) =>
    act(async () => {
      const ids = await chosenIds();
      const outcome = await bulkUpdate(lifecycle.table, ids, changes);
      selection.clear();
      await refresh();
      const note = skippedNote(outcome.skipped);
      if (outcome.changed > 0) {
        undoToast(done(outcome.changed), () => {
          void undoBatch(outcome.batch_id)
            .then(() => refresh())
            .then(() => notify.success('Undone'))
            .catch((problem: unknown) => notify.error(errorMessage(problem, 'Undo failed')));
        }, note ?? undefined);
      } else if (note) {
        notify.info(note);
      }
    });

  // Every matching row is the list's own export (page by page, with progress and Cancel).
  const exportSelection = () =>
    selection.allMatching
      ? list.exportCsv()
      : act(async () => {
      const [rows, { buildCsv, csvFileName, downloadTextFile }] = await Promise.all([chosenRows(), import('../exportCsv')]);
      const exported = list.columns.filter((column) => column.exported !== false);
      downloadTextFile(buildCsv(rows, exported.map((column) => ({ title: column.title, value: (row: Row) => exportValueOf(column, row) }))), csvFileName(list.title));
    });

  const askDelete = () =>
    act(async () => {
      const rows = await chosenRows();
      const label = lifecycle.label ?? ((row: Row) => String(row.name ?? list.rowKey(row)));
      setConfirming({ ids: rows.map(list.rowKey), text: deleteConfirmation(rows.map(label), noun) });
    });

  const deleteForGood = (ids: string[]) =>
    act(async () => {
      const outcome = await bulkDelete(lifecycle.table, ids);
      setConfirming(null);
      selection.clear();
      await refresh();
      notify.success(`Deleted ${countOf(outcome.deleted, noun)} for good`, { description: skippedNote(outcome.skipped) ?? undefined });
    });

  const many = countOf(selection.count, noun);
  return (
    <div role="group" aria-label={`Actions on ${many}`} className="stw-bulk-actions">
      <Flex gap={8} wrap align="center">
        {canEdit && !lifecycle.archived
          ? (lifecycle.fields ?? []).map((field) => (
              <FieldSetter key={field.field} field={field} disabled={busy} onPick={(value, shown) => void change({ [field.field]: value }, (count) => `Set ${field.label} to ${shown} on ${countOf(count, noun)}`)} />
            ))
          : null}
        {canArchive && !lifecycle.archived ? (
          <Button disabled={busy} onClick={() => void change({ archive: true }, (count) => `Archived ${countOf(count, noun)}`)}>
            Archive
          </Button>
        ) : null}
        {canArchive && lifecycle.archived ? (
          <Button disabled={busy} onClick={() => void change({ archive: false }, (count) => `Restored ${countOf(count, noun)}`)}>
            Restore
          </Button>
        ) : null}
        <Button disabled={busy} onClick={() => void exportSelection()}>
          Export selection
        </Button>
        {lifecycle.archived && lifecycle.canDelete ? (
          <Button danger disabled={busy} onClick={() => void askDelete()}>
            Delete for good
          </Button>
        ) : null}
      </Flex>
      {confirming ? (
        <Alert
          type="warning"
          showIcon
          role="alertdialog"
          title={confirming.text}
          description="This cannot be undone: their history stays, the records go."
          action={
            <Flex vertical gap={8}>
              <Button danger type="primary" loading={busy} onClick={() => void deleteForGood(confirming.ids)}>
                Delete for good
              </Button>
              <Button onClick={() => setConfirming(null)}>Cancel</Button>
            </Flex>
          }
        />
      ) : null}
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </div>
  );
}

/** One "Set {field}…" picker: choosing a value applies it to the selection. */
function FieldSetter({ field, disabled, onPick }: { field: BulkField; disabled: boolean; onPick: (value: string, shown: string) => void }) {
  const { orgScope } = useSession();
  const related = useRelationOptions(field.relation ? { ...field.relation, ...(field.relation.orgScoped === false ? {} : { orgScope }) } : null);
  const options = field.options ?? related.data?.map((option) => ({ value: option.value, label: option.label })) ?? [];
  return (
    <Select
      aria-label={`Set ${field.label}`}
      // antd's own placeholder grey is too faint to read (contrast): the secondary text colour is not.
      placeholder={<Typography.Text type="secondary">{`Set ${field.label}…`}</Typography.Text>}
      value={null}
      disabled={disabled}
      loading={related.isLoading}
      style={{ minWidth: 180 }}
      options={[...options]}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(value: string) => onPick(value, options.find((option) => option.value === value)?.label ?? value)}
    />
  );
}
