import { useState } from 'react';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Card, Input } from '@steward/libs/ui/antd-data';
import { errorMessage, useInsert, useList } from '@steward/libs/data';
import type { OwnerColumn } from '../addNew';
import { useSession } from '@steward/libs/session';
import { LoadingText, useDialog } from '@steward/libs/ui';
import { t as libsT } from '@steward/libs/messages';
import { notesTable, notesView } from '../records/crmViews';
import { NotesList, type NoteItem } from './NotesList';
import { EMPTY_NOTE, noteFormSchema, type NoteForm } from './noteForm';
import { later } from '../i18n';

const { useT } = later;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The Notes tab: the record's notes newest first, and Add Note. */
export function NotesTab({ ownerColumn, ownerId, canAdd }: { ownerColumn: OwnerColumn; ownerId: string; canAdd: boolean }) {
  const t = useT();
  const session = useSession();
  const { mutateAsync: insertNote } = useInsert(notesTable, { orgName: session.orgName });
  const notes = useList(notesView, { eq: { [ownerColumn]: ownerId }, excludeArchived: true, pageSize: 1000 });
  // Open, busy, the alert and the one submit: the platform's dialog, drawn here as a card.
  const dialog = useDialog({ describe: (problem) => errorMessage(problem, t('common.saveFailed')) });
  const { open, busy, alert, setAlert } = dialog;
  const [form, setForm] = useState<NoteForm>(EMPTY_NOTE);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    const parsed = noteFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      setAlert(libsT('form.fixFields'));
      return;
    }
    const outcome = await dialog.submit(() => insertNote({ ...parsed.data, [ownerColumn]: ownerId }));
    if (!outcome.ok) return;
    setForm(EMPTY_NOTE);
    setErrors({});
  };

  const items: NoteItem[] = (notes.data?.rows ?? []).map((row) => ({
    id: String(row.id),
    name: str(row.name),
    description: str(row.description),
    label: str(row.label),
    status: str(row.status),
    created_at: str(row.created_at),
    created_by_name: str(row.created_by_name),
  }));
  const field = (name: keyof NoteForm, label: string, multiline = false) => {
    const id = `note-${name}`;
    const props = {
      id,
      value: form[name] ?? '',
      status: errors[name] ? ('error' as const) : undefined,
      'aria-invalid': Boolean(errors[name]),
      'aria-describedby': errors[name] ? `${id}-error` : undefined,
      onChange: (event: { target: { value: string } }) => {
        setForm((current) => ({ ...current, [name]: event.target.value }));
        setErrors(({ [name]: _cleared, ...rest }) => rest);
      },
    };
    return (
      <Flex vertical gap={4}>
        <label htmlFor={id}>{label}</label>
        {multiline ? <Input.TextArea rows={3} {...props} /> : <Input {...props} />}
        {errors[name] ? (
          <Typography.Text type="danger" id={`${id}-error`}>
            {errors[name]}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  };
  return (
    <Flex vertical gap={12}>
      {canAdd && !open ? (
        <div>
          <Button onClick={dialog.show} disabled={!session.orgName}>
            {t('notes.add')}
          </Button>
        </div>
      ) : null}
      {open ? (
        <Card size="small" title={t('notes.new')}>
          <Flex vertical gap={8}>
            {alert ? <Alert type="error" showIcon title={alert} /> : null}
            {field('name', t('notes.title'))}
            {field('description', t('notes.note'), true)}
            {field('label', t('notes.label'))}
            <Flex gap={8} justify="flex-end">
              <Button onClick={dialog.close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="primary" loading={busy} onClick={() => void save()}>
                {t('notes.save')}
              </Button>
            </Flex>
          </Flex>
        </Card>
      ) : null}
      {notes.isLoading ? <Typography.Text><LoadingText /></Typography.Text> : null}
      {notes.error ? <Alert type="error" showIcon title={errorMessage(notes.error, t('common.unknownError'))} /> : null}
      {!notes.isLoading && !notes.error ? <NotesList notes={items} /> : null}
    </Flex>
  );
}
