-- roles, schemas, extensions, types and sequences.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

do $$ begin if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated; end if; end $$;
alter role authenticated nologin noinherit nobypassrls;
alter role authenticated set join_collapse_limit = '1';
alter role authenticated set statement_timeout = '8s';

do $$ begin if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator; end if; end $$;
alter role authenticator login noinherit nobypassrls;
grant anon to authenticator;
grant authenticated to authenticator;
grant service_role to authenticator;
alter role authenticator set pgrst.db_pre_request = 'request_check.before_request';

do $$ begin if not exists (select 1 from pg_roles where rolname = 'steward_import_writer') then create role steward_import_writer; end if; end $$;
alter role steward_import_writer nologin inherit bypassrls;

do $$ begin if not exists (select 1 from pg_roles where rolname = 'steward_mail_writer') then create role steward_mail_writer; end if; end $$;
alter role steward_mail_writer nologin inherit bypassrls;

create schema app;
revoke all on schema app from public, anon, authenticated, service_role;
grant usage on schema app to authenticated;
grant usage on schema app to service_role;
grant create, usage on schema app to steward_import_writer;
grant usage on schema app to steward_mail_writer;

revoke all on schema auth from public, anon, authenticated, service_role;
grant usage on schema auth to anon;
grant usage on schema auth to authenticated;
grant usage on schema auth to service_role;
grant usage on schema auth to steward_import_writer;
grant usage on schema auth to steward_mail_writer;

create schema catalog;
revoke all on schema catalog from public, anon, authenticated, service_role;
grant usage on schema catalog to authenticated;
grant usage on schema catalog to service_role;
grant usage on schema catalog to steward_mail_writer;

create schema crm;
revoke all on schema crm from public, anon, authenticated, service_role;
grant usage on schema crm to authenticated;
grant usage on schema crm to service_role;
grant usage on schema crm to steward_import_writer;
grant usage on schema crm to steward_mail_writer;

revoke all on schema extensions from public, anon, authenticated, service_role;
grant usage on schema extensions to anon;
grant usage on schema extensions to authenticated;
grant usage on schema extensions to service_role;
grant usage on schema extensions to steward_import_writer;

create schema hr;
revoke all on schema hr from public, anon, authenticated, service_role;
grant usage on schema hr to authenticated;
grant usage on schema hr to service_role;

create schema ops;
revoke all on schema ops from public, anon, authenticated, service_role;
grant usage on schema ops to authenticated;
grant usage on schema ops to service_role;

create schema request_check;
revoke all on schema request_check from public, anon, authenticated, service_role;
grant usage on schema request_check to anon;
grant usage on schema request_check to authenticated;
grant usage on schema request_check to service_role;

create schema settings;
revoke all on schema settings from public, anon, authenticated, service_role;
grant usage on schema settings to authenticated;
grant usage on schema settings to service_role;
grant usage on schema settings to steward_mail_writer;

create extension if not exists btree_gist with schema extensions;

create extension if not exists unaccent with schema extensions;

create domain app.access_level as text
  constraint access_level_check CHECK (VALUE = ANY (ARRAY['None'::text, 'Personal'::text, 'Organization'::text]));

create domain app.create_access as text
  constraint create_access_check CHECK (VALUE = ANY (ARRAY['allowed'::text, 'not_allowed'::text]));

create domain app.email as text
  constraint email_check CHECK (VALUE ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'::text);

create domain app.hex_color as text
  constraint hex_color_check CHECK (VALUE ~ '^#[0-9A-Fa-f]{6}$'::text);

create domain app.record_status as text
  constraint record_status_check CHECK (VALUE = ANY (ARRAY['Active'::text, 'Prospect / Pending'::text, 'Inactive - Former'::text, 'Inactive - Do Not Contact'::text, 'Inactive - Deceased'::text, 'Inactive - Other'::text]));

create domain app.user_status as text
  constraint user_status_check CHECK (VALUE = ANY (ARRAY['Active'::text, 'Pending'::text, 'Inactive'::text]));

create domain public."*/*" as bytea;
