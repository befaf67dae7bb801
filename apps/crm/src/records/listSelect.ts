/**
 * What a CRM list asks its view for: the columns its cells and export read, not the whole row (a
 * contact row has ~45 columns, notes and measurements included; a list shows about twenty). Building
 * and sending the smaller page is a few milliseconds less per request in the database and on the wire,
 * which a phone on a slow link feels most. Each entity's test renders its columns over a row that
 * records every field read, so a column that starts reading a new field fails until it is listed here.
 */
const KEY_AND_NAME = ['id', 'short_id', 'name', 'org_name', 'status'];
const METHODS = ['primary_phone', 'primary_email'];
const ADDRESS = ['address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'];
const OWNERS = ['primary_owner_name', 'primary_owner_short_id', 'secondary_owner_name', 'secondary_owner_short_id'];

const select = (...fields: string[]) => [...KEY_AND_NAME, ...METHODS, ...ADDRESS, ...fields].join(',');

export const BUSINESS_LIST_SELECT = select('address_line_3', 'dba_name', 'type_name', ...OWNERS);
export const CONTACT_LIST_SELECT = select('address_line_3', 'spouse_name', 'type_name', ...OWNERS);
export const HOUSEHOLD_LIST_SELECT = select(
  'address_line_3',
  'primary_contact_name',
  'primary_contact_short_id',
  'secondary_contact_name',
  'secondary_contact_short_id',
  ...OWNERS,
);
/** user_profiles_view has no third address line. */
export const USER_LIST_SELECT = select('title', 'role_name');
