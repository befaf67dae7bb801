import type { FieldDef } from '@steward/libs/form';
import { t, type LodgingMessageId } from '../i18n';

/** A field whose label (and choices' labels) are message ids: `inLanguage` gives the FieldDefs in the page's language. */
type FieldSpec = Omit<FieldDef, 'label' | 'options'> & { label: LodgingMessageId; options?: readonly { value: string; label: LodgingMessageId }[] };

/** The fields with their words in the page's language (made again when the language changes). */
export const inLanguage = (specs: readonly FieldSpec[]): readonly FieldDef[] =>
  specs.map((spec) => ({ ...spec, label: t(spec.label), ...(spec.options ? { options: spec.options.map((option) => ({ value: option.value, label: t(option.label) })) } : {}) }) as FieldDef);

// An example of a code, the same in every language (a hex colour), not words.
const COLOUR_EXAMPLE = '#aabbcc';

const catalog = (table: string, labelField = 'name') => ({ schema: 'catalog', table, valueField: 'id', labelField }) as const;

/** The Lodging Settings tables as the generic editor edits them. */
export const accommodationFields: readonly FieldSpec[] = [
  { name: 'name', label: 'setting.name', required: true },
  { name: 'short_id', label: 'setting.shortId', readOnly: true },
  { name: 'base_rate', label: 'setting.baseRate', type: 'number', required: true },
  { name: 'capacity', label: 'setting.capacity', type: 'integer' },
  { name: 'beds', label: 'setting.beds' },
  { name: 'class_id', label: 'setting.class', relation: catalog('accommodation_classes') },
  { name: 'type_id', label: 'setting.type', relation: catalog('accommodation_types') },
  // Told when a stay arrives at the unit today (a notification written by the database).
  { name: 'caretaker_id', label: 'setting.lookedAfterBy', relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name', orgScoped: true } },
  { name: 'inventory_count', label: 'setting.inventoryCount', type: 'integer' },
  { name: 'description', label: 'setting.description', type: 'textarea' },
  { name: 'policies', label: 'setting.policies', type: 'textarea' },
  { name: 'housekeeping_notes', label: 'setting.housekeepingNotes', type: 'textarea' },
  { name: 'image_url', label: 'setting.imageUrl' },
  { name: 'tags', label: 'setting.tags', type: 'tags' },
  { name: 'additional_data', label: 'setting.additionalData', type: 'json' },
];

export const accommodationTypeFields: readonly FieldSpec[] = [
  { name: 'name', label: 'setting.name' },
  { name: 'description', label: 'setting.description', type: 'textarea' },
  { name: 'discount_amount', label: 'setting.discountAmount', type: 'number' },
  { name: 'stay_range', label: 'setting.stayRange', placeholder: '[1,14)' },
];

// A class is archived from its list (Archive, with Undo) like every row, not by a field of its form.
export const accommodationClassFields: readonly FieldSpec[] = [
  { name: 'name', label: 'setting.name' },
  { name: 'description', label: 'setting.description', type: 'textarea' },
  // Online booking: a guest's booking of this class is confirmed at once, or waits for the desk.
  { name: 'booking_instant', label: 'setting.bookedOnlineWithoutConfirmation', type: 'boolean' },
];

export const amenityFields: readonly FieldSpec[] = [
  { name: 'name', label: 'setting.name', required: true },
  { name: 'description', label: 'setting.description', type: 'textarea' },
  { name: 'type_id', label: 'setting.type', relation: catalog('amenity_types') },
];

export const rateTypeFields: readonly FieldSpec[] = [
  { name: 'name', label: 'setting.name' },
  { name: 'description', label: 'setting.description', type: 'textarea' },
  { name: 'abbreviation', label: 'setting.abbreviation' },
  { name: 'card_color', label: 'setting.cardColour', placeholder: COLOUR_EXAMPLE },
];

export const rateFields: readonly FieldSpec[] = [
  { name: 'name', label: 'setting.name', required: true },
  { name: 'type_id', label: 'setting.rateType', relation: catalog('accommodation_rate_types') },
  { name: 'start_date', label: 'setting.startDate', type: 'date' },
  { name: 'end_date', label: 'setting.endDate', type: 'date' },
  { name: 'priority', label: 'setting.priority', type: 'integer', required: true },
  { name: 'description', label: 'setting.description', type: 'textarea' },
  { name: 'mon', label: 'setting.mon', type: 'number' },
  { name: 'tue', label: 'setting.tue', type: 'number' },
  { name: 'wed', label: 'setting.wed', type: 'number' },
  { name: 'thu', label: 'setting.thu', type: 'number' },
  { name: 'fri', label: 'setting.fri', type: 'number' },
  { name: 'sat', label: 'setting.sat', type: 'number' },
  { name: 'sun', label: 'setting.sun', type: 'number' },
  { name: 'included_adults', label: 'setting.includedAdults', type: 'integer' },
  { name: 'included_children', label: 'setting.includedChildren', type: 'integer' },
  { name: 'included_pets', label: 'setting.includedPets', type: 'integer' },
  { name: 'additional_adult', label: 'setting.additionalAdult', type: 'number' },
  { name: 'additional_child', label: 'setting.additionalChild', type: 'number' },
  { name: 'additional_pet', label: 'setting.additionalPet', type: 'number' },
  { name: 'class_id', label: 'setting.class', relation: catalog('accommodation_classes') },
  { name: 'accommodation_id', label: 'setting.accommodation', relation: catalog('accommodations') },
  { name: 'min_stay', label: 'setting.minStay', type: 'integer' },
  { name: 'max_stay', label: 'setting.maxStay', type: 'integer' },
  { name: 'min_advance_days', label: 'setting.minAdvanceDays', type: 'integer' },
  { name: 'max_advance_days', label: 'setting.maxAdvanceDays', type: 'integer' },
  { name: 'rate_range', label: 'setting.rateRange', readOnly: true },
  { name: 'qty', label: 'setting.qty', type: 'number', required: true },
];

export const blockOutFields: readonly FieldSpec[] = [
  { name: 'accommodation_id', label: 'setting.accommodation', relation: catalog('accommodations'), required: true },
  { name: 'block_start', label: 'setting.blockStart', type: 'datetime', required: true },
  { name: 'block_end', label: 'setting.blockEnd', type: 'datetime', required: true },
  { name: 'notes', label: 'setting.notes', type: 'textarea' },
];

export const accommodationFileFields: readonly FieldSpec[] = [
  { name: 'name', label: 'setting.name' },
  { name: 'description', label: 'setting.description', type: 'textarea' },
  { name: 'accommodation_id', label: 'setting.accommodation', relation: catalog('accommodations'), required: true },
  { name: 'url', label: 'setting.fileUrl' },
];

/** What a stay costs on top of its nights (catalog.lodging_settings: one row per organisation); amounts are in Org Data's currency. */
export const lodgingSettingsFields: readonly FieldSpec[] = [
  { name: 'tax_percent', label: 'setting.taxPercent', type: 'number', required: true },
  { name: 'stay_fee', label: 'setting.feePerStay', type: 'number', required: true },
  { name: 'nightly_fee', label: 'setting.feePerNight', type: 'number', required: true },
  // Online booking (/book/<organisation>): the deposit, how it is paid, how long a request holds its unit, the cancellation rule.
  { name: 'deposit_percent', label: 'setting.onlineDepositPercent', type: 'number' },
  {
    name: 'deposit_method',
    label: 'setting.depositPaid',
    options: [
      { value: 'on_arrival', label: 'setting.onArrival' },
      { value: 'bank_transfer', label: 'setting.byBankTransfer' },
      { value: 'card_link', label: 'setting.byCardPaymentLink' },
    ],
  },
  { name: 'bank_details', label: 'setting.bankDetails', type: 'textarea' },
  { name: 'booking_hold_hours', label: 'setting.requestHoldHours', type: 'integer' },
  { name: 'booking_cancel_days', label: 'setting.guestCancelsUntilDaysBefore', type: 'integer' },
];
