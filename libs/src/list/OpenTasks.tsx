import { Link } from '@steward/libs/router';
import { errorMessage, tableRef, useList, type AnyRow } from '@steward/libs/data';
import { PlainTitle, PlainText, formatDate } from '@steward/libs/ui';
import { useT } from '@steward/libs/messages';

/** A record's open tasks come from ops.open_tasks_view (security invoker: the caller's row-level security applies). */
export const openTasksView = tableRef<AnyRow>('ops', 'open_tasks_view');

export type OpenTasksRecordColumn = 'contact_id' | 'business_id' | 'household_id' | 'reservation_id' | 'project_id';


/**
 * The open tasks about one record (a contact, business, household, reservation or project), each a
 * link to the task. Any area's record page can show it; Operations owns the tasks themselves.
 */
export function OpenTasks({ column, recordId }: { column: OpenTasksRecordColumn; recordId: string }) {
  const t = useT();
  const tasks = useList(openTasksView, { eq: { [column]: recordId }, sort: [{ field: 'due_date', order: 'asc' }], pageSize: 100 });
  const rows = tasks.data?.rows ?? [];
  return (
    <section aria-labelledby={`open-tasks-${recordId}`} className="stw-open-tasks">
      <PlainTitle id={`open-tasks-${recordId}`} style={{ fontSize: 16, margin: '0 0 4px' }}>
        {t('openTasks.title')}
      </PlainTitle>
      {tasks.isLoading ? <span>{t('list.loading')}</span> : null}
      {tasks.error ? <span style={{ color: 'var(--stw-error)' }}>{errorMessage(tasks.error, t('common.unknownError'))}</span> : null}
      {!tasks.isLoading && !tasks.error && rows.length === 0 ? <PlainText>{t('openTasks.none')}</PlainText> : null}
      {rows.length > 0 ? (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {rows.map((row) => (
            <li key={String(row.id)}>
              {/* Underlined: the link sits in a line of text and must not rely on its colour alone. */}
              <Link to={`/tasks?task=${String(row.short_id)}`} style={{ textDecoration: 'underline' }}>
                {String(row.title)}
              </Link>{' '}
              <PlainText>
                ({[row.status, row.due_date ? t('openTasks.due', { date: formatDate(String(row.due_date)) }) : null, row.assignee_name].filter(Boolean).join(', ')})
              </PlainText>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
