-- default privileges and event triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter default privileges for role postgres in schema app grant execute on functions to authenticated;
alter default privileges for role postgres in schema app grant execute on functions to service_role;

alter default privileges for role postgres in schema catalog grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema catalog grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

alter default privileges for role postgres in schema crm grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema crm grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

alter default privileges for role postgres in schema hr grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema hr grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

alter default privileges for role postgres in schema ops grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema ops grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;

alter default privileges for role postgres in schema settings grant delete, insert, select, update on tables to authenticated;
alter default privileges for role postgres in schema settings grant delete, insert, maintain, references, select, trigger, truncate, update on tables to service_role;
