import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from '@steward/libs/router';
import { Alert, Button, Card, Divider, Flex, Typography } from '@steward/libs/antd';
import { Form, Input } from '@steward/libs/antd-data';
import { tableRef, useRecord, type AnyRow } from '@steward/libs/data-access';
import { FieldInput, RecordEditorForm, useRecordEditor, visibleFields } from '@steward/libs/editor';
import { ADDRESS_FIELDS, PrimaryMethodFields, useAddNewDialog } from '../addNew';
import { usePageTitle } from '@steward/libs/federation';
import { LOADING_TEXT } from '@steward/libs/list';
import { usersView } from '../records/crmViews';
import { MISSING_USER_MESSAGE, USER_SOURCE, userFormFields } from './userFormFields';

const profiles = tableRef<AnyRow>('public', 'user_profiles');
/** The invite form returns here after saving (001 §2); the route shows the users list. */
const RETURN_TO = '/user-management';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  usePageTitle(title);
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      <div>
        <Button onClick={() => void navigate(-1)}>← Go Back</Button>
      </div>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}

const SourceField = () => (
  <Form.Item label="Source" htmlFor="user-source">
    <Input id="user-source" value={USER_SOURCE} readOnly aria-readonly="true" />
  </Form.Item>
);

/** '/users/new': Invite New User — a Pending profile plus its primary phone and e-mail. */
export function InviteUserPage() {
  const navigate = useNavigate();
  const fields = useMemo(() => userFormFields('invite'), []);
  const [created, setCreated] = useState(false);
  const dialog = useAddNewDialog<AnyRow>({
    table: profiles,
    fields,
    entityLabel: 'Profile',
    failureNoun: 'user profile',
    ownerColumn: 'user_id',
    // 001 §5: the address row is written only if one of its fields is filled (useAddNewDialog).
    secondary: { phone: true, email: true, address: true },
    missingContextMessage: MISSING_USER_MESSAGE,
    onCreated: () => setCreated(true),
  });
  const { show } = dialog;
  useEffect(() => show(), [show]);
  useEffect(() => {
    if (created && dialog.warnings.length === 0 && !dialog.busy) void navigate(RETURN_TO);
  }, [created, dialog.busy, dialog.warnings.length, navigate]);
  const done = dialog.warnings.length > 0;
  return (
    <Frame title="Invite New User">
      <Card>
        {dialog.alert ? <Alert type="error" showIcon title={dialog.alert} style={{ marginBottom: 12 }} /> : null}
        {done ? (
          <Flex vertical gap={8}>
            {dialog.warnings.map((warning) => (
              <Alert key={warning} type="warning" showIcon title={warning} />
            ))}
            <div>
              <Button type="primary" onClick={() => void navigate(RETURN_TO)}>
                Continue
              </Button>
            </div>
          </Flex>
        ) : (
          <Form layout="vertical" component="div">
            {visibleFields(fields).map((field) => {
              const id = `user-${field.name}`;
              const error = dialog.errors[field.name];
              return (
                <Form.Item key={field.name} label={field.label} htmlFor={id} required={Boolean(field.required)} validateStatus={error ? 'error' : undefined} help={error}>
                  <FieldInput id={id} field={field} value={dialog.values[field.name] ?? ''} onChange={(value) => dialog.setValue(field.name, value)} disabled={dialog.busy} invalid={Boolean(error)} />
                </Form.Item>
              );
            })}
            <SourceField />
            <PrimaryMethodFields dialog={dialog} idPrefix="user" />
            <Divider titlePlacement="start" plain>
              Address
            </Divider>
            {ADDRESS_FIELDS.map((field) => (
              <Form.Item key={field.name} label={field.label} htmlFor={`user-${field.name}`}>
                <Input
                  id={`user-${field.name}`}
                  value={dialog.extra.address[field.name] ?? ''}
                  onChange={(event) => dialog.setSecondary({ address: { ...dialog.extra.address, [field.name]: event.target.value } })}
                  disabled={dialog.busy}
                />
              </Form.Item>
            ))}
            <Button type="primary" loading={dialog.busy} onClick={() => void dialog.submit()}>
              {dialog.busy ? 'Saving…' : 'Save'}
            </Button>
          </Form>
        )}
      </Card>
    </Frame>
  );
}

/** '/user/{short_id}/edit': Edit User — only changed fields are sent; a newer change elsewhere is refused. */
export function EditUserPage() {
  const navigate = useNavigate();
  const { short_id: shortId = '' } = useParams();
  const record = useRecord(usersView, { short_id: shortId });
  const status = typeof record.data?.status === 'string' ? record.data.status : null;
  const fields = useMemo(() => userFormFields('edit', status), [status]);
  const editor = useRecordEditor({ table: profiles, fields, label: 'User', onSaved: () => void navigate(RETURN_TO) });
  const id = record.data?.id ?? null;
  const { openEdit } = editor;
  useEffect(() => {
    if (id) openEdit(id);
  }, [id, openEdit]);
  if (record.isLoading) return <Typography.Text>{LOADING_TEXT}</Typography.Text>;
  if (!record.data) return <Frame title="Edit User">User not found.</Frame>;
  const { children, ...saveProps } = editor.saveButtonProps;
  return (
    <Frame title="Edit User">
      <Card>
        <RecordEditorForm editor={editor} idPrefix="user" />
        <Form layout="vertical" component="div">
          <SourceField />
        </Form>
        <Button {...saveProps}>{children}</Button>
      </Card>
    </Frame>
  );
}
