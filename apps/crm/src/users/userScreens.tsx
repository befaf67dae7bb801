import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Flex, Typography } from '@steward/libs/antd';
import { errorMessage, isSystemDefaultRow, tableRef, useRecord, type AnyRow } from '@steward/libs/data-access';
import { InlineEditor, RecordEditorForm, useRecordEditor, type FieldDef } from '@steward/libs/editor';
import { usePageTitle } from '@steward/libs/federation';
import { ListPage, addressColumn, contactMethodsColumn, nameColumn, statusColumn, textColumn, useListPage, type ListColumn } from '@steward/libs/list';
import { StatusPill, formatAddress } from '@steward/libs/ui';

const profiles = tableRef<AnyRow>('public', 'user_profiles');
const profilesView = tableRef<AnyRow>('public', 'user_profiles_view');

export const USERS_PATH = '/users';
const userPath = (shortId: unknown) => `/user/${String(shortId)}`;

/** Users list (000 §2): Name with the title beneath, Role Name, Contact Methods, Address, Status. */
export const userColumns: readonly ListColumn<AnyRow>[] = [
  nameColumn({ href: (row) => userPath(row.short_id), beneath: (row) => (row.title ? String(row.title) : null) }),
  textColumn('role_name', 'Role Name'),
  contactMethodsColumn(),
  addressColumn(),
  statusColumn(),
];

/** A profile's statuses: Active, Inactive, Pending (app.user_status), plus whatever value the row holds. */
export function userStatusOptions(current?: unknown) {
  const statuses = ['Active', 'Inactive', 'Pending'];
  if (typeof current === 'string' && current && !statuses.includes(current)) statuses.push(current);
  return statuses.map((status) => ({ value: status, label: status }));
}

/** The invite/edit form (001 §2): e-mail as an e-mail input, source fixed to 'invited' and read-only. */
export function userFields(current?: AnyRow | null): FieldDef[] {
  return [
    { name: 'name', label: 'Name', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'title', label: 'Title' },
    { name: 'phone', label: 'Phone' },
    { name: 'role_id', label: 'Role', relation: { schema: 'public', table: 'user_roles', valueField: 'id', labelField: 'role_name', orgScoped: true } },
    { name: 'status', label: 'Status', type: 'select', options: userStatusOptions(current?.status), required: true },
    { name: 'source', label: 'Source', readOnly: true },
  ];
}

export function UsersPage() {
  const [searchParams] = useSearchParams();
  const shortId = searchParams.get('short_id');
  const navigate = useNavigate();
  const list = useListPage<AnyRow>({
    title: 'Org Users',
    columns: userColumns,
    source: { kind: 'table', table: profilesView, orgScoped: true, excludeArchived: true },
    defaultSort: [{ field: 'name', order: 'asc' }],
    shortId: shortId ?? null,
  });
  return <ListPage list={list} addNew={{ onClick: () => navigate('/users/new'), children: 'Add New' }} />;
}

/** '/users/new' (Invite New User): a Pending, invited profile that Apply for Access later activates. */
export function InviteUserPage() {
  const navigate = useNavigate();
  const fields = useMemo(() => userFields(), []);
  const editor = useRecordEditor({ table: profiles, fields, label: 'User', onSaved: () => navigate('/user-management') });
  const { open, openCreate } = editor;
  useEffect(() => {
    openCreate({ status: 'Pending', source: 'invited' });
  }, [openCreate]);
  const { children, ...saveProps } = editor.saveButtonProps;
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      <div>
        <Button onClick={() => navigate(-1)}>← Go Back</Button>
      </div>
      <Card title="Invite New User">
        {open ? <RecordEditorForm editor={editor} idPrefix="invite-user" /> : null}
        <Button {...saveProps}>{children}</Button>
      </Card>
    </Flex>
  );
}

/** '/user/{short_id}': the profile with its role, contact methods and address; Edit User inline. */
export function UserProfilePage() {
  const { short_id: shortId = '' } = useParams();
  const record = useRecord(profilesView, { short_id: shortId });
  const row = record.data ?? null;
  const status = row?.status;
  const fields = useMemo(() => userFields({ status }), [status]);
  const editor = useRecordEditor({ table: profiles, fields, label: 'User' });
  usePageTitle(row ? `User: ${String(row.name)}` : null);
  if (record.isLoading) return <Typography.Text>Loading…</Typography.Text>;
  if (record.error) return <Alert type="error" showIcon title={errorMessage(record.error, 'Unknown error')} />;
  if (!row)
    return (
      <Flex vertical gap={12}>
        <Link to={USERS_PATH}>Go back</Link>
        <Typography.Text>User not found.</Typography.Text>
      </Flex>
    );
  const address = formatAddress(row);
  return (
    <Flex vertical gap={12}>
      <Link to={USERS_PATH}>Go back</Link>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {String(row.name)}
          </Typography.Title>
          {row.title ? <Typography.Text type="secondary">{String(row.title)}</Typography.Text> : null}
          <Flex gap={8} align="center">
            {row.role_name ? <Typography.Text>{String(row.role_name)}</Typography.Text> : null}
            <StatusPill status={typeof row.status === 'string' ? row.status : null} />
          </Flex>
          <Flex gap={12} wrap>
            {row.primary_phone ? <a href={`tel:${String(row.primary_phone).replace(/[^\d+]/g, '')}`}>{String(row.primary_phone)}</a> : null}
            {row.primary_email ? <a href={`mailto:${String(row.primary_email)}`}>{String(row.primary_email)}</a> : null}
          </Flex>
          {address ? <Typography.Text>{address}</Typography.Text> : null}
        </Flex>
        {isSystemDefaultRow(row) ? null : (
          <Button aria-pressed={editor.open} onClick={() => (editor.open ? editor.close() : editor.openEdit(String(row.id)))}>
            {editor.open ? 'Close editor' : 'Edit User'}
          </Button>
        )}
      </Flex>
      <InlineEditor editor={editor} />
    </Flex>
  );
}
