import type { AnyRow } from '@steward/libs/data';
import { nameColumn, textColumn, type ListColumn } from '@steward/libs/list';

/** Groups: Name, Positions, Active Assignments, Active Members. */
export const groupColumns: readonly ListColumn<AnyRow>[] = [
  nameColumn({}),
  textColumn('position_count', 'Positions', { filterable: 'number' }),
  textColumn('active_assignment_count', 'Active Assignments', { filterable: 'number' }),
  textColumn('active_member_count', 'Active Members', { filterable: 'number' }),
];
