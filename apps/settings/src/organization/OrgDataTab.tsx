import { useEffect } from 'react';
import { Alert, Button, Typography } from '@steward/libs/antd';
import { errorMessage, tableRef, useRecord, type AnyRow } from '@steward/libs/data-access';
import { RecordEditorForm, useRecordEditor, type FieldDef } from '@steward/libs/editor';
import { toast } from '@steward/libs/ui';

const organizations = tableRef<AnyRow>('public', 'organizations');

export const ORG_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Organization name', readOnly: true },
  { name: 'display_name', label: 'Display name' },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'type', label: 'Type' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone' },
  { name: 'address_line_1', label: 'Address line 1' },
  { name: 'address_line_2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'ZIP' },
  { name: 'country', label: 'Country' },
];

/** Org Data (001 §2): the organisation's own fields; a load error in red. */
export function OrgDataTab({ orgName }: { orgName: string }) {
  const org = useRecord(organizations, { name: orgName });
  const editor = useRecordEditor({ table: organizations, fields: ORG_FIELDS, label: 'Organization', onSaved: () => toast({ title: 'Organization saved' }) });
  const id = typeof org.data?.id === 'string' ? org.data.id : null;
  const { open, openEdit } = editor;
  useEffect(() => {
    if (id && !open) openEdit(id);
  }, [id, open, openEdit]);
  if (org.error) return <Typography.Text type="danger">{errorMessage(org.error, 'Unknown error')}</Typography.Text>;
  if (org.isLoading || !open) return <Typography.Text>Loading…</Typography.Text>;
  if (!id) return <Alert type="warning" showIcon title="This organization could not be found." />;
  const { children, ...saveProps } = editor.saveButtonProps;
  return (
    <div style={{ maxWidth: 720 }}>
      <RecordEditorForm editor={editor} idPrefix="org-data" />
      <Button {...saveProps}>{children}</Button>
    </div>
  );
}
