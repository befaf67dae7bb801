import type { FieldDef } from '@steward/libs/form';
import { RECORD_STATUSES } from '@steward/libs/ui';

export const STATUS_FIELD: FieldDef = { name: 'status', label: 'Status', type: 'select', options: RECORD_STATUSES.map((status) => ({ value: status, label: status })) };

const owner = (name: string, label: string): FieldDef => ({
  name,
  label,
  relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name' },
});

/** Primary and secondary owner: profiles of the organisation. */
export const PRIMARY_OWNER_FIELD: FieldDef = owner('primary_owner_id', 'Primary Owner');
export const OWNER_FIELDS: readonly FieldDef[] = [PRIMARY_OWNER_FIELD, owner('secondary_owner_id', 'Secondary Owner')];

/** The logo: uploaded to organization-assets under '{org}-{file}'. */
export const LOGO_FIELD: FieldDef = { name: 'image_link', label: 'Logo', type: 'upload', bucket: 'organization-assets' };
