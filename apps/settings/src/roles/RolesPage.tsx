import { Link } from '@steward/libs/router';
import { Flex, Typography } from '@steward/libs/ui/antd';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { ListPage, textColumn, useListPage, type ListColumn } from '@steward/libs/list';

const roles = tableRef<AnyRow>('public', 'user_roles');

const roleColumns: readonly ListColumn<AnyRow>[] = [
  {
    key: 'role_name',
    title: 'Role',
    field: 'role_name',
    sortable: true,
    filterable: true,
    render: (row) => <Link to={`/settings/roles/${String(row.id)}`}>{String(row.role_name)}</Link>,
  },
  textColumn('description', 'Description'),
];

/** /settings/roles: the organisation's roles; each opens User Role Management. */
export function RolesPage() {
  const list = useListPage<AnyRow>({
    title: 'Roles',
    columns: roleColumns,
    source: { kind: 'table', table: roles, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'role_name', order: 'asc' }],
    // Archived roles leave the list for its Archived view (Restore; delete for good one no user holds).
    lifecycle: { table: roles, noun: { one: 'role', many: 'roles' }, canDelete: true, label: (row) => String(row.role_name ?? 'role') },
  });
  return (
    <Flex vertical gap={12}>
      <Link to="/settings">← Go back</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Roles
      </Typography.Title>
      <ListPage list={list} />
    </Flex>
  );
}
