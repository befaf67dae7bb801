import type { FieldDef, FieldSection } from '@steward/libs/form';
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

/**
 * The fields of every section, in order (what libs/form's sectionFields gives). Written here because the
 * lists import the field definitions: a value taken from '@steward/libs/form' makes a list's first view
 * load the whole form layer (a shared library is loaded whole) before its first row.
 */
export function fieldsOfSections(sections: readonly FieldSection[]): FieldDef[] {
  return sections.flatMap((section) => [...section.fields]);
}
