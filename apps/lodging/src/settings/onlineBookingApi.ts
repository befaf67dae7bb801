import { getDatabase, toDataAccessError } from '@steward/libs/data';

export type BookingSettings = { deposit_percent: number; deposit_method: 'on_arrival' | 'bank_transfer' | 'card_link'; bank_details: string | null; booking_hold_hours: number; booking_cancel_days: number };
export type BookingClass = { id: string; name: string | null; booking_instant: boolean };
export type CardKeys = { id: string; name: string; is_active: boolean; api_secret_set: boolean; webhook_secret_set: boolean };

/** The organisation's online booking rules, its classes' instant setting and its Stripe integrations (card payment keys). */
export async function fetchOnlineBooking(orgName: string) {
  const db = getDatabase();
  const [settings, classes, keys] = await Promise.all([
    db.schema('catalog').from('lodging_settings').select('deposit_percent,deposit_method,bank_details,booking_hold_hours,booking_cancel_days').eq('org_name', orgName).maybeSingle(),
    db.schema('catalog').from('accommodation_classes').select('id,name,booking_instant').eq('org_name', orgName).not('archive', 'is', true).order('name'),
    // Integrations are read with Settings rights only; without them the card state is not known here.
    db.schema('settings').from('integrations').select('id,name,is_active,api_secret_set,webhook_secret_set').eq('org_name', orgName).eq('type', 'stripe').not('archive', 'is', true),
  ]);
  if (settings.error) throw toDataAccessError(settings.error);
  if (classes.error) throw toDataAccessError(classes.error);
  return { settings: settings.data as BookingSettings | null, classes: (classes.data ?? []) as BookingClass[], keys: keys.error ? null : ((keys.data ?? []) as CardKeys[]) };
}
