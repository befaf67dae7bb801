-- default privileges and event triggers.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- No function is executable by anyone but its owner until it is granted on purpose (PostgreSQL's own
-- default gives every new function to PUBLIC; the platform baseline gives public's to the API roles).
alter default privileges for role postgres revoke execute on functions from public;
alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated, service_role;

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
