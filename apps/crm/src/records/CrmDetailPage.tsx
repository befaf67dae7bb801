import { Link, useParams } from '@steward/libs/router';
import { Button } from '@steward/libs/antd';
import { errorMessage, isSystemDefaultRow, useRecord } from '@steward/libs/data-access';
import { InlineEditor, useRecordEditor } from '@steward/libs/editor';
import { usePageTitle } from '@steward/libs/federation';
import { DetailLayout, OpenTasks } from '@steward/libs/list';
import { NotesTab } from '../notes/NotesTab';
import { NotesList } from '../notes/NotesList';
import { ContactMethodsTab } from './ContactMethodsTab';
import { RecordHeader } from './RecordHeader';
import { OWNER_COLUMN, text } from './crmRow';
import type { CrmEntity } from './crmEntity';

/** A CRM record's detail page (000 §2): Go back, header, Edit toggle with the inline editor, tabs. */
export function CrmDetailPage({ entity }: { entity: CrmEntity }) {
  const { short_id: shortId = '' } = useParams();
  const record = useRecord(entity.view, shortId ? { short_id: shortId } : null);
  const editor = useRecordEditor({ table: entity.table, fields: entity.editFields, label: entity.label });
  const row = record.data ?? null;
  const name = row ? text(row.name) : '';
  const heading = `${entity.label}: ${name || entity.label}`;
  usePageTitle(row ? heading : null);
  const ownerColumn = OWNER_COLUMN[entity.kind];
  const editable = row !== null && !isSystemDefaultRow(row);
  return (
    <DetailLayout
      backTo={entity.listPath}
      loading={record.isLoading}
      error={record.error ? errorMessage(record.error, 'Unknown error') : null}
      notFound={!record.isLoading && !record.error && !row ? entity.notFound : null}
      tabsLabel={entity.tabsLabel}
      header={row ? <RecordHeader row={row} heading={heading} secondary={entity.secondaryLine?.(row)} /> : null}
      actions={
        editable && row ? (
          <>
            <Button aria-pressed={editor.open} onClick={() => (editor.open ? editor.close() : editor.openEdit(row))}>
              Edit
            </Button>
            {entity.editPath ? <Link to={entity.editPath(row.short_id)}>Edit {entity.label}</Link> : null}
          </>
        ) : null
      }
      editor={
        <>
          <InlineEditor editor={editor} />
          {row && ownerColumn !== 'user_id' ? <OpenTasks column={ownerColumn} recordId={row.id} /> : null}
        </>
      }
      contactMethods={row ? <ContactMethodsTab ownerColumn={ownerColumn} ownerId={row.id} /> : null}
      notes={row && entity.kind !== 'user' ? <NotesTab ownerColumn={ownerColumn} ownerId={row.id} canAdd={editable} /> : <NotesList notes={[]} />}
    />
  );
}
