import type { AnyRow } from '@steward/libs/data';
import { dateColumn, nameColumn, textColumn, type ListColumn } from '@steward/libs/list';
import type { TeamPortalT } from '../i18n';

/** Positions: Name, Group, Active Assignments, Created By/At, Last Modified By/At. */
export const positionColumns = (t: TeamPortalT): readonly ListColumn<AnyRow>[] => [
  nameColumn({ title: t('field.name'), href: (row) => `/Position/${String(row.id)}` }),
  textColumn('group_name', t('field.group')),
  textColumn('active_assignment_count', t('column.activeAssignments'), { filterable: 'number' }),
  textColumn('created_by_name', t('positions.column.createdBy')),
  dateColumn('created_at', t('positions.column.createdAt')),
  textColumn('last_modified_by_name', t('positions.column.lastModifiedBy')),
  dateColumn('last_modified_at', t('positions.column.lastModifiedAt')),
];
