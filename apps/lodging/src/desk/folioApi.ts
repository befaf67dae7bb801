import { getDatabase, orgScopeFor, toDataAccessError } from '@steward/libs/data';
import { t } from '../i18n';

export type FolioStay = {
  id: string;
  name: string;
  confirmation: string;
  status: string;
  org_name: string;
  accommodation_name: string | null;
  contact_name: string | null;
  check_in: string;
  check_out: string;
  nights: number | null;
  adults: number;
  children: number;
  pets: number;
  subtotal: number | null;
  fees_amount: number | null;
  tax_amount: number | null;
  total_amount: number | null;
  price_overridden: boolean;
};

export type Branding = { org_name: string; logo_url: string | null; primary_color: string | null };
export type Organization = { name: string; display_name: string | null; address_line_1: string | null; logo_url: string | null; city: string | null; state: string | null; zip: string | null; email: string | null; phone: string | null; currency: string };

/** A stay's folio: the stay and its amounts, the organisation's branding and address, and its currency (Org Data). */
export async function fetchFolio(id: string): Promise<{ stay: FolioStay; branding: Branding | null; organization: Organization | null; currency: string }> {
  const supabase = getDatabase();
  const stays = await supabase
    .schema('catalog')
    .from('reservations_view')
    .select('id,name,confirmation,status,org_name,accommodation_name,contact_name,check_in,check_out,nights,adults,children,pets')
    .eq('id', id)
    .maybeSingle();
  if (stays.error) throw toDataAccessError(stays.error);
  if (!stays.data) throw new Error(t('folio.notFound'));
  const base = stays.data as Omit<FolioStay, 'subtotal' | 'fees_amount' | 'tax_amount' | 'total_amount' | 'price_overridden'>;
  const [amounts, branding, organization] = await Promise.all([
    supabase.schema('catalog').from('reservations').select('subtotal,fees_amount,tax_amount,total_amount,price_overridden').eq('id', id).single(),
    supabase.schema('settings').from('org_branding').select('org_name,logo_url,primary_color').in('org_name', orgScopeFor(base.org_name)),
    supabase.from('organizations').select('name,display_name,address_line_1,logo_url,city,state,zip,email,phone,currency').eq('name', base.org_name).maybeSingle(),
  ]);
  if (amounts.error) throw toDataAccessError(amounts.error);
  const brandings = (branding.data ?? []) as Branding[];
  return {
    stay: { ...base, ...(amounts.data as Pick<FolioStay, 'subtotal' | 'fees_amount' | 'tax_amount' | 'total_amount' | 'price_overridden'>) },
    branding: brandings.find((row) => row.org_name === base.org_name) ?? brandings[0] ?? null,
    organization: (organization.data as Organization | null) ?? null,
    currency: (organization.data as Organization | null)?.currency ?? 'USD',
  };
}

