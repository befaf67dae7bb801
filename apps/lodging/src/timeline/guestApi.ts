import { getDatabase } from '@steward/libs/data';

/** A stay's guest: their name and primary e-mail (what the composer is addressed to). */
export async function fetchGuest(contactId: string): Promise<{ name: string; email: string | null } | null> {
  const { data, error } = await getDatabase().schema('crm').from('contacts_view').select('name, primary_email').eq('id', contactId).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? { name: String(data.name ?? ''), email: (data.primary_email as string | null) ?? null } : null;
}
