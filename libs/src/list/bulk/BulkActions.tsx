import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Select } from '@steward/libs/ui/antd-data';
import { bulkDelete, bulkUpdate, errorMessage, queryKeys, undoBatch, useRelationOptions } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import { notify, undoToast, useSubmit } from '@steward/libs/ui/core';
import { csvColumnsOf } from '../listColumn';
import type { BulkField, BulkTarget } from '../useListPage';
import { allMatchingPersonalNote, countOf, deleteConfirmation, personalNote, skippedNote } from './bulkWords';
import { allowedIds } from './ownRows';
import { bulkChangeOf } from './bulkFields';
import { later } from '@steward/libs/messages';

const { useT } = later;

type Row0 = Record<string, unknown>;

/** A question before a change: what it reaches, and the button that makes it (none when nothing would change). */
type Confirming = { text: string; description?: string; confirm: { label: string; danger: boolean } | null; run: () => void };

/**
 * What can be done to the selected rows of a list at once: set a field (status, owner, type), archive,
 * restore, export, delete for good (archived rows, with delete access). Each change is one database
 * call — all rows or none, shared defaults skipped and counted — followed by Undo for 10 s. What the
 * role does not allow is not offered (useListPage works it out). Under a Personal level a change
 * reaches only the person's own selected rows, and the bar says so before it acts; for every row
 * matching the filter the database keeps to their own rows, and the bar says that too.
 */
