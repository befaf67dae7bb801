import type { AnyRow } from '@steward/libs/data';
import { dateColumn, nameColumn, textColumn, type ListColumn } from '@steward/libs/list';

/** Positions: Name, Group, Active Assignments, Created By/At, Last Modified By/At. */
export const positionColumns: readonly ListColumn<AnyRow>[] = [
  nameColumn({ href: (row) => `/Position/${String(row.id)}` }),
  textColumn('group_name', 'Group'),
  textColumn('active_assignment_count', 'Active Assignments', { filterable: 'number' }),
  textColumn('created_by_name', 'Created By'),
  dateColumn('created_at', 'Created At'),
  textColumn('last_modified_by_name', 'Last Modified By'),
  dateColumn('last_modified_at', 'Last Modified At'),
];
