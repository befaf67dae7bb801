import { callRpc } from '@steward/libs/data';

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

/** Money as the desk shows it: two decimals and the currency code. */
export function money(value: number | string | null | undefined, currency = 'USD'): string {
  const amount = Number(value ?? 0);
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/** '2 adults, 1 child' (pets when there are some). */
export function guestsLabel(adults: number, children: number, pets = 0): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [part(adults, 'adult', 'adults'), children > 0 ? part(children, 'child', 'children') : null, pets > 0 ? part(pets, 'pet', 'pets') : null].filter(Boolean).join(', ');
}

