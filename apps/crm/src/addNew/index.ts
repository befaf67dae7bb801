// The CRM's Add New dialog (000 §5, §8): a business, contact, household or user with an optional
// primary address, phone and e-mail written after it, in crm.contact_methods and crm.addresses.
export { ADDRESS_FIELDS, mainFailureMessage, partialFailureMessage, useAddNewDialog, type AddNewConfig, type AddNewDialogApi, type OwnerColumn, type SecondaryValues } from './useAddNewDialog';
export { AddNewDialog, PrimaryMethodFields } from './AddNewDialog';
export type { ContactMethodType } from './contactMethodTypes';
