import { useState } from 'react';
import { Alert, Button, Flex, Typography } from '@steward/libs/antd';
import { Form, Input } from '@steward/libs/antd-data';
import { errorMessage, tableRef, useInsert, useList, type AnyRow } from '@steward/libs/data-access';
import { FIX_FIELDS_MESSAGE } from '@steward/libs/editor';
import { LOADING_TEXT, listErrorText } from '@steward/libs/list';
import { useSession } from '@steward/libs/session';
import { NotesList, type NoteItem } from '@steward/libs/ui';
import { parseNoteInput, type NoteFieldErrors, type NoteInput } from './noteInput';
import type { RecordKind } from './recordKinds';

const notesView = tableRef<NoteItem & AnyRow & { label: string | null; status: string | null }>('crm', 'notes_view');
const notesTable = tableRef<AnyRow>('crm', 'notes');
const EMPTY: NoteInput = { name: '', description: '', label: '' };

/** Notes tab (000 §2): newest first with author, date, body, label and status; a note can be added. */
export function NotesTab({ kind, recordId, readOnly }: { kind: RecordKind; recordId: string; readOnly: boolean }) {
  const { orgName } = useSession();
  const notes = useList(notesView, { eq: { [kind.ownerColumn]: recordId }, excludeArchived: true, sort: [{ field: 'created_at', order: 'desc' }], pageSize: 500 });
  const insert = useInsert(notesTable, { orgName });
  const [draft, setDraft] = useState<NoteInput>(EMPTY);
  const [errors, setErrors] = useState<NoteFieldErrors>({});
  const [adding, setAdding] = useState(false);

  const set = (field: keyof NoteInput, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const submit = () => {
    const parsed = parseNoteInput(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    insert.mutate(
      { ...parsed.note, [kind.ownerColumn]: recordId },
      {
        onSuccess: () => {
          setDraft(EMPTY);
          setAdding(false);
        },
      },
    );
  };

  return (
    <Flex vertical gap={12}>
      {!readOnly && !adding ? (
        <div>
          <Button onClick={() => setAdding(true)}>Add note</Button>
        </div>
      ) : null}
      {adding ? (
        <Form layout="vertical" onFinish={submit} aria-label="New note" style={{ maxWidth: 640 }}>
          {Object.keys(errors).length > 0 ? <Alert type="error" showIcon title={FIX_FIELDS_MESSAGE} style={{ marginBottom: 12 }} /> : null}
          {insert.error ? <Alert type="error" showIcon title={errorMessage(insert.error, 'Save failed')} style={{ marginBottom: 12 }} /> : null}
          <Form.Item label="Title" htmlFor="note-title" required validateStatus={errors.name ? 'error' : undefined} help={errors.name}>
            <Input id="note-title" value={draft.name} onChange={(event) => set('name', event.target.value)} autoFocus />
          </Form.Item>
          <Form.Item label="Note" htmlFor="note-body" required validateStatus={errors.description ? 'error' : undefined} help={errors.description}>
            <Input.TextArea id="note-body" rows={3} value={draft.description} onChange={(event) => set('description', event.target.value)} />
          </Form.Item>
          <Form.Item label="Label" htmlFor="note-label">
            <Input id="note-label" value={draft.label} onChange={(event) => set('label', event.target.value)} />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={insert.isPending}>
              {insert.isPending ? 'Saving…' : 'Save note'}
            </Button>
            <Button onClick={() => setAdding(false)} disabled={insert.isPending}>
              Cancel
            </Button>
          </Flex>
        </Form>
      ) : null}
      {notes.error ? (
        <Typography.Text type="danger">{listErrorText(errorMessage(notes.error, 'Unknown error'))}</Typography.Text>
      ) : notes.isLoading ? (
        <Typography.Text>{LOADING_TEXT}</Typography.Text>
      ) : (
        // The note's own label and status (000 §2), where the list otherwise shows its contact method's.
        <NotesList notes={(notes.data?.rows ?? []).map((note) => ({ ...note, contact_method_label: note.label ?? note.contact_method_label, contact_method_status: note.status ?? null }))} />
      )}
    </Flex>
  );
}
