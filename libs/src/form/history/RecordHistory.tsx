import { Alert, Button, Typography } from '@steward/libs/ui/antd';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage, queryKeys, undoBatch, useRecordHistory, type CustomFieldDef, type HistoryEntry, type TableRef } from '@steward/libs/data';
import { notify } from '@steward/libs/ui/core';
import { NO_HISTORY_TEXT, actionPhrase, actorOf, entryChanges, historyWordsOf, isAttached, relativeTime, viaNote, type HistoryField, type HistoryWords } from './historyWords';
import './recordHistory.css';
import { formatDateTime } from '@steward/libs/i18n';
import { later, type LibsLaterMessageId } from '@steward/libs/messages';
import type { Translate } from '@steward/libs/i18n';

const { useT } = later;

/** A moment in full, as the browser wrote it before ("11/29/2026, 3:05:09 PM" in English). */
const MOMENT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' };


/** A merge can be taken back from the surviving record's history for this long (the database agrees). */
const MERGE_UNDO_MS = 24 * 60 * 60 * 1000;

export type RecordHistoryProps = {
  /** The table the record lives in (its schema's writes refresh the history). */
  table: Pick<TableRef<unknown>, 'schema' | 'table'>;
  recordId: string;
  /**
   * The record form's fields: their names as the form shows them ("Status", "Primary Owner") and their
   * choices' words ("Tentative" for `tentative`), read on each draw so they follow the page's language.
   */
  fields?: readonly HistoryField[];
  /** The organisation's own fields of the record's kind: a change of them reads by their labels and choices. */
  customFields?: readonly CustomFieldDef[];
  /** "Record history" unless the screen says better. */
  label?: string;
};

/**
 * Who changed what on one record, newest first, in sentences: "Maya Chen changed Status from Active to
 * Inactive · 2 hours ago". References read as names; pages of 50 load on request. A CRM record's
 * history also holds its contact methods', addresses', notes', files' and relationships' changes
 * ("Maya Chen changed the contact method Mobile: Value from … to …").
 */
export function RecordHistory({ table, recordId, fields = [], customFields, label }: RecordHistoryProps) {
  const words = historyWordsOf(fields, customFields);
  const t = useT();
  const history = useRecordHistory(table, recordId);
  if (history.isLoading) return <Typography.Text>{t('list.loading')}</Typography.Text>;
  if (history.error) return <Alert type="error" showIcon title={errorMessage(history.error, t('history.couldNotLoad'))} />;
  const entries = history.data?.pages.flat() ?? [];
  if (entries.length === 0) return <Typography.Text type="secondary">{t(NO_HISTORY_TEXT)}</Typography.Text>;
  const now = new Date();
  return (
    <section aria-label={label ?? t('history.label')} className="stw-history">
      <ol className="stw-history__list">
        {entries.map((entry) => (
          <HistoryItem key={entry.id} entry={entry} recordId={recordId} words={words} now={now} />
        ))}
      </ol>
      {history.hasNextPage ? (
        <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          {t('history.showOlder')}
        </Button>
      ) : null}
    </section>
  );
}

function HistoryItem({ entry, recordId, words, now }: { entry: HistoryEntry; recordId: string; words: HistoryWords; now: Date }) {
  const t = useT();
  const attached = isAttached(entry, recordId);
  const changes = entryChanges(entry, words, recordId);
  const note = viaNote(entry);
  const when = (
    <time dateTime={entry.created_at} title={formatDateTime(entry.created_at, MOMENT)}>
      {relativeTime(entry.created_at, now)}
    </time>
  );
  const single = changes.length === 1 ? changes[0] : undefined;
  const queryClient = useQueryClient();
  const merge = entry.changes as { survivor_id?: string };
  const undoable = !attached && entry.action === 'merge' && entry.batch_id !== null && merge.survivor_id === entry.record_id && now.getTime() - new Date(entry.created_at).getTime() < MERGE_UNDO_MS;
  const undo = () => {
    void undoBatch(entry.batch_id as string)
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.all }))
      .then(() => notify.success(t('history.mergeUndone')))
      .catch((error: unknown) => notify.error(errorMessage(error, t('bulk.undoFailed'))));
  };
  return (
    <li className="stw-history__item">
      <span>
        <strong>{actorOf(entry)}</strong> {actionPhrase(entry, changes, recordId)}
        {single ? (
          <>
            {' '}
            {fromTo(t, single)}
          </>
        ) : null}
        {note ? ` (${note})` : null} · {when}
      </span>
      {undoable ? (
        <Button size="small" className="stw-history__undo" onClick={undo}>
          {t('history.undoMerge')}
        </Button>
      ) : null}
      {changes.length > 1 ? (
        <ul className="stw-history__fields">
          {changes.map((change) => (
            <li key={change.field}>
              {fromTo(t, change)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** "Status from <em>Active</em> to <em>Inactive</em>": one sentence to translate, the values emphasised. */
function fromTo(t: Translate<LibsLaterMessageId>, change: { label: string; from: string; to: string }) {
  return t.rich('history.fromToRich', { label: change.label, from: change.from, to: change.to, em: (words) => <em>{words}</em> });
}
