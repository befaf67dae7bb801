import type { FieldDef } from '@steward/libs/editor';
import { RECORD_STATUSES } from '@steward/libs/ui';

/** Status as a select of the record statuses (000 §3). */
export const STATUS_FIELD: FieldDef = { name: 'status', label: 'Status', type: 'select', options: RECORD_STATUSES.map((status) => ({ value: status, label: status })) };

/** An organisation user chosen as a record's owner (000 §7: public.user_profiles id, name by org_name). */
export function ownerField(name: 'primary_owner_id' | 'secondary_owner_id', label: string): FieldDef {
  return { name, label, relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name' } };
}

/** The record's logo, uploaded to organization-assets under the spec's file-name rule (000 §9). */
export const LOGO_FIELD: FieldDef = { name: 'image_link', label: 'Logo', type: 'upload', bucket: 'organization-assets' };
