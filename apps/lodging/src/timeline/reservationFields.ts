import type { FieldDef } from '@steward/libs/form';
import { STAY_STATUSES, statusLabel } from '../desk/deskDay';
import type { LodgingT } from '../i18n';

const relation = (schema: 'catalog' | 'crm' | 'ops', table: string, labelField = 'name') => ({ schema, table, valueField: 'id', labelField }) as const;

/**
 * A reservation as the generic editor edits it from the timeline (its name field is labelled Label), in
 * `t`'s language: made again when the language changes.
 */
export const reservationFields = (t: LodgingT): readonly FieldDef[] => [
  { name: 'name', label: t('field.name'), required: true },
  { name: 'accommodation_id', label: t('field.accommodation'), relation: relation('catalog', 'accommodations'), required: true },
  { name: 'check_in', label: t('field.checkIn'), type: 'datetime', required: true },
  { name: 'check_out', label: t('field.checkOut'), type: 'datetime', required: true },
  { name: 'all_day', label: t('field.allDay'), type: 'boolean' },
  { name: 'adults', label: t('field.adults'), type: 'integer' },
  { name: 'children', label: t('field.children'), type: 'integer' },
  { name: 'pets', label: t('field.pets'), type: 'integer' },
  { name: 'rate_id', label: t('field.rate'), relation: relation('catalog', 'accommodation_rates') },
  { name: 'confirmation', label: t('field.confirmation'), required: true },
  { name: 'status', label: t('field.status'), type: 'select', options: STAY_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })) },
  { name: 'status_notes', label: t('field.statusNotes') },
  { name: 'source_channel', label: t('field.sourceChannel') },
  { name: 'contact_id', label: t('field.contact'), relation: relation('crm', 'contacts') },
  { name: 'business_id', label: t('field.business'), relation: relation('crm', 'businesses') },
  { name: 'project_id', label: t('field.project'), relation: relation('ops', 'projects') },
  { name: 'description', label: t('field.description'), type: 'textarea' },
  { name: 'nights', label: t('field.nights'), type: 'integer', readOnly: true },
  { name: 'max_occupancy_ok', label: t('field.maxOccupancyOk'), type: 'boolean' },
  { name: 'price_overridden', label: t('field.priceOverridden'), type: 'boolean' },
  { name: 'subtotal', label: t('field.subtotal'), type: 'number' },
  { name: 'tax_amount', label: t('field.taxAmount'), type: 'number' },
  { name: 'fees_amount', label: t('field.feesAmount'), type: 'number' },
  { name: 'total_amount', label: t('field.totalAmount'), type: 'number' },
  { name: 'refunded_amount', label: t('field.refundedAmount'), type: 'number' },
  { name: 'deposit_amount', label: t('field.depositAmount'), type: 'number' },
  { name: 'deposit_paid', label: t('field.depositPaid'), type: 'boolean' },
  { name: 'policies', label: t('field.policies'), type: 'textarea' },
  { name: 'cancellation_at', label: t('field.cancellationAt'), type: 'datetime' },
  { name: 'cancellation_reason', label: t('field.cancellationReason') },
  { name: 'room_notes', label: t('field.roomNotes'), type: 'textarea' },
  { name: 'food_bev_notes', label: t('field.foodBevNotes'), type: 'textarea' },
  { name: 'other_notes', label: t('field.otherNotes'), type: 'textarea' },
];
