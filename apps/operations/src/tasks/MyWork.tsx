import { Link } from '@steward/libs/router';
import { errorMessage } from '@steward/libs/data';
import { formatDate } from '@steward/libs/i18n';
import { useSession } from '@steward/libs/session';
import { LoadingText } from '@steward/libs/ui';
import { useT } from '../i18n';
import { taskValueText } from './taskFields';
import { useMyWork, type MyWorkTask } from './taskQueries';

export const MY_WORK_GROUPS = [
  { key: 'overdue', title: 'myWork.overdue' },
  { key: 'today', title: 'myWork.today' },
  { key: 'later', title: 'myWork.later' },
] as const;

/** Groups the person's open tasks: overdue first, then today, then later (undated last), each by due date. */
export function groupMyWork(tasks: readonly MyWorkTask[]) {
  return MY_WORK_GROUPS.map((group) => ({ ...group, tasks: tasks.filter((task) => task.due_group === group.key) })).filter((group) => group.tasks.length > 0);
}

/** My work: the signed-in person's open tasks in this organisation. */
export function MyWork({ onOpen }: { onOpen: (task: MyWorkTask) => void }) {
  const t = useT();
  const { orgName } = useSession();
  const work = useMyWork(orgName);
  if (work.isLoading) return <p><LoadingText /></p>;
  if (work.error) return <p role="alert">{errorMessage(work.error, t('common.unknownError'))}</p>;
  const groups = groupMyWork(work.data ?? []);
  if (groups.length === 0) return <p>{t('myWork.nothingAssigned')}</p>;
  return (
    <div className="stw-my-work" data-testid="my-work">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`stw-my-work-${group.key}`} className={`stw-my-work__group stw-my-work__group--${group.key}`}>
          <h2 id={`stw-my-work-${group.key}`} className="stw-my-work__heading">
            {t(group.title)} ({group.tasks.length})
          </h2>
          <ul className="stw-my-work__items">
            {group.tasks.map((task) => (
              <li key={task.id} className="stw-my-work__item" data-testid="my-work-item">
                <button type="button" className="stw-subtask-link stw-my-work__title" onClick={() => onOpen(task)}>
                  {task.title}
                </button>
                <span className="stw-my-work__meta">
                  {task.due_date ? t('tasks.due', { date: formatDate(task.due_date) }) : t('tasks.noDueDate')} · {taskValueText(t, task.priority)} · {taskValueText(t, task.status)}
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
