// The CRM's Add New dialog: a business, contact, household or user with an optional primary address,
// phone and e-mail, written together in one database call (crm.add_record), all or nothing.
export { ADDRESS_FIELDS, addRecordArgs, mainFailureMessage, useAddNewDialog, type AddNewConfig, type AddNewDialogApi, type OwnerColumn, type SecondaryValues } from './useAddNewDialog';
export { AddNewDialog, PrimaryMethodFields } from './AddNewDialog';
export type { ContactMethodType } from './contactMethodTypes';
