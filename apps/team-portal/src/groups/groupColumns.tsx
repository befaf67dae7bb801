import type { AnyRow } from '@steward/libs/data';
import { nameColumn, textColumn, type ListColumn } from '@steward/libs/list';
import type { TeamPortalT } from '../i18n';

/** Groups: Name, Positions, Active Assignments, Active Members. */
export const groupColumns = (t: TeamPortalT): readonly ListColumn<AnyRow>[] => [
  nameColumn({ title: t('field.name') }),
  textColumn('position_count', t('groups.column.positions'), { filterable: 'number' }),
  textColumn('active_assignment_count', t('column.activeAssignments'), { filterable: 'number' }),
  textColumn('active_member_count', t('groups.column.activeMembers'), { filterable: 'number' }),
];
