import { callRpc } from '@steward/libs/data';
import { DATE } from '@steward/libs/i18n';
import { t, type LodgingMessageId } from '../i18n';

// What the dashboard's desk card needs, apart from the booking form's validation (zod) so the card's
// chunk stays small.

/** A stay's status, in the order of its flow (the database holds the same six and the moves between them). */
export const STAY_STATUSES = ['Tentative', 'Confirmed', 'Checked in', 'Checked out', 'Cancelled', 'No-show'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

export type DeskStay = {
  kind: 'arrival' | 'departure' | 'in_house';
  id: string;
  name: string;
  confirmation: string;
  status: StayStatus;
  accommodation_id: string | null;
  accommodation_name: string | null;
  check_in: string;
  check_out: string;
  adults: number;
  children: number;
  pets: number;
  contact_name: string | null;
  total_amount: number;
  balance_due: number;
  price_overridden: boolean;
  /** Who booked the stay: under Personal edit, only they move it. */
  created_by: string | null;
};

/** Arrivals, departures and in-house stays of a day (catalog.desk_day). */
export function fetchDeskDay(orgName: string, day: string): Promise<DeskStay[]> {
  return callRpc<DeskStay[]>('catalog', 'desk_day', { p_org_name: orgName, p_day: day });
}

/** '2 adults, 1 child' (pets when there are some), in the page's language. */
export function guestsLabel(adults: number, children: number, pets = 0): string {
  return [t('guests.adults', { count: adults }), children > 0 ? t('guests.children', { count: children }) : null, pets > 0 ? t('guests.pets', { count: pets }) : null]
    .filter(Boolean)
    .join(', ');
}

/** A stay's moment (check-in, check-out, a confirmation sent): day and time in the page's language. */
export const DAY_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: 'numeric', minute: '2-digit' };

/** Each status's words (the database keeps the English value). */
const STATUS_WORDS: Record<StayStatus, LodgingMessageId> = {
  Tentative: 'status.name.tentative',
  Confirmed: 'status.name.confirmed',
  'Checked in': 'status.name.checkedIn',
  'Checked out': 'status.name.checkedOut',
  Cancelled: 'status.name.cancelled',
  'No-show': 'status.name.noShow',
};

/** A stay's status as the page's language names it ("Checked in", "Registrada"); an unknown one as it is. */
export function statusLabel(status: string): string {
  const id = STATUS_WORDS[status as StayStatus];
  return id ? t(id) : status;
}

