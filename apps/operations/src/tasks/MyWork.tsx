import { Link } from '@steward/libs/router';
import { errorMessage } from '@steward/libs/data';
import { LOADING_TEXT } from '@steward/libs/list';
import { formatDate } from '@steward/libs/ui/core';
import { useSession } from '@steward/libs/session';
import { useMyWork, type MyWorkTask } from './taskQueries';

export const MY_WORK_GROUPS = [
  { key: 'overdue', title: 'Overdue' },
  { key: 'today', title: 'Today' },
  { key: 'later', title: 'Later' },
] as const;

export const NOTHING_ASSIGNED = 'Nothing open is assigned to you.';

/** Groups the person's open tasks: overdue first, then today, then later (undated last), each by due date. */
export function groupMyWork(tasks: readonly MyWorkTask[]) {
  return MY_WORK_GROUPS.map((group) => ({ ...group, tasks: tasks.filter((task) => task.due_group === group.key) })).filter((group) => group.tasks.length > 0);
}

/** My work: the signed-in person's open tasks in this organisation. */
export function MyWork({ onOpen }: { onOpen: (task: MyWorkTask) => void }) {
  const { orgName } = useSession();
  const work = useMyWork(orgName);
  if (work.isLoading) return <p>{LOADING_TEXT}</p>;
  if (work.error) return <p role="alert">{errorMessage(work.error, 'Unknown error')}</p>;
  const groups = groupMyWork(work.data ?? []);
  if (groups.length === 0) return <p>{NOTHING_ASSIGNED}</p>;
  return (
    <div className="stw-my-work" data-testid="my-work">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`stw-my-work-${group.key}`} className={`stw-my-work__group stw-my-work__group--${group.key}`}>
          <h2 id={`stw-my-work-${group.key}`} className="stw-my-work__heading">
            {group.title} ({group.tasks.length})
          </h2>
          <ul className="stw-my-work__items">
            {group.tasks.map((task) => (
              <li key={task.id} className="stw-my-work__item" data-testid="my-work-item">
                <button type="button" className="stw-subtask-link stw-my-work__title" onClick={() => onOpen(task)}>
                  {task.title}
                </button>
                <span className="stw-my-work__meta">
                  {task.due_date ? `Due ${formatDate(task.due_date)}` : 'No due date'} · {task.priority} · {task.status}
                  {task.record_label ? (
                    <>
                      {' · '}
                      {task.record_path ? <Link to={task.record_path}>{task.record_label}</Link> : task.record_label}
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
