import { getDatabase, loadSupabase, tableRef, updateWhere, uploadOrgAsset, upsertRecord, type AnyRow } from '@steward/libs/data';
import { t } from '../i18n';
import { trimmedOrNull, type TextField } from '../textFields';

export const ORG_DATA_FIELDS = [
  { name: 'display_name', label: 'common.displayName' },
  { name: 'description', label: 'common.description' },
  { name: 'email', label: 'common.email' },
  { name: 'phone', label: 'common.phone' },
  { name: 'website', label: 'org.field.website' },
  { name: 'address_line_1', label: 'org.field.addressLine1' },
  { name: 'address_line_2', label: 'org.field.addressLine2' },
  { name: 'city', label: 'org.field.city' },
  { name: 'state', label: 'org.field.state' },
  { name: 'zip', label: 'org.field.zip' },
  { name: 'country', label: 'org.field.country' },
  { name: 'timezone', label: 'common.timezone' },
  { name: 'language', label: 'common.language' },
] as const satisfies readonly TextField<string>[];

export type OrgDataField = (typeof ORG_DATA_FIELDS)[number]['name'];
export type OrgData = { name: string } & Partial<Record<OrgDataField, string | null>>;

export const BRANDING_COLOR_FIELDS = [
  { name: 'primary_color', label: 'branding.field.primaryColor' },
  { name: 'secondary_color', label: 'branding.field.secondaryColor' },
  { name: 'accent_color', label: 'branding.field.accentColor' },
  { name: 'background_color', label: 'branding.field.backgroundColor' },
  { name: 'card_color', label: 'branding.field.cardColor' },
  { name: 'border_color', label: 'branding.field.borderColor' },
  { name: 'button_color', label: 'branding.field.buttonColor' },
  { name: 'button_text_color', label: 'branding.field.buttonTextColor' },
  { name: 'text_color', label: 'branding.field.textColor' },
  { name: 'link_color', label: 'branding.field.linkColor' },
] as const satisfies readonly TextField<string>[];

export const BRANDING_TEXT_FIELDS = [
  { name: 'font_family', label: 'branding.field.fontFamily' },
  { name: 'header_font', label: 'branding.field.headerFont' },
  { name: 'paragraph_font', label: 'branding.field.paragraphFont' },
] as const satisfies readonly TextField<string>[];

type BrandingField = (typeof BRANDING_COLOR_FIELDS)[number]['name'] | (typeof BRANDING_TEXT_FIELDS)[number]['name'] | 'logo_url' | 'custom_css';
export type BrandingValues = Partial<Record<BrandingField, string | null>>;

export type OrgComponent = { id: string; name: string; display_name: string; description: string | null; component_type: string; enabled: boolean };

/** settings.org_branding, whose query-key prefix the shell's branding query shares (apps/shell/src/branding/fetchBranding.ts). */
export const ORG_BRANDING = { schema: 'settings', table: 'org_branding' } as const;
export const ORGANIZATIONS = tableRef<AnyRow>('public', 'organizations');
export const ORG_COMPONENTS = tableRef<AnyRow>('settings', 'org_components');
const ORG_BRANDING_TABLE = tableRef<AnyRow>(ORG_BRANDING.schema, ORG_BRANDING.table);

function fail(error: { message: string } | null): void {
  if (error) throw new Error(error.message);
}

export async function fetchOrgData(orgName: string): Promise<OrgData> {
  const columns = ['name', ...ORG_DATA_FIELDS.map((field) => field.name)].join(', ');
  const { data, error } = await getDatabase().from('organizations').select(columns).eq('name', orgName).single();
  fail(error);
  return data as unknown as OrgData;
}

export async function saveOrgData(orgName: string, values: Partial<Record<OrgDataField, string | null>>): Promise<void> {
  const changed = await updateWhere(getDatabase(), ORGANIZATIONS, { name: orgName }, values);
  if (changed.length === 0) throw new Error(t('org.noPermission'));
}

/** The organisation's branding row; no row yet (PGRST116) is not an error. */
export async function fetchOrgBranding(orgName: string): Promise<BrandingValues> {
  const { data, error } = await getDatabase().schema('settings').from('org_branding').select('*').eq('org_name', orgName).single();
  if (error && error.code === 'PGRST116') return {};
  fail(error);
  return data as BrandingValues;
}

/** Upsert on org_name. Empty values are stored as null, so the defaults apply. */
export async function saveOrgBranding(orgName: string, values: BrandingValues): Promise<void> {
  const row: Record<string, string | null> = { org_name: orgName };
  for (const [key, value] of Object.entries(values)) row[key] = trimmedOrNull(value);
  await upsertRecord(getDatabase(), ORG_BRANDING_TABLE, row, 'org_name');
}

/** Uploads the logo to organization-assets under the spec's file-name rule and returns its public URL. */
export async function uploadLogo(orgName: string, file: File): Promise<string> {
  const { publicUrl } = await uploadOrgAsset(await loadSupabase(), orgName, { name: file.name, type: file.type, body: file });
  return publicUrl;
}

/** Every platform component with whether it is enabled for the organisation. */
export async function fetchOrgComponents(orgName: string): Promise<OrgComponent[]> {
  const supabase = getDatabase().schema('settings');
  const [components, enabled] = await Promise.all([
    supabase.from('components').select('id, name, display_name, description, component_type').order('display_name'),
    supabase.from('org_components').select('component_id, enabled').eq('org_name', orgName),
  ]);
  fail(components.error);
  fail(enabled.error);
  const byId = new Map((enabled.data ?? []).map((row: { component_id: string; enabled: boolean }) => [row.component_id, row.enabled]));
  return ((components.data ?? []) as Array<Omit<OrgComponent, 'enabled'>>).map((component) => ({ ...component, enabled: byId.get(component.id) ?? false }));
}

/** Switches one component for the organisation (the database refuses it without settings rights). */
export async function setOrgComponent(orgName: string, componentId: string, enabled: boolean): Promise<void> {
  const row = await upsertRecord(getDatabase(), ORG_COMPONENTS, { org_name: orgName, component_id: componentId, enabled }, 'org_name,component_id');
  if (!row) throw new Error(t('components.noPermission'));
}
