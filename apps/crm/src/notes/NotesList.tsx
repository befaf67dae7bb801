import { Typography } from '@steward/libs/ui/antd';
import { StatusPill } from '@steward/libs/ui';
import { formatDate } from '@steward/libs/i18n';
import { later } from '../i18n';

const { useT } = later;

export type NoteItem = {
  id: string;
  name?: string | null;
  description?: string | null;
  label?: string | null;
  status?: string | null;
  created_at?: string | null;
  created_by_name?: string | null;
};

/** Notes newest first with author, date, body, label and status. */
export function NotesList({ notes }: { notes: readonly NoteItem[] }) {
  const t = useT();
  if (notes.length === 0) return <Typography.Text type="secondary">{t('notes.none')}</Typography.Text>;
  const ordered = [...notes].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
  return (
    <ol aria-label={t('notes.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {ordered.map((note) => (
        <li key={note.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
          <Typography.Text strong>{note.name}</Typography.Text>{' '}
          <Typography.Text type="secondary">{[note.created_by_name, formatDate(note.created_at ?? null)].filter(Boolean).join(' · ')}</Typography.Text>
          {note.description ? <Typography.Paragraph style={{ margin: '4px 0' }}>{note.description}</Typography.Paragraph> : null}
          {note.label ? <Typography.Text type="secondary">{note.label} </Typography.Text> : null}
          <StatusPill status={note.status ?? null} />
        </li>
      ))}
    </ol>
  );
}
