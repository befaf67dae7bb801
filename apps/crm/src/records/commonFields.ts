import type { FieldDef, FieldSection } from '@steward/libs/form';
import { RECORD_STATUS_OPTIONS } from '@steward/libs/ui';
import { later, type CrmMessageId } from '../i18n';

const { localized } = later;

/** A field whose label reads in the page's current language. */
export const field = (name: string, label: CrmMessageId, rest: Omit<FieldDef, 'name' | 'label'> = {}): FieldDef => localized({ name, label: '', ...rest }, { label });

/** A titled section of an editor, its title in the page's current language. */
export const section = (title: CrmMessageId, fields: readonly FieldDef[]): FieldSection => localized({ title: '', fields }, { title });

export const STATUS_FIELD: FieldDef = field('status', 'field.status', { type: 'select', options: [...RECORD_STATUS_OPTIONS] });

const owner = (name: string, label: CrmMessageId): FieldDef => field(name, label, { relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name' } });

/** Primary and secondary owner: profiles of the organisation. */
export const PRIMARY_OWNER_FIELD: FieldDef = owner('primary_owner_id', 'field.primaryOwner');
export const OWNER_FIELDS: readonly FieldDef[] = [PRIMARY_OWNER_FIELD, owner('secondary_owner_id', 'field.secondaryOwner')];

/** The logo: uploaded to organization-assets under '{org}-{file}'. */
export const LOGO_FIELD: FieldDef = field('image_link', 'field.logo', { type: 'upload', bucket: 'organization-assets' });

/**
 * The fields of every section, in order (what libs/form's sectionFields gives). Written here because the
 * lists import the field definitions: a value taken from '@steward/libs/form' makes a list's first view
 * load the whole form layer (a shared library is loaded whole) before its first row.
 */
export function fieldsOfSections(sections: readonly FieldSection[]): FieldDef[] {
  return sections.flatMap((group) => [...group.fields]);
}
