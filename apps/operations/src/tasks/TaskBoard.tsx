import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '@steward/libs/data';
import { formatDate } from '@steward/libs/i18n';
import { useAccess, useSession } from '@steward/libs/session';
import { LoadingText } from '@steward/libs/ui';
import { useT } from '../i18n';
import { taskValueText } from './taskFields';
import { useBoardTasks, useMoveTask, type BoardTask } from './taskQueries';

/** The board's columns; a Blocked task stands in In Progress, marked Blocked. */
export const BOARD_COLUMNS = ['To Do', 'In Progress', 'Done'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export const boardColumnOf = (status: string): BoardColumn => (status === 'Done' ? 'Done' : status === 'To Do' ? 'To Do' : 'In Progress');

const DRAG_TYPE = 'application/x-steward-task';

/**
 * Tasks by status (To Do / In Progress / Done). A card moves by dragging it to a column, or from the
 * keyboard: its title button takes Left and Right arrows. Each move is announced.
 */
export function TaskBoard({ onOpen }: { onOpen: (task: BoardTask) => void }) {
  const t = useT();
  const { orgName } = useSession();
  // A card moves only if the role lets the person change that task (Personal: their own).
  const { canEditRow } = useAccess();
  const tasks = useBoardTasks(orgName);
  const move = useMoveTask(orgName);
  const [announcement, setAnnouncement] = useState('');
  const [dropTarget, setDropTarget] = useState<BoardColumn | null>(null);
  // A card moved from the keyboard keeps the focus once it stands in its new column.
  const focusAfterMove = useRef<{ id: string; column: BoardColumn } | null>(null);
  const cardButtons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    const task = tasks.data?.find((candidate) => candidate.id === pending.id);
    if (task && boardColumnOf(task.status) !== pending.column) return;
    focusAfterMove.current = null;
    cardButtons.current.get(pending.id)?.focus();
  });

  const moveTo = (task: BoardTask, column: BoardColumn) => {
    if (boardColumnOf(task.status) === column) return;
    move.mutate(
      { id: task.id, status: column },
      { onError: (problem) => setAnnouncement(t('board.moveFailed', { title: task.title, message: errorMessage(problem, t('board.saveFailed')) })) },
    );
    setAnnouncement(t('board.moved', { title: task.title, column: taskValueText(t, column) }));
  };

  const onKeyDown = (task: BoardTask) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (!canEditRow(task)) return;
    event.preventDefault();
    const index = BOARD_COLUMNS.indexOf(boardColumnOf(task.status));
    const next = BOARD_COLUMNS[index + (event.key === 'ArrowRight' ? 1 : -1)];
    if (!next) return;
    focusAfterMove.current = { id: task.id, column: next };
    moveTo(task, next);
  };

  const onDrop = (column: BoardColumn) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropTarget(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    const task = tasks.data?.find((candidate) => candidate.id === id);
    if (task && canEditRow(task)) moveTo(task, column);
  };

  if (tasks.isLoading) return <p><LoadingText /></p>;
  if (tasks.error) return <p role="alert">{errorMessage(tasks.error, t('common.unknownError'))}</p>;
  const rows = tasks.data ?? [];

  return (
    <div className="stw-board">
      <p id="stw-board-help" className="stw-board__help">
        {t('board.help')}
      </p>
      <div className="stw-board__columns">
        {BOARD_COLUMNS.map((column) => {
          const cards = rows.filter((task) => boardColumnOf(task.status) === column);
          const headingId = `stw-board-${column.replace(/\s+/g, '-').toLowerCase()}`;
          return (
            <section
              key={column}
              aria-labelledby={headingId}
              className={`stw-board__column${dropTarget === column ? ' stw-board__column--target' : ''}`}
              data-testid={`board-column-${column}`}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setDropTarget(column);
              }}
              onDragLeave={() => setDropTarget((current) => (current === column ? null : current))}
              onDrop={onDrop(column)}
            >
              <h2 id={headingId} className="stw-board__heading">
                {taskValueText(t, column)} <span className="stw-board__count">({cards.length})</span>
              </h2>
              <ul className="stw-board__cards">
                {cards.map((task) => (
                  <li
                    key={task.id}
                    className="stw-board__card"
                    draggable={canEditRow(task)}
                    data-testid="board-card"
                    onDragStart={(event) => {
                      event.dataTransfer.setData(DRAG_TYPE, task.id);
                      event.dataTransfer.effectAllowed = 'move';
                    }}
                  >
                    <button
                      type="button"
                      className="stw-board__title"
                      aria-describedby="stw-board-help"
                      ref={(element) => {
                        if (element) cardButtons.current.set(task.id, element);
                        else cardButtons.current.delete(task.id);
                      }}
                      onClick={() => onOpen(task)}
                      onKeyDown={onKeyDown(task)}
                    >
                      {task.title}
                    </button>
                    <div className="stw-board__meta">
                      {task.status === 'Blocked' ? <span className="stw-board__blocked">{taskValueText(t, 'Blocked')}</span> : null}
                      <span>{taskValueText(t, task.priority)}</span>
                      {task.due_date ? <span>{t('tasks.due', { date: formatDate(task.due_date) })}</span> : null}
                      {task.assignee_name ? <span>{task.assignee_name}</span> : null}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <div aria-live="polite" role="status" className="stw-ops-live" data-testid="board-announcement">
        {announcement}
      </div>
    </div>
  );
}
