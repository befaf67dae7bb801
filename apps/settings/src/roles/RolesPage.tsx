import { Link } from '@steward/libs/router';
import { Flex, Typography } from '@steward/libs/ui/antd';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { ListPage, textColumn, useListPage, type ListColumn } from '@steward/libs/list';
import { useMemo } from 'react';
import { useT, type SettingsT } from '../i18n';

const roles = tableRef<AnyRow>('public', 'user_roles');

const roleColumns = (t: SettingsT): readonly ListColumn<AnyRow>[] => [
  {
    key: 'role_name',
    title: t('roles.role'),
    field: 'role_name',
    sortable: true,
    filterable: true,
    render: (row) => <Link to={`/settings/roles/${String(row.id)}`}>{String(row.role_name)}</Link>,
  },
  textColumn('description', t('common.description')),
];

/** /settings/roles: the organisation's roles; each opens User Role Management. */
export function RolesPage() {
  const t = useT();
  const columns = useMemo(() => roleColumns(t), [t]);
  const list = useListPage<AnyRow>({
    title: t('roles.title'),
    columns,
    source: { kind: 'table', table: roles, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'role_name', order: 'asc' }],
    // Archived roles leave the list for its Archived view (Restore; delete for good one no user holds).
    lifecycle: { table: roles, noun: { one: t('roles.noun.one'), many: t('roles.noun.many') }, canDelete: true, label: (row) => String(row.role_name ?? t('roles.noun.one')) },
  });
  return (
    <Flex vertical gap={12}>
      <Link to="/settings">{t('roles.goBack')}</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('roles.title')}
      </Typography.Title>
      <ListPage list={list} />
    </Flex>
  );
}
