-- mail writer: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop trigger steward_30_ref_mail_outbox_integration_id_fkey on app.mail_outbox;

drop trigger steward_30_ref_mail_outbox_message_id_fkey on app.mail_outbox;

drop trigger steward_30_ref_mail_unsubscribe_tokens_message_id_fkey on app.mail_unsubscribe_tokens;

drop trigger steward_30_ref_message_attachments_message_id_fkey on crm.message_attachments;

drop trigger steward_30_ref_message_links_message_id_fkey on crm.message_links;

drop trigger steward_30_ref_messages_campaign_id_fkey on crm.messages;

drop trigger steward_30_ref_messages_sent_by_fkey on crm.messages;

drop function app.import_writer_skip(p_table regclass);

do $$ begin if not exists (select 1 from pg_roles where rolname = 'steward_mail_writer') then create role steward_mail_writer; end if; end $$;
alter role steward_mail_writer nologin inherit bypassrls;

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

revoke all on schema catalog from public, anon, authenticated, service_role;
grant usage on schema catalog to authenticated;
grant usage on schema catalog to service_role;
grant usage on schema catalog to steward_mail_writer;

revoke all on schema crm from public, anon, authenticated, service_role;
grant usage on schema crm to authenticated;
grant usage on schema crm to service_role;
grant usage on schema crm to steward_import_writer;
grant usage on schema crm to steward_mail_writer;

revoke all on schema settings from public, anon, authenticated, service_role;
grant usage on schema settings to authenticated;
grant usage on schema settings to service_role;
grant usage on schema settings to steward_mail_writer;

