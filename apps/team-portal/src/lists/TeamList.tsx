import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useParams } from '@steward/libs/router';
import { tableRef, useCustomFieldsOfKind, type AnyRow } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import { AntdTheme, AskedEditors, useEditorRequests } from '@steward/libs/ui';
import { bulkFieldsOf, editColumn, ListPage, RecordHistory, RequestedRecordEditor, useColumnsWithCustom, useListPage, WithCustomColumns, type ListColumn } from '@steward/libs/list';
import type { SortSpec } from '@steward/libs/filter';
import type { TeamEditor, TeamEditorOf } from '../editing/teamEditors';
import { useT, type TeamPortalMessageId, type TeamPortalT } from '../i18n';
import { withWords } from '@steward/libs/i18n';
import { later as libsLater } from '@steward/libs/messages';

/** A list's words: its title (the export file is named after it) and what one and many of its rows are called. */
export type TeamListWords = { title: TeamPortalMessageId; one: TeamPortalMessageId; many: TeamPortalMessageId };

export type TeamListProps = {
  words: TeamListWords;
  view: string;
  columns: (t: TeamPortalT) => readonly ListColumn<AnyRow>[];
  /** The route parameter that puts the list in one-record mode (e.g. /Staff/{short_id}). */
  recordParam?: 'short_id' | 'id';
  defaultSort?: SortSpec;
  /** Add New and Edit through the generic editor, writing the view's base table. */
  editor?: TeamEditorOf;
  /**
   * The kind of record (settings.custom_fields) whose organisation fields the list offers as columns
   * to choose, and its one-record mode shows under "More fields" ('staff').
   */
  customKind?: string;
};

const NO_CUSTOM: readonly ListColumn<AnyRow>[] = [];

// A staff member's conversations and the composer load with the one-record view that shows them:
// their code and libs' words for them at once.
const loadConversations = () => withWords(import('@steward/libs/conversations'), libsLater);
const ConversationsTab = lazy(() => loadConversations().then((module) => ({ default: module.ConversationsTab })));
const SendEmailButton = lazy(() => loadConversations().then((module) => ({ default: module.SendEmailButton })));

// A record's own fields come with the form layer: loaded when first shown, not with the list (the editor too, RequestedRecordEditor).
const CustomFieldValues = lazy(() => import('@steward/libs/form').then((form) => ({ default: form.CustomFieldValues })));

const STAFF_TABLE = tableRef<AnyRow>('hr', 'staff_profiles');

/**
 * A team portal list: the organisation's rows and the shared defaults with the 'S' badge,
 * filters kept in the URL, export of every listed field with headers, a one-record mode, and (when
 * the list has an editor) Add New and Edit with the editor's validation and lost-update refusal.
 */
export function TeamList(props: TeamListProps) {
  if (!props.customKind) return <TeamListOf {...props} custom={NO_CUSTOM} />;
  return <WithCustomColumns<AnyRow> kind={props.customKind}>{(custom) => <TeamListOf {...props} custom={custom} />}</WithCustomColumns>;
}

function TeamListOf({ words, view, columns: columnsOf, recordParam, defaultSort = [{ field: 'name', order: 'asc' }], editor: editorOf, customKind, custom }: TeamListProps & { custom: readonly ListColumn<AnyRow>[] }) {
  const t = useT();
  const title = t(words.title);
  const columns = useMemo(() => columnsOf(t), [columnsOf, t]);
  const editor = useMemo<TeamEditor | undefined>(() => editorOf?.(t), [editorOf, t]);
  const params = useParams();
  const record = recordParam ? (params[recordParam] ?? null) : null;
  const editors = useEditorRequests<'row'>();
  const { openCreate, openEdit: ask } = editors;
  const openEdit = useCallback((row: AnyRow) => ask('row', row), [ask]);
  // History speaks of the organisation's fields by their labels (and choices by theirs).
  const { orgName } = useSession();
  const { definitions: customFields } = useCustomFieldsOfKind(customKind ?? null, orgName);
  const listed = useMemo<readonly ListColumn<AnyRow>[]>(
    () =>
      editor
        ? [
            ...columns,
            editColumn(openEdit),
          ]
        : columns,
    [columns, editor, openEdit],
  );
  const chosen = useColumnsWithCustom<AnyRow>({ listKey: view, columns: listed, custom });
  const list = useListPage<AnyRow>({
    title,
    columns: chosen.columns,
    hiddenColumns: chosen.hiddenColumns,
    source: { kind: 'table', table: tableRef<AnyRow>('hr', view), orgScoped: true, excludeArchived: true, eq: record && recordParam === 'id' ? { id: record } : undefined },
    defaultSort,
    shortId: recordParam === 'short_id' ? record : null,
    // Rows are archived, restored and changed in bulk on the table behind the view.
    lifecycle: {
      table: editor?.table ?? STAFF_TABLE,
      noun: { one: t(words.one), many: t(words.many) },
      fields: editor ? bulkFieldsOf(editor.fields) : [],
      canDelete: Boolean(editor),
    },
  });
  return (
    <ListPage list={list} toolbarExtra={chosen.button} addNew={editor ? { onClick: () => openCreate('row', { status: 'Active' }), children: t('common.addNew') } : undefined}>
      {editor ? (
        <AskedEditors editors={editors}>
          <RequestedRecordEditor request={editors.request} {...editor} />
        </AskedEditors>
      ) : null}
      {/* One record (/staff/{short_id}, /shift/{short_id}, /position/{id}): its history under it. */}
      {record && list.rows.length === 1 && typeof list.rows[0]?.id === 'string' ? (
        <>
          {customKind ? (
            <Suspense fallback={null}>
              <CustomFieldValues kind={customKind} row={list.rows[0]} />
            </Suspense>
          ) : null}
          {customKind === 'staff' ? (
            <StaffConversations id={list.rows[0].id} name={String(list.rows[0].name ?? '')} email={typeof list.rows[0].email === 'string' ? list.rows[0].email : null} canSend={list.access.canEditRow(list.rows[0])} />
          ) : null}
          <section aria-labelledby="record-history-heading">
            <h3 id="record-history-heading">{t('record.history')}</h3>
            <RecordHistory table={editor?.table ?? STAFF_TABLE} recordId={list.rows[0].id} customFields={customFields} label={t('record.historyOf', { name: String(list.rows[0].name ?? title) })} />
          </section>
        </>
      ) : null}
    </ListPage>
  );
}

/** A staff member's messages (Conversations) with Send e-mail, under their row. */
function StaffConversations({ id, name, email, canSend }: { id: string; name: string; email: string | null; canSend: boolean }) {
  const t = useT();
  const record = useMemo(() => ({ kind: 'staff' as const, id, name, email }), [id, name, email]);
  return (
    <section aria-labelledby="record-conversations-heading">
      <h3 id="record-conversations-heading">{t('record.conversations')}</h3>
      {/* A plain page: the conversation is drawn with antd, themed from the branding (its colours pass contrast). */}
      <AntdTheme>
        <Suspense fallback={null}>
          {canSend ? <SendEmailButton record={record} /> : null}
          <ConversationsTab record={record} canSend={canSend} />
        </Suspense>
      </AntdTheme>
    </section>
  );
}
