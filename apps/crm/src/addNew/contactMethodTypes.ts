/** A contact method type as the Add New dialog offers it; `kind` is the database's (crm.contact_method_types.kind). */
export type ContactMethodType = { id: string; name: string; kind: 'phone' | 'email' | 'other' };
