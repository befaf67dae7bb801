import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from '@steward/libs/router';
import { Button } from '@steward/libs/ui/antd';
import { cachedRowId, errorMessage, isSystemDefaultRow, queryKeys, setArchived, useRecord } from '@steward/libs/data';
import { CustomFieldValues, InlineEditor, moreFieldsSection, useCustomFields, useRecordEditor } from '@steward/libs/form';
import { useAccess } from '@steward/libs/session';
import { usePageTitle } from '@steward/libs/shell';
import { DetailLayout, OpenTasks, RecordHistory } from '@steward/libs/list';
import { notify, undoToast } from '@steward/libs/ui';
import { useQueryClient } from '@tanstack/react-query';
import { NotesTab } from '../notes/NotesTab';
import { NotesList } from '../notes/NotesList';
import { ContactMethodsTab } from './ContactMethodsTab';
import { RelationshipsTab } from '../relationships/RelationshipsTab';
import { FilesTab } from '../files/FilesTab';
import { FinancialTab } from '../financial/FinancialTab';
import { RecordHeader } from './RecordHeader';
import { usePrefetchRecordTabs } from './prefetchTabs';
import { OWNER_COLUMN, text } from './crmRow';
import type { CrmEntity } from './crmEntity';
import { later } from '../i18n';
import { withWords } from '@steward/libs/i18n';
import { later as libsLater } from '@steward/libs/messages';

const { useT } = later;

// The composer and the Conversations tab load when the record page first needs them: their code and
// libs' words for them at once.
const loadConversations = () => withWords(import('@steward/libs/conversations'), libsLater);
const ConversationsTab = lazy(() => loadConversations().then((module) => ({ default: module.ConversationsTab })));
const SendEmailButton = lazy(() => loadConversations().then((module) => ({ default: module.SendEmailButton })));

// The erasure dialog's inputs load when Erase is first pressed.
const EraseContactDialog = lazy(() => import('./EraseContactDialog').then((module) => ({ default: module.EraseContactDialog })));

/** What the list shows after an erasure: the erasure's own History entry. */
export type ErasedState = { erased: { id: string } };