revoke all on function app.org_slug(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.org_slug(p_name text) to authenticated;
grant execute on function app.org_slug(p_name text) to service_role;
grant execute on function app.org_slug(p_name text) to steward_mail_writer;

comment on table app.mail_outbox is 'e-mails the product sends; written by security definer functions, delivered by one sender (local stack or a hosted worker)';
revoke all on table app.mail_outbox from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.mail_outbox to service_role;
grant insert on table app.mail_outbox to steward_mail_writer;

comment on table app.mail_unsubscribe_tokens is 'the unsubscribe link of each mail that carries one, stored hashed: names one address of one organisation, works once';
revoke all on table app.mail_unsubscribe_tokens from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.mail_unsubscribe_tokens to service_role;
grant insert on table app.mail_unsubscribe_tokens to steward_mail_writer;

alter table catalog.reservations enable row level security;
comment on table catalog.reservations is 'component: lodging';
comment on column catalog.reservations.price_overridden is 'the amounts were typed by hand: the stay is not priced from the rates';
comment on column catalog.reservations.confirmation_sent_at is 'when the confirmation e-mail was queued (set by the database)';
revoke all on table catalog.reservations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.reservations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservations to service_role;
grant select on table catalog.reservations to steward_mail_writer;

alter table crm.message_attachments enable row level security;
comment on table crm.message_attachments is 'component: crm (a message''s files: an object of the private message-files bucket, or a record file of record-files; seen with the message)';
revoke all on table crm.message_attachments from public, anon, authenticated, service_role;
grant select on table crm.message_attachments to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.message_attachments to service_role;
grant insert on table crm.message_attachments to steward_mail_writer;

alter table crm.message_links enable row level security;
comment on table crm.message_links is 'component: crm (the records a message is on; seen where the record is)';
revoke all on table crm.message_links from public, anon, authenticated, service_role;
grant select on table crm.message_links to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.message_links to service_role;
grant insert on table crm.message_links to steward_mail_writer;

alter table crm.messages enable row level security;
comment on table crm.messages is 'component: crm (one e-mail sent or received; seen by whoever may see one of the records it is linked to, an inbox message by CRM editors; written by the conversation functions only)';
comment on column crm.messages.inbox is 'received and linked to no record yet: waits in the organisation''s inbox';
revoke all on table crm.messages from public, anon, authenticated, service_role;
grant select on table crm.messages to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.messages to service_role;
grant insert, select on table crm.messages to steward_mail_writer;

alter table public.organizations enable row level security;
comment on table public.organizations is 'component: settings (members read their organisation; created by apply_for_access)';
revoke all on table public.organizations from public, anon, authenticated, service_role;
grant select on table public.organizations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.organizations to service_role;
grant select on table public.organizations to steward_mail_writer;
grant update (display_name) on table public.organizations to authenticated;
grant update (description) on table public.organizations to authenticated;
grant update (type) on table public.organizations to authenticated;
grant update (email) on table public.organizations to authenticated;
grant update (phone) on table public.organizations to authenticated;
grant update (address_line_1) on table public.organizations to authenticated;
grant update (address_line_2) on table public.organizations to authenticated;
grant update (city) on table public.organizations to authenticated;
grant update (state) on table public.organizations to authenticated;
grant update (zip) on table public.organizations to authenticated;
grant update (country) on table public.organizations to authenticated;
grant update (website) on table public.organizations to authenticated;
grant update (timezone) on table public.organizations to authenticated;
grant update (language) on table public.organizations to authenticated;
grant update (logo_url) on table public.organizations to authenticated;
grant update (archive) on table public.organizations to authenticated;
grant update (currency) on table public.organizations to authenticated;

alter table settings.integrations enable row level security;
comment on table settings.integrations is 'component: settings (read needs settings edit rights)';
comment on column settings.integrations.api_key is 'write-only: moved to app.integration_secrets on write, always null here';
comment on column settings.integrations.api_secret is 'write-only: moved to app.integration_secrets on write, always null here';
comment on column settings.integrations.webhook_secret is 'write-only: moved to app.integration_secrets on write, always null here';
revoke all on table settings.integrations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.integrations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.integrations to service_role;
grant select on table settings.integrations to steward_mail_writer;

alter table settings.mail_settings enable row level security;
comment on table settings.mail_settings is 'component: settings (every member reads)';
revoke all on table settings.mail_settings from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.mail_settings to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.mail_settings to service_role;
grant select on table settings.mail_settings to steward_mail_writer;

CREATE OR REPLACE FUNCTION app.writer_skip(p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case when p_table in ('crm.contacts'::regclass, 'crm.businesses'::regclass, 'crm.contact_methods'::regclass, 'crm.addresses'::regclass)
              then '(CURRENT_USER <> ''steward_import_writer''::name)'
              when p_table in ('crm.messages'::regclass, 'crm.message_links'::regclass, 'crm.message_attachments'::regclass,
                               'app.mail_unsubscribe_tokens'::regclass, 'app.mail_outbox'::regclass)
              then '(CURRENT_USER <> ''steward_mail_writer''::name)' end
$function$;
revoke all on function app.writer_skip(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.writer_skip(p_table regclass) to authenticated;
grant execute on function app.writer_skip(p_table regclass) to service_role;
comment on function app.writer_skip(p_table regclass) is 'the WHEN condition the organisation-reference guards (and, for the CSV import, every per-row trigger) of a table a trusted writer fills carry: the CSV import''s writer (app.import_job_write) and the conversation mail''s (app.write_out_messages) write rows that already carry the rules'' answers';

revoke all on function app.inbound_domain() from public, anon, authenticated, service_role;
grant execute on function app.inbound_domain() to authenticated;
grant execute on function app.inbound_domain() to service_role;
grant execute on function app.inbound_domain() to steward_mail_writer;
comment on function app.inbound_domain() is 'the domain organisations receive mail at (<org slug>@<domain>): the database setting steward.inbound_domain, which the local stack sets from STEWARD_INBOUND_DOMAIN';

CREATE OR REPLACE FUNCTION app.install_org_reference_guards()
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  r record;
  v_installed integer := 0;
  v_columns text;
  v_present text;
  v_lookup text;
  v_when text;
begin
  -- One look-up per referenced table (every guarded reference is a single uuid column naming id).
  -- It reads past row-level security (security definer): the caller may not see the other record.
  for r in
    select distinct o.ref_table, app.org_ref_lookup_name(o.ref_table) as lookup
      from app.org_references o
     where o.ref_columns = 'id' and o.ref_types = 'uuid'
  loop
    execute format(
      'create or replace function app.%I(p_id uuid, p_org text) returns boolean '
      'language sql stable security definer set search_path = '''' set enable_seqscan = off as '
      '$body$ select r.org_name::text is distinct from p_org and r.org_name::text <> ''_system_default_'' '
      'from %s r where r.id = p_id $body$',
      r.lookup, r.ref_table);
    execute format('comment on function app.%I(uuid, text) is %L', r.lookup,
      format('whether the %s record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist', r.ref_table));
    -- The guards' WHEN conditions run as the writing role (the trusted writers too: a WHEN condition's
    -- functions are checked for EXECUTE before the condition that skips them is evaluated).
    execute format('revoke all on function app.%I(uuid, text) from public, anon', r.lookup);
    execute format('grant execute on function app.%I(uuid, text) to authenticated, service_role, steward_import_writer, steward_mail_writer', r.lookup);
  end loop;

  for r in
    select o.*
      from app.org_references o
     where not exists (select 1 from pg_trigger t where t.tgrelid = o.table_name and t.tgname = o.trigger_name)
     order by o.table_name::text, o.constraint_name
  loop
    v_columns := (select string_agg(quote_ident(c), ', ') from unnest(string_to_array(r.columns, ',')) c);
    -- A reference with a null column refers to nothing (MATCH SIMPLE): nothing to check.
    v_present := (select string_agg(format('new.%I is not null', c), ' and ') from unnest(string_to_array(r.columns, ',')) c);
    v_when := v_present;
    if r.ref_columns = 'id' and r.ref_types = 'uuid' then
      v_lookup := app.org_ref_lookup_name(r.ref_table);
      if r.deferrable then
        -- The audit columns: a signed-in person's write carries the server's stamp; other writers'
        -- values are checked at commit unless the record already exists in the row's organisation.
        v_when := format('%s and not app.is_app_user() and app.%I(new.%I, new.org_name::text) is not false', v_present, v_lookup, r.columns);
      else
        -- Checked now: only a record of another organisation has anything to refuse.
        v_when := format('%s and app.%I(new.%I, new.org_name::text)', v_present, v_lookup, r.columns);
      end if;
    end if;
    -- The CSV import's writer and the conversation mail's choose references of the row's organisation
    -- themselves.
    if app.writer_skip(r.table_name) is not null then
      v_when := format('%s and %s', app.writer_skip(r.table_name), v_when);
    end if;
    if r.deferrable then
      execute format(
        'create constraint trigger %I after insert or update of %s, org_name on %s deferrable initially deferred for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_when, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    else
      execute format(
        'create trigger %I before insert or update of %s, org_name on %s for each row '
        'when (%s) execute function app.org_reference_guard(%L, %L, %L, %L, %L, %L)',
        r.trigger_name, v_columns, r.table_name, v_when, r.columns, r.ref_table::text, r.ref_columns, r.ref_types, r.constraint_name, r.ref_relname);
    end if;
    v_installed := v_installed + 1;
  end loop;
  return v_installed;
end;
$function$;
revoke all on function app.install_org_reference_guards() from public, anon, authenticated, service_role;
grant execute on function app.install_org_reference_guards() to authenticated;
grant execute on function app.install_org_reference_guards() to service_role;

revoke all on function app.is_email_address(p_value text) from public, anon, authenticated, service_role;
grant execute on function app.is_email_address(p_value text) to authenticated;
grant execute on function app.is_email_address(p_value text) to service_role;
grant execute on function app.is_email_address(p_value text) to steward_mail_writer;

revoke all on function app.mail_unsubscribe_link(p_token text) from public, anon, authenticated, service_role;
grant execute on function app.mail_unsubscribe_link(p_token text) to service_role;
grant execute on function app.mail_unsubscribe_link(p_token text) to steward_mail_writer;
comment on function app.mail_unsubscribe_link(p_token text) is 'the unsubscribe page of a token (<site>/unsubscribe/<token>); the token is made and stored hashed by app.write_out_messages';

revoke all on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) from public, anon, authenticated, service_role;
grant execute on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) to service_role;
grant execute on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) to steward_mail_writer;
comment on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) is 'a text with its merge fields filled, from its pieces (app.message_template_parts): a mail to many splits its text once, not once per mail; refuses a field p_values does not have';

revoke all on function app.message_html(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.message_html(p_text text) to service_role;
grant execute on function app.message_html(p_text text) to steward_mail_writer;

revoke all on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) to service_role;
grant execute on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) to steward_mail_writer;
comment on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) is 'one mail''s HTML from app.message_html_template''s with its merge values; null when a value could be read as marks (then app.message_html of the filled text)';

revoke all on function app.message_html_template(p_text text, p_tail text) from public, anon, authenticated, service_role;
grant execute on function app.message_html_template(p_text text, p_tail text) to service_role;
grant execute on function app.message_html_template(p_text text, p_tail text) to steward_mail_writer;
comment on function app.message_html_template(p_text text, p_tail text) is 'the HTML of a text with merge fields, each field a marker for app.message_html_filled; null where a value could change the marks around it';

revoke all on function app.message_inline_html(p_line text) from public, anon, authenticated, service_role;
grant execute on function app.message_inline_html(p_line text) to service_role;
grant execute on function app.message_inline_html(p_line text) to steward_mail_writer;

revoke all on function app.message_template_parts(p_text text, OUT parts text[], OUT names text[]) from public, anon, authenticated, service_role;
grant execute on function app.message_template_parts(p_text text, OUT parts text[], OUT names text[]) to service_role;
grant execute on function app.message_template_parts(p_text text, OUT parts text[], OUT names text[]) to steward_mail_writer;

revoke all on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) is 'whether the crm.business_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) is 'whether the crm.businesses record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) is 'whether the crm.contact_method_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) is 'whether the crm.contact_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) is 'whether the crm.contacts record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__crm__households(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__households(p_id uuid, p_org text) is 'whether the crm.households record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) is 'whether the crm.mail_campaigns record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__crm__messages(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__messages(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__messages(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__messages(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__messages(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__messages(p_id uuid, p_org text) is 'whether the crm.messages record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) is 'whether the public.user_profiles record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) is 'whether the settings.integrations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

revoke all on function app.profile_id_in(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.profile_id_in(p_org text) to authenticated;
grant execute on function app.profile_id_in(p_org text) to service_role;
grant execute on function app.profile_id_in(p_org text) to steward_import_writer;
grant execute on function app.profile_id_in(p_org text) to steward_mail_writer;

revoke all on function app.refusal(p_id text, p_message text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to authenticated;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to service_role;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to steward_import_writer;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to steward_mail_writer;
comment on function app.refusal(p_id text, p_message text, p_values jsonb) is 'a message a person reads in their language: {id, message (the English with each {name} replaced by its value), values}; libs'' catalogue has it as db.<id> (docs/architecture.md, Database refusals)';

revoke all on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to authenticated;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to service_role;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to steward_import_writer;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to steward_mail_writer;
comment on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) is 'refuses with a message a person reads in their language: app.refuse(code, app.refusal(id, English, values)), one line at each refusal (docs/architecture.md, Database refusals)';

revoke all on function app.refuse(p_errcode text, p_refusal jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to authenticated;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to service_role;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to steward_import_writer;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to steward_mail_writer;
comment on function app.refuse(p_errcode text, p_refusal jsonb) is 'refuses with a message a person reads in their language (app.refusal): the SQLSTATE as given, the English as the message, hint steward:<id> and the values as the detail, which PostgREST passes on';

alter function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) owner to steward_mail_writer;
revoke all on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) from public, anon, authenticated, service_role;
grant execute on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) to service_role;
comment on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) is 'queues conversation mail (crm.send_message: one; crm.send_to_many: one per record) in one statement; p_mails = [{id, to_emails, merge, links, send_at, unsubscribe}]. Runs as steward_mail_writer, whose rows the organisation-reference guards of the mail tables skip: every reference it writes is to a row of p_org';

CREATE TRIGGER steward_30_ref_mail_outbox_integration_id_fkey BEFORE INSERT OR UPDATE OF integration_id, org_name ON app.mail_outbox FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.integration_id IS NOT NULL AND app.org_ref_other__settings__integrations(new.integration_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('integration_id', 'settings.integrations', 'id', 'uuid', 'mail_outbox_integration_id_fkey', 'integrations');

CREATE TRIGGER steward_30_ref_mail_outbox_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON app.mail_outbox FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'mail_outbox_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_mail_unsubscribe_tokens_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON app.mail_unsubscribe_tokens FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'mail_unsubscribe_tokens_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_message_attachments_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON crm.message_attachments FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'message_attachments_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_message_links_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON crm.message_links FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'message_links_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_messages_campaign_id_fkey BEFORE INSERT OR UPDATE OF campaign_id, org_name ON crm.messages FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.campaign_id IS NOT NULL AND app.org_ref_other__crm__mail_campaigns(new.campaign_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('campaign_id', 'crm.mail_campaigns', 'id', 'uuid', 'messages_campaign_id_fkey', 'mail_campaigns');

CREATE TRIGGER steward_30_ref_messages_sent_by_fkey BEFORE INSERT OR UPDATE OF sent_by, org_name ON crm.messages FOR EACH ROW WHEN (CURRENT_USER <> 'steward_mail_writer'::name AND new.sent_by IS NOT NULL AND app.org_ref_other__public__user_profiles(new.sent_by, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('sent_by', 'public.user_profiles', 'id', 'uuid', 'messages_sent_by_fkey', 'user_profiles');
