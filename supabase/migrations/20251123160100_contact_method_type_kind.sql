-- Whether a contact method type is a phone, an e-mail or another kind, said once: by the database
-- (app.contact_method_kind, 000 §5), stored on the type, and read by the Add New dialog, the views and
-- the shown-method triggers alike instead of a second copy of the rule in TypeScript.
alter table crm.contact_method_types
  add column kind text not null generated always as (app.contact_method_kind(category, name)) stored;
comment on column crm.contact_method_types.kind is 'phone, email or other: app.contact_method_kind(category, name)';
