import type { FieldDef } from '@steward/libs/form';
import { STAY_STATUSES } from '../desk/deskDay';

const relation = (schema: 'catalog' | 'crm' | 'ops', table: string, labelField = 'name') => ({ schema, table, valueField: 'id', labelField }) as const;

/** A reservation as the generic editor edits it from the timeline (its name field is labelled Label). */
export const reservationFields: readonly FieldDef[] = [
  { name: 'name', label: 'Label', required: true },
  { name: 'accommodation_id', label: 'Accommodation', relation: relation('catalog', 'accommodations'), required: true },
  { name: 'check_in', label: 'Check In', type: 'datetime', required: true },
  { name: 'check_out', label: 'Check Out', type: 'datetime', required: true },
  { name: 'all_day', label: 'All Day', type: 'boolean' },
  { name: 'adults', label: 'Adults', type: 'integer' },
  { name: 'children', label: 'Children', type: 'integer' },
  { name: 'pets', label: 'Pets', type: 'integer' },
  { name: 'rate_id', label: 'Rate', relation: relation('catalog', 'accommodation_rates') },
  { name: 'confirmation', label: 'Confirmation', required: true },
  { name: 'status', label: 'Status', type: 'select', options: STAY_STATUSES.map((status) => ({ value: status, label: status })) },
  { name: 'status_notes', label: 'Status Notes' },
  { name: 'source_channel', label: 'Source Channel' },
  { name: 'contact_id', label: 'Contact', relation: relation('crm', 'contacts') },
  { name: 'business_id', label: 'Business', relation: relation('crm', 'businesses') },
  { name: 'project_id', label: 'Project', relation: relation('ops', 'projects') },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'nights', label: 'Nights', type: 'integer', readOnly: true },
  { name: 'max_occupancy_ok', label: 'Max Occupancy OK', type: 'boolean' },
  { name: 'price_overridden', label: 'Manual price (keep the amounts below, not the rates)', type: 'boolean' },
  { name: 'subtotal', label: 'Subtotal', type: 'number' },
  { name: 'tax_amount', label: 'Tax Amount', type: 'number' },
  { name: 'fees_amount', label: 'Fees Amount', type: 'number' },
  { name: 'total_amount', label: 'Total Amount', type: 'number' },
  { name: 'refunded_amount', label: 'Refunded Amount', type: 'number' },
  { name: 'deposit_amount', label: 'Deposit Amount', type: 'number' },
  { name: 'deposit_paid', label: 'Deposit Paid', type: 'boolean' },
  { name: 'policies', label: 'Policies', type: 'textarea' },
  { name: 'cancellation_at', label: 'Cancellation At', type: 'datetime' },
  { name: 'cancellation_reason', label: 'Cancellation Reason' },
  { name: 'room_notes', label: 'Room Notes', type: 'textarea' },
  { name: 'food_bev_notes', label: 'Food & Beverage Notes', type: 'textarea' },
  { name: 'other_notes', label: 'Other Notes', type: 'textarea' },
];
