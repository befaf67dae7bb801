import { tableRef, type AnyRow, type ListRequest } from '@steward/libs/data';
import type { OwnerColumn } from '../addNew';
import type { CrmRow } from './crmRow';

export const businessesView = tableRef<CrmRow>('crm', 'businesses_view', { audit: false });
export const contactsView = tableRef<CrmRow>('crm', 'contacts_view', { audit: false });
export const householdsView = tableRef<CrmRow>('crm', 'households_view', { audit: false });
export const usersView = tableRef<CrmRow>('public', 'user_profiles_view', { audit: false });
export const contactMethodsView = tableRef<AnyRow>('crm', 'contact_methods_view', { audit: false });
export const otherMethodsView = tableRef<AnyRow>('crm', 'other_contact_methods_view', { audit: false });
export const addressesTable = tableRef<AnyRow>('crm', 'addresses');
export const notesView = tableRef<AnyRow>('crm', 'notes_view', { audit: false });
export const notesTable = tableRef<AnyRow>('crm', 'notes');

/** The read of one record's phones, e-mails, other methods and addresses (each of the three tables): the Contact Methods tab's, and its prefetch's. */
export const methodsRequest = (ownerColumn: OwnerColumn, ownerId: string): ListRequest => ({ eq: { [ownerColumn]: ownerId }, excludeArchived: true, pageSize: 1000 });
