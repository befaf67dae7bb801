import type { AnyRow } from '@steward/libs/data-access';
import { statusColumn, textColumn, type ListColumn } from '@steward/libs/list';

export type Subtask = { id: string; title: string; status: string };

export const NO_SUBTASKS = 'No subtasks';

const subtasksOf = (row: AnyRow): Subtask[] => (Array.isArray(row.subtasks) ? (row.subtasks as Subtask[]) : []);

/** Each subtask as its title with its status, or 'No subtasks' (001 §2). */
export function subtasksText(row: AnyRow): string {
  const subtasks = subtasksOf(row);
  return subtasks.length === 0 ? NO_SUBTASKS : subtasks.map((subtask) => `${subtask.title} (${subtask.status})`).join('; ');
}

/** Tasks (001 §2): Title, Description, Status, Subtasks. */
export const taskColumns: readonly ListColumn<AnyRow>[] = [
  textColumn('title', 'Title'),
  textColumn('description', 'Description'),
  statusColumn(),
  {
    key: 'subtasks',
    title: 'Subtasks',
    render: (row) => {
      const subtasks = subtasksOf(row);
      if (subtasks.length === 0) return NO_SUBTASKS;
      return (
        <ul style={{ margin: 0, paddingInlineStart: 16 }}>
          {subtasks.map((subtask) => (
            <li key={subtask.id}>
              {subtask.title} <span>({subtask.status})</span>
            </li>
          ))}
        </ul>
      );
    },
    exportValue: subtasksText,
  },
];
