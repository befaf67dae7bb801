import { useParams } from 'react-router';
import { Button } from '@steward/libs/antd';
import { errorMessage, isSystemDefaultRow, useRecord } from '@steward/libs/data-access';
import { InlineEditor, useRecordEditor, type FieldDef } from '@steward/libs/editor';
import { usePageTitle } from '@steward/libs/federation';
import { DetailLayout } from '@steward/libs/list';
import { ContactMethodsTab } from './ContactMethodsTab';
import { NotesTab } from './NotesTab';
import { RecordHeader, type CrmRecordRow } from './RecordHeader';
import type { RecordKind } from './recordKinds';

/**
 * A business, contact or household (000 §2): "Go back", the header, the Edit toggle (not for shared
 * defaults) opening the inline editor, and the Contact Methods, Notes and Financial tabs. Page title
 * and header read '{Label}: {name}'.
 */
export function RecordDetailPage({ kind, fields }: { kind: RecordKind; fields: readonly FieldDef[] }) {
  const { short_id: shortId = '' } = useParams();
  const record = useRecord(kind.view, { short_id: shortId });
  const row = (record.data ?? null) as CrmRecordRow | null;
  const editor = useRecordEditor({ table: kind.table, fields, label: kind.label });
  usePageTitle(row ? `${kind.label}: ${row.name || kind.label}` : null);
  const shared = isSystemDefaultRow(row);

  return (
    <DetailLayout
      backTo={kind.listPath}
      loading={record.isLoading}
      error={record.error ? errorMessage(record.error, 'Unknown error') : null}
      notFound={!record.isLoading && !record.error && !row ? kind.notFound : null}
      tabsLabel={kind.tabsLabel}
      header={row ? <RecordHeader record={row} label={kind.label} /> : null}
      actions={
        row && !shared ? (
          <Button aria-pressed={editor.open} onClick={() => (editor.open ? editor.close() : editor.openEdit(row.id))}>
            {editor.open ? 'Close editor' : 'Edit'}
          </Button>
        ) : null
      }
      editor={<InlineEditor editor={editor} />}
      contactMethods={row ? <ContactMethodsTab kind={kind} recordId={row.id} /> : null}
      notes={row ? <NotesTab kind={kind} recordId={row.id} readOnly={shared} /> : null}
    />
  );
}
