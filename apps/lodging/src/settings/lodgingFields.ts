import type { FieldDef } from '@steward/libs/form';

const catalog = (table: string, labelField = 'name') => ({ schema: 'catalog', table, valueField: 'id', labelField }) as const;

/** The Lodging Settings tables as the generic editor edits them. */
export const accommodationFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'short_id', label: 'Short ID', readOnly: true },
  { name: 'base_rate', label: 'Base Rate', type: 'number', required: true },
  { name: 'capacity', label: 'Capacity', type: 'integer' },
  { name: 'beds', label: 'Beds' },
  { name: 'class_id', label: 'Class', relation: catalog('accommodation_classes') },
  { name: 'type_id', label: 'Type', relation: catalog('accommodation_types') },
  // Told when a stay arrives at the unit today (a notification written by the database).
  { name: 'caretaker_id', label: 'Looked After By', relation: { schema: 'public', table: 'user_profiles', valueField: 'id', labelField: 'name', orgScoped: true } },
  { name: 'inventory_count', label: 'Inventory Count', type: 'integer' },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'policies', label: 'Policies', type: 'textarea' },
  { name: 'housekeeping_notes', label: 'Housekeeping Notes', type: 'textarea' },
  { name: 'image_url', label: 'Image URL' },
  { name: 'tags', label: 'Tags', type: 'tags' },
  { name: 'additional_data', label: 'Additional Data', type: 'json' },
];

export const accommodationTypeFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name' },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'discount_amount', label: 'Discount Amount', type: 'number' },
  { name: 'stay_range', label: 'Stay Range', placeholder: '[1,14)' },
];

// A class is archived from its list (Archive, with Undo) like every row, not by a field of its form.
export const accommodationClassFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name' },
  { name: 'description', label: 'Description', type: 'textarea' },
  // Online booking: a guest's booking of this class is confirmed at once, or waits for the desk.
  { name: 'booking_instant', label: 'Booked Online Without Confirmation', type: 'boolean' },
];

export const amenityFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'type_id', label: 'Type', relation: catalog('amenity_types') },
];

export const rateTypeFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name' },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'abbreviation', label: 'Abbreviation' },
  { name: 'card_color', label: 'Card Colour', placeholder: '#aabbcc' },
];

export const rateFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'type_id', label: 'Rate Type', relation: catalog('accommodation_rate_types') },
  { name: 'start_date', label: 'Start Date', type: 'date' },
  { name: 'end_date', label: 'End Date', type: 'date' },
  { name: 'priority', label: 'Priority', type: 'integer', required: true },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'mon', label: 'Mon', type: 'number' },
  { name: 'tue', label: 'Tue', type: 'number' },
  { name: 'wed', label: 'Wed', type: 'number' },
  { name: 'thu', label: 'Thu', type: 'number' },
  { name: 'fri', label: 'Fri', type: 'number' },
  { name: 'sat', label: 'Sat', type: 'number' },
  { name: 'sun', label: 'Sun', type: 'number' },
  { name: 'included_adults', label: 'Included Adults', type: 'integer' },
  { name: 'included_children', label: 'Included Children', type: 'integer' },
  { name: 'included_pets', label: 'Included Pets', type: 'integer' },
  { name: 'additional_adult', label: 'Additional Adult', type: 'number' },
  { name: 'additional_child', label: 'Additional Child', type: 'number' },
  { name: 'additional_pet', label: 'Additional Pet', type: 'number' },
  { name: 'class_id', label: 'Class', relation: catalog('accommodation_classes') },
  { name: 'accommodation_id', label: 'Accommodation', relation: catalog('accommodations') },
  { name: 'min_stay', label: 'Min Stay', type: 'integer' },
  { name: 'max_stay', label: 'Max Stay', type: 'integer' },
  { name: 'min_advance_days', label: 'Min Advance Days', type: 'integer' },
  { name: 'max_advance_days', label: 'Max Advance Days', type: 'integer' },
  { name: 'rate_range', label: 'Rate Range', readOnly: true },
  { name: 'qty', label: 'Qty', type: 'number', required: true },
];

export const blockOutFields: readonly FieldDef[] = [
  { name: 'accommodation_id', label: 'Accommodation', relation: catalog('accommodations'), required: true },
  { name: 'block_start', label: 'Block Start', type: 'datetime', required: true },
  { name: 'block_end', label: 'Block End', type: 'datetime', required: true },
  { name: 'notes', label: 'Notes', type: 'textarea' },
];

export const accommodationFileFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name' },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'accommodation_id', label: 'Accommodation', relation: catalog('accommodations'), required: true },
  { name: 'url', label: 'File URL' },
];

/** What a stay costs on top of its nights (catalog.lodging_settings: one row per organisation). */
export const lodgingSettingsFields: readonly FieldDef[] = [
  { name: 'tax_percent', label: 'Tax %', type: 'number', required: true },
  { name: 'stay_fee', label: 'Fee per Stay', type: 'number', required: true },
  { name: 'nightly_fee', label: 'Fee per Night', type: 'number', required: true },
  { name: 'currency', label: 'Currency', required: true, placeholder: 'USD' },
  // Online booking (/book/<organisation>): the deposit, how it is paid, how long a request holds its unit, the cancellation rule.
  { name: 'deposit_percent', label: 'Online Deposit %', type: 'number' },
  {
    name: 'deposit_method',
    label: 'Deposit Paid',
    options: [
      { value: 'on_arrival', label: 'On arrival' },
      { value: 'bank_transfer', label: 'By bank transfer' },
      { value: 'card_link', label: 'By card (payment link)' },
    ],
  },
  { name: 'bank_details', label: 'Bank Details', type: 'textarea' },
  { name: 'booking_hold_hours', label: 'Request Hold (hours)', type: 'integer' },
  { name: 'booking_cancel_days', label: 'Guest Cancels Until (days before)', type: 'integer' },
];
