import { Link } from '@steward/libs/router';

export type TaskView = 'list' | 'board' | 'mine';

export const TASK_VIEWS: readonly { view: TaskView; label: string }[] = [
  { view: 'list', label: 'List' },
  { view: 'board', label: 'Board' },
  { view: 'mine', label: 'My work' },
];

export const taskViewOf = (value: string | null): TaskView => (value === 'board' || value === 'mine' ? value : 'list');

export const taskViewPath = (view: TaskView) => (view === 'list' ? '/tasks' : `/tasks?view=${view}`);

/** The three views of /tasks, as links (each view has its own address). */
export function TaskViewNav({ current }: { current: TaskView }) {
  return (
    <nav aria-label="Task views" className="stw-task-views">
      {TASK_VIEWS.map(({ view, label }) => (
        <Link key={view} to={taskViewPath(view)} aria-current={view === current ? 'page' : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}