export default function BulkActions<Row extends Row0>({ list }: { list: BulkTarget<Row> }) {
  const lifecycle = list.lifecycle;
  const selection = list.selection;
  const queryClient = useQueryClient();
  // Each change is the platform's one submit: once, busy meanwhile, its refusal in the bar's alert.
  const t = useT();
  const { busy, alert: error, run: act } = useSubmit({ describe: (problem) => errorMessage(problem, t('bulk.changeFailed')) });
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  if (!lifecycle || !selection || selection.count === 0) return null;
  const { canEdit, canArchive } = lifecycle;
  const { noun } = lifecycle;
  const access = list.access;
  // What each kind of change needs of a row, and whether a Personal level narrows it.
  const rules = {
    edit: { personal: access.edit === 'Personal', allowed: access.canEditRow },
    archive: { personal: access.edit === 'Personal' || access.delete === 'Personal', allowed: (row: unknown) => access.canEditRow(row) && access.canDeleteRow(row) },
    delete: { personal: access.delete === 'Personal', allowed: access.canDeleteRow },
  } as const;

  const chosenRows = async (): Promise<readonly Row[]> => {
    if (selection.allMatching) return list.loadAll();
    const onPage = list.rows.filter((row) => selection.isSelected(list.rowKey(row)));
    if (onPage.length === selection.selectedKeys.size) return onPage;
    return (await list.loadAll()).filter((row) => selection.isSelected(list.rowKey(row)));
  };
  const chosenIds = async () => (selection.allMatching ? (await list.loadAll()).map(list.rowKey) : [...selection.selectedKeys]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.all });
  const apply = async (ids: readonly string[], changes: Record<string, unknown>, done: (count: number) => string) => {
    setConfirming(null);
    const outcome = await bulkUpdate(lifecycle.table, ids, changes);
    selection.clear();
    await refresh();
    const note = skippedNote(outcome.skipped);
    if (outcome.changed > 0) {
      undoToast(done(outcome.changed), () => {
        void undoBatch(outcome.batch_id)
          .then(() => refresh())
          .then(() => notify.success(t('bulk.undone')))
          .catch((problem: unknown) => notify.error(errorMessage(problem, t('bulk.undoFailed'))));
      }, note ?? undefined);
    } else if (note) {
      notify.info(note);
    }
  };

  const change = (changes: Record<string, unknown>, done: (count: number) => string, kind: 'edit' | 'archive', verb: string) =>
    act(async () => {
      const ids = await chosenIds();
      const rule = rules[kind];
      if (!rule.personal) return apply(ids, changes, done);
      if (selection.allMatching) {
        setConfirming({ text: allMatchingPersonalNote(selection.count, noun), confirm: { label: verb, danger: false }, run: () => void act(() => apply(ids, changes, done)) });
        return;
      }
      const own = await allowedIds(lifecycle.table, ids, rule.allowed);
      const note = personalNote(own.length, ids.length, noun);
      if (!note) return apply(own, changes, done);
      setConfirming({ text: note, confirm: own.length > 0 ? { label: t('bulk.verbCount', { verb, things: countOf(own.length, noun) }), danger: false } : null, run: () => void act(() => apply(own, changes, done)) });
    });

  // Every matching row is the list's own export (page by page, with progress and Cancel).
  const exportSelection = () =>
    selection.allMatching
      ? list.exportCsv()
      : act(async () => {
      const [rows, { buildCsv, csvFileName, downloadTextFile }] = await Promise.all([chosenRows(), import('../exportCsv')]);
      downloadTextFile(buildCsv(rows, csvColumnsOf(list.columns)), csvFileName(list.title));
    });

  const deleteForGood = (ids: string[]) =>
    act(async () => {
      const outcome = await bulkDelete(lifecycle.table, ids);
      setConfirming(null);
      selection.clear();
      await refresh();
      notify.success(t('bulk.deletedForGood', { things: countOf(outcome.deleted, noun) }), { description: skippedNote(outcome.skipped) ?? undefined });
    });

  const askDelete = () =>
    act(async () => {
      const chosen = await chosenRows();
      const label = lifecycle.label ?? ((row: Row) => String(row.name ?? list.rowKey(row)));
      let rows = chosen;
      let note: string | null = null;
      if (rules.delete.personal) {
        if (selection.allMatching) note = allMatchingPersonalNote(selection.count, noun);
        else {
          const own = new Set(await allowedIds(lifecycle.table, chosen.map(list.rowKey), rules.delete.allowed));
          rows = chosen.filter((row) => own.has(list.rowKey(row)));
          note = personalNote(rows.length, chosen.length, noun);
        }
      }
      const ids = rows.map(list.rowKey);
      const question = rows.length > 0 ? deleteConfirmation(rows.map(label), noun) : '';
      setConfirming({
        text: [note, question].filter(Boolean).join(' '),
        description: rows.length > 0 ? t('bulk.cannotBeUndone') : undefined,
        confirm: rows.length > 0 ? { label: t('bulk.deleteForGood'), danger: true } : null,
        run: () => void deleteForGood(ids),
      });
    });

  const many = countOf(selection.count, noun);
  return (
    <div role="group" aria-label={t('bulk.actionsOn', { things: many })} className="stw-bulk-actions">
      <Flex gap={8} wrap align="center" className="stw-bulk-actions__controls">
        {canEdit && !lifecycle.archived
          ? (lifecycle.fields ?? []).map((field) => (
              <FieldSetter
                key={field.field}
                field={field}
                disabled={busy}
                onPick={(value, shown) => void change(bulkChangeOf(field.field, value), (count) => t('bulk.setDone', { field: field.label, value: shown, things: countOf(count, noun) }), 'edit', t('bulk.setOn', { field: field.label, value: shown }))}
              />
            ))
          : null}
        {canArchive && !lifecycle.archived ? (
          <Button disabled={busy} onClick={() => void change({ archive: true }, (count) => t('bulk.archivedDone', { things: countOf(count, noun) }), 'archive', t('bulk.archive'))}>
            {t('bulk.archive')}
          </Button>
        ) : null}
        {canArchive && lifecycle.archived ? (
          <Button disabled={busy} onClick={() => void change({ archive: false }, (count) => t('bulk.restoredDone', { things: countOf(count, noun) }), 'archive', t('bulk.restore'))}>
            {t('bulk.restore')}
          </Button>
        ) : null}
        <Button disabled={busy} onClick={() => void exportSelection()}>
          {t('bulk.exportSelection')}
        </Button>
        {lifecycle.actions && !lifecycle.archived
          ? lifecycle.actions({
              count: selection.count,
              allMatching: selection.allMatching,
              ids: chosenIds,
              listPageFilter: selection.allMatching ? (list.listPageFilter ?? null) : null,
              clear: selection.clear,
            })
          : null}
        {lifecycle.archived && lifecycle.canDelete ? (
          <Button danger disabled={busy} onClick={() => void askDelete()}>
            {t('bulk.deleteForGood')}
          </Button>
        ) : null}
      </Flex>
      {confirming ? (
        <Alert
          type="warning"
          showIcon
          role="alertdialog"
          title={confirming.text}
          description={confirming.description}
          action={
            <Flex vertical gap={8}>
              {confirming.confirm ? (
                <Button danger={confirming.confirm.danger} type="primary" loading={busy} onClick={confirming.run}>
                  {confirming.confirm.label}
                </Button>
              ) : null}
              <Button onClick={() => setConfirming(null)}>{confirming.confirm ? t('common.cancel') : t('common.close')}</Button>
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
  const t = useT();
  const { orgScope } = useSession();
  const related = useRelationOptions(field.relation ? { ...field.relation, ...(field.relation.orgScoped === false ? {} : { orgScope }) } : null);
  const options = field.options ?? related.data?.map((option) => ({ value: option.value, label: option.label })) ?? [];
  return (
    <Select
      aria-label={t('bulk.setField', { field: field.label })}
      // antd's own placeholder grey is too faint to read (contrast): the secondary text colour is not.
      placeholder={<Typography.Text type="secondary">{t('bulk.setFieldPlaceholder', { field: field.label })}</Typography.Text>}
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
