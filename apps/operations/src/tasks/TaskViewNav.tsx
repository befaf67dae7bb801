import { Link } from '@steward/libs/router';
import { useT, type OperationsMessageId } from '../i18n';

export type TaskView = 'list' | 'board' | 'mine';

export const TASK_VIEWS: readonly { view: TaskView; label: OperationsMessageId }[] = [
  { view: 'list', label: 'tasks.view.list' },
  { view: 'board', label: 'tasks.view.board' },
  { view: 'mine', label: 'tasks.view.mine' },
];

export const taskViewOf = (value: string | null): TaskView => (value === 'board' || value === 'mine' ? value : 'list');

export const taskViewPath = (view: TaskView) => (view === 'list' ? '/tasks' : `/tasks?view=${view}`);

/** The three views of /tasks, as links (each view has its own address). */
export function TaskViewNav({ current }: { current: TaskView }) {
  const t = useT();
  return (
    <nav aria-label={t('tasks.views')} className="stw-task-views">
      {TASK_VIEWS.map(({ view, label }) => (
        <Link key={view} to={taskViewPath(view)} aria-current={view === current ? 'page' : undefined}>
          {t(label)}
        </Link>
      ))}
    </nav>
  );
}