/** A CRM record's detail page: Go back, header, Edit toggle with the inline editor, tabs. */
export function CrmDetailPage({ entity }: { entity: CrmEntity }) {
  const t = useT();
  const { short_id: shortId = '' } = useParams();
  const record = useRecord(entity.view, shortId ? { short_id: shortId } : null);
  // The organisation's own fields of this kind join the form, in a "More fields" section of their own.
  const custom = useCustomFields(entity.kind);
  const editFields = useMemo(() => [...entity.editFields, ...custom.fieldDefs], [entity.editFields, custom.fieldDefs]);
  const editSections = useMemo(
    () => (entity.editSections && custom.fieldDefs.length ? [...entity.editSections, moreFieldsSection(custom.fieldDefs)] : entity.editSections),
    [entity.editSections, custom.fieldDefs],
  );
  const editor = useRecordEditor({ table: entity.table, ...(editSections ? { sections: editSections } : { fields: editFields }), label: entity.label, customKind: custom.definitions.length ? entity.kind : undefined });
  const row = record.data ?? null;
  const queryClient = useQueryClient();
  // Opened from a list, the record's id is in that list's rows already: its tabs' reads need not wait
  // for the record's own read.
  const listedId = useMemo(() => (shortId ? cachedRowId(queryClient, entity.view, 'short_id', shortId) : null), [queryClient, entity.view, shortId]);
  usePrefetchRecordTabs(entity.kind, row?.id ?? listedId);
  const name = row ? text(row.name) : '';
  const heading = t('record.heading', { label: entity.label, name: name || entity.label });
  usePageTitle(row ? heading : null);
  const ownerColumn = OWNER_COLUMN[entity.kind];
  // The role decides: Edit and the tabs' add and change buttons with edit access to this record
  // (Personal: their own), Archive and Restore with delete access too. Organisation users are
  // profiles, which Settings rights govern.
  const access = useAccess(entity.kind === 'user' ? 'settings' : undefined);
  const editable = row !== null && !isSystemDefaultRow(row) && access.canEditRow(row);
  const archivable = editable && entity.kind !== 'user' && access.canDeleteRow(row);
  // Erasure (GDPR Art. 17) is for whoever may delete the contact: the database's own rule for it.
  const erasable = row !== null && entity.kind === 'contact' && !isSystemDefaultRow(row) && access.canDeleteRow(row);
  const [erasing, setErasing] = useState(false);
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['steward', entity.table.schema] });
  // Conversations: whoever may edit the record writes to it; the messages on it follow its own rights.
  const messageRecord = row ? { kind: entity.kind, id: String(row.id), name, email: text(row.primary_email || row.email) || null } : null;
  const filesOwner = row ? { column: ownerColumn, id: String(row.id) } : null;

  // Archive leaves the page for the list with Undo for 10 s; an archived record can be restored here.
  const archive = async (archived: boolean) => {
    if (!row) return;
    try {
      await setArchived(entity.table, row.id, archived);
    } catch (error) {
      notify.error(errorMessage(error, t('common.saveFailed')));
      return;
    }
    await refresh();
    if (!archived) {
      notify.success(t('record.restored', { name }));
      return;
    }
    navigate(entity.listPath);
    undoToast(t('record.archived', { name }), () => {
      void setArchived(entity.table, row.id, false)
        .then(() => refresh())
        .then(() => notify.success(t('record.restored', { name })))
        .catch((error: unknown) => notify.error(errorMessage(error, t('common.saveFailed'))));
    });
  };
  return (
    <DetailLayout
      backTo={entity.listPath}
      loading={record.isLoading}
      error={record.error ? errorMessage(record.error, t('common.unknownError')) : null}
      notFound={!record.isLoading && !record.error && !row ? entity.notFound : null}
      tabsLabel={entity.tabsLabel}
      header={row ? <RecordHeader row={row} heading={heading} secondary={entity.secondaryLine?.(row)} /> : null}
      actions={
        (editable || erasable) && row ? (
          <>
            {editable && messageRecord ? (
              <Suspense fallback={null}>
                <SendEmailButton record={messageRecord} filesOwner={filesOwner} />
              </Suspense>
            ) : null}
            {editable ? (
              <Button aria-pressed={editor.open} onClick={() => (editor.open ? editor.close() : editor.openEdit(row))}>
                {t('common.edit')}
              </Button>
            ) : null}
            {editable && entity.editPath ? <Link to={entity.editPath(row.short_id)}>{t('record.editEntity', { entity: entity.label })}</Link> : null}
            {archivable ? <Button onClick={() => void archive(!row.archive)}>{row.archive ? t('common.restore') : t('common.archive')}</Button> : null}
            {erasable ? (
              <Button danger onClick={() => setErasing(true)}>
                {t('record.erase')}
              </Button>
            ) : null}
            {erasing ? (
              <Suspense fallback={null}>
                <EraseContactDialog
                  contactId={row.id}
                  name={name}
                  onClose={() => setErasing(false)}
                  onErased={(outcome) => {
                    void queryClient.invalidateQueries({ queryKey: queryKeys.all });
                    notify.success(t('record.erased', { name }));
                    navigate(entity.listPath, { state: { erased: { id: outcome.erased } } satisfies ErasedState });
                  }}
                />
              </Suspense>
            ) : null}
          </>
        ) : null
      }
      editor={
        <>
          <InlineEditor editor={editor} />
          {!editor.open && row ? <CustomFieldValues kind={entity.kind} row={row} /> : null}
          {row && ownerColumn !== 'user_id' ? <OpenTasks column={ownerColumn} recordId={row.id} /> : null}
        </>
      }
      contactMethods={row ? <ContactMethodsTab ownerColumn={ownerColumn} ownerId={row.id} canEdit={editable} /> : null}
      extraTabs={
        row
          ? [
              ...(entity.kind !== 'user' ? [{ key: 'relationships', label: t('record.tab.relationships'), children: <RelationshipsTab kind={entity.kind} recordId={row.id} canEdit={editable} /> }] : []),
              { key: 'files', label: t('record.tab.files'), children: <FilesTab ownerColumn={ownerColumn} ownerId={row.id} canEdit={editable} /> },
              ...(messageRecord
                ? [{ key: 'conversations', label: t('record.tab.conversations'), children: <Suspense fallback={null}><ConversationsTab record={messageRecord} filesOwner={filesOwner} canSend={editable} /></Suspense> }]
                : []),
            ]
          : []
      }
      financial={row && entity.kind !== 'user' ? <FinancialTab ownerColumn={ownerColumn} record={row} canEdit={editable} /> : undefined}
      notes={row && entity.kind !== 'user' ? <NotesTab ownerColumn={ownerColumn} ownerId={row.id} canAdd={editable} /> : <NotesList notes={[]} />}
      history={row ? <RecordHistory table={entity.table} recordId={row.id} fields={entity.editFields} customFields={custom.definitions} label={t('record.history', { name: name || entity.label })} /> : null}
    />
  );
}
