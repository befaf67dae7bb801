import { loadSupabase } from '@steward/libs/boot';
import { toDataAccessError } from '@steward/libs/data';

export type Unsubscribed = { org_name: string; email: string };

/**
 * The unsubscribe link of a mail to many (`<site>/unsubscribe/<token>`): the database puts the address
 * on the organisation's suppression list, once per link; every later send honours it. No session.
 */
export async function mailUnsubscribe(token: string): Promise<Unsubscribed> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('mail_unsubscribe', { p_token: token });
  if (error) throw toDataAccessError(error);
  return data as Unsubscribed;
}
