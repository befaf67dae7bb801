import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from '@steward/libs/router';
import { Alert, Button, Divider, Flex, Typography } from '@steward/libs/ui/antd';
import { Card, Form, Input } from '@steward/libs/ui/antd-data';
import { tableRef, useRecord, type AnyRow } from '@steward/libs/data';
import { FieldsForm, RecordEditorForm, useRecordEditor } from '@steward/libs/form';
import { ADDRESS_FIELDS, PrimaryMethodFields, useAddNewDialog } from '../addNew';
import { usePageTitle } from '@steward/libs/shell';
import { LoadingText } from '@steward/libs/ui';
import { usersView } from '../records/crmViews';
import { USER_SOURCE, missingUserMessage, userFormFields, userSaveError } from './userFormFields';
import { later } from '../i18n';

const { useT } = later;

const profiles = tableRef<AnyRow>('public', 'user_profiles');
/** The invite form returns here after saving; the route shows the users list. */
const RETURN_TO = '/user-management';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  usePageTitle(title);
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      <div>
        <Button onClick={() => void navigate(-1)}>{t('common.goBack')}</Button>
      </div>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}

function SourceField() {
  const t = useT();
  return (
    <Form.Item label={t('user.source')} htmlFor="user-source">
      <Input id="user-source" value={USER_SOURCE} readOnly aria-readonly="true" />
    </Form.Item>
  );
}

/** '/users/new': Invite New User — a Pending profile with its primary phone, e-mail and address, in one write. */
export function InviteUserPage() {
  const t = useT();
  const navigate = useNavigate();
  const fields = useMemo(() => userFormFields('invite'), []);
  const dialog = useAddNewDialog<AnyRow>({
    table: profiles,
    fields,
    entityLabel: t('user.profileEntity'),
    failureNoun: t('user.profileNoun'),
    ownerColumn: 'user_id',
    // The address is written only if one of its fields is filled.
    secondary: { phone: true, email: true, address: true },
    missingContextMessage: missingUserMessage(),
    onCreated: () => void navigate(RETURN_TO),
  });
  const { show } = dialog;
  useEffect(() => show(), [show]);
  return (
    <Frame title={t('user.inviteTitle')}>
      <Card>
        {dialog.alert ? <Alert type="error" showIcon title={dialog.alert} style={{ marginBottom: 12 }} /> : null}
        <FieldsForm form={dialog.form} idPrefix="user" disabled={dialog.busy}>
          <SourceField />
          <PrimaryMethodFields dialog={dialog} idPrefix="user" />
          <Divider titlePlacement="start" plain>
            {t('addNew.address')}
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
            {dialog.busy ? t('common.saving') : t('common.save')}
          </Button>
        </FieldsForm>
      </Card>
    </Frame>
  );
}

/** '/user/{short_id}/edit': Edit User — only changed fields are sent; a newer change elsewhere is refused. */
export function EditUserPage() {
  const t = useT();
  const navigate = useNavigate();
  const { short_id: shortId = '' } = useParams();
  const record = useRecord(usersView, { short_id: shortId });
  const status = typeof record.data?.status === 'string' ? record.data.status : null;
  const fields = useMemo(() => userFormFields('edit', status), [status]);
  const editor = useRecordEditor({ table: profiles, fields, label: t('user.editorLabel'), onSaved: () => void navigate(RETURN_TO), describeSaveError: userSaveError });
  const id = record.data?.id ?? null;
  const { openEdit } = editor;
  useEffect(() => {
    if (id) openEdit(id);
  }, [id, openEdit]);
  if (record.isLoading) return <Typography.Text><LoadingText /></Typography.Text>;
  if (!record.data) return <Frame title={t('user.editTitle')}>{t('user.notFound')}</Frame>;
  const { children, ...saveProps } = editor.saveButtonProps;
  return (
    <Frame title={t('user.editTitle')}>
      <Card>
        <RecordEditorForm editor={editor} idPrefix="user" />
        <Form layout="vertical" component="div">
          <SourceField />
        </Form>
        {editor.viewOnly ? null : <Button {...saveProps}>{children}</Button>}
      </Card>
    </Frame>
  );
}
