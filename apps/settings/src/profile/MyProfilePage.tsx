import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Flex, Typography } from '@steward/libs/antd';
import { errorMessage, tableRef, useRecord, type AnyRow } from '@steward/libs/data-access';
import { RecordEditorForm, useRecordEditor, type FieldDef } from '@steward/libs/editor';
import { useSession } from '@steward/libs/session';
import { toast } from '@steward/libs/ui';

const profiles = tableRef<AnyRow>('public', 'user_profiles');

export const MY_PROFILE_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'display_name', label: 'Display name' },
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'email', label: 'Email', readOnly: true },
  { name: 'title', label: 'Title' },
  { name: 'phone', label: 'Phone' },
  { name: 'timezone', label: 'Time zone', placeholder: 'America/New_York' },
  { name: 'language', label: 'Language', placeholder: 'en' },
];

/** /acctsettings and /usersettings (001 §2): the signed-in user's own profile, read and saved by auth_user_id. */
export function MyProfilePage() {
  const { user, orgName, reload } = useSession();
  const profile = useRecord(profiles, user && orgName ? { auth_user_id: user.id, org_name: orgName } : null);
  const editor = useRecordEditor({
    table: profiles,
    fields: MY_PROFILE_FIELDS,
    label: 'Profile',
    onSaved: () => {
      toast({ title: 'Profile saved' });
      reload();
    },
  });
  const id = typeof profile.data?.id === 'string' ? profile.data.id : null;
  const { open, openEdit } = editor;
  // The form is always open: after a save it opens again on the saved row.
  useEffect(() => {
    if (id && !open) openEdit(id);
  }, [id, open, openEdit]);
  const { children, ...saveProps } = editor.saveButtonProps;
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      <Link to="/settings">← Go back</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        My profile
      </Typography.Title>
      {profile.error ? <Alert type="error" showIcon title={errorMessage(profile.error, 'Unknown error')} /> : null}
      {profile.isLoading ? <Typography.Text>Loading…</Typography.Text> : null}
      {!profile.isLoading && !profile.error && !id ? <Typography.Text>No profile found for this organisation.</Typography.Text> : null}
      {id && editor.open ? (
        <Card>
          <RecordEditorForm editor={editor} idPrefix="my-profile" />
          <Button {...saveProps}>{children}</Button>
        </Card>
      ) : null}
    </Flex>
  );
}
