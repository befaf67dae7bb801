-- conversations: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.finish_outbox_mail(p_id bigint, p_error text);

alter table app.organization_limits drop constraint organization_limits_name_check;

alter table settings.integrations drop constraint integrations_type_check;

create table app.mail_unsubscribe_tokens (
  token_hash text not null,
  org_name text not null,
  email text not null,
  message_id uuid,
  created_at timestamp with time zone default now() not null,
  used_at timestamp with time zone
);
comment on table app.mail_unsubscribe_tokens is 'the unsubscribe link of each mail that carries one, stored hashed: names one address of one organisation, works once';
revoke all on table app.mail_unsubscribe_tokens from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.mail_unsubscribe_tokens to service_role;

create table crm.mail_campaigns (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  subject text not null,
  body text not null,
  record_kind text not null,
  total integer default 0 not null,
  queued integer default 0 not null,
  skipped integer default 0 not null,
  created_by uuid,
  created_at timestamp with time zone default now() not null
);
alter table crm.mail_campaigns enable row level security;
comment on table crm.mail_campaigns is 'component: crm (mail to many: one per crm.send_to_many; written by that function only)';
revoke all on table crm.mail_campaigns from public, anon, authenticated, service_role;
grant select on table crm.mail_campaigns to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.mail_campaigns to service_role;

create table crm.mail_suppressions (
  org_name text not null,
  email text not null,
  reason text not null,
  created_at timestamp with time zone default now() not null,
  message_id uuid,
  id uuid default gen_random_uuid() not null
);
alter table crm.mail_suppressions enable row level security;
comment on table crm.mail_suppressions is 'component: crm (addresses no mail of the organisation goes to: unsubscribed or bounced; read by CRM viewers, removed by Settings editors)';
revoke all on table crm.mail_suppressions from public, anon, authenticated, service_role;
grant delete, select on table crm.mail_suppressions to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.mail_suppressions to service_role;

create table crm.message_attachments (
  id uuid default gen_random_uuid() not null,
  message_id uuid not null,
  org_name text not null,
  file_name text not null,
  content_type text default 'application/octet-stream'::text not null,
  size_bytes bigint default 0 not null,
  storage_path text not null,
  bucket_id text default 'message-files'::text not null,
  created_at timestamp with time zone default now() not null
);
alter table crm.message_attachments enable row level security;
comment on table crm.message_attachments is 'component: crm (a message''s files: an object of the private message-files bucket, or a record file of record-files; seen with the message)';
revoke all on table crm.message_attachments from public, anon, authenticated, service_role;
grant select on table crm.message_attachments to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.message_attachments to service_role;

create table crm.message_links (
  message_id uuid not null,
  record_kind text not null,
  record_id uuid not null,
  org_name text not null,
  id uuid default gen_random_uuid() not null,
  created_at timestamp with time zone default now() not null
);
alter table crm.message_links enable row level security;
comment on table crm.message_links is 'component: crm (the records a message is on; seen where the record is)';
revoke all on table crm.message_links from public, anon, authenticated, service_role;
grant select on table crm.message_links to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.message_links to service_role;

create table crm.messages (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  direction text not null,
  thread_id uuid not null,
  message_id text not null,
  in_reply_to text,
  subject text default ''::text not null,
  body_text text default ''::text not null,
  body_html text,
  from_email text,
  from_name text,
  to_emails text[] default '{}'::text[] not null,
  cc_emails text[] default '{}'::text[] not null,
  status text not null,
  error text,
  sent_by uuid,
  campaign_id uuid,
  created_at timestamp with time zone default now() not null,
  sent_at timestamp with time zone,
  inbox boolean default false not null
);
alter table crm.messages enable row level security;
comment on table crm.messages is 'component: crm (one e-mail sent or received; seen by whoever may see one of the records it is linked to, an inbox message by CRM editors; written by the conversation functions only)';
comment on column crm.messages.inbox is 'received and linked to no record yet: waits in the organisation''s inbox';
revoke all on table crm.messages from public, anon, authenticated, service_role;
grant select on table crm.messages to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.messages to service_role;

create table settings.mail_settings (
  org_name text not null,
  signature text default ''::text not null,
  from_name text,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  id uuid default gen_random_uuid() not null
);
alter table settings.mail_settings enable row level security;
comment on table settings.mail_settings is 'component: settings (every member reads)';
revoke all on table settings.mail_settings from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.mail_settings to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.mail_settings to service_role;

create table settings.mail_templates (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  name text not null,
  subject text not null,
  body text not null,
  archive boolean default false not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid
);
alter table settings.mail_templates enable row level security;
comment on table settings.mail_templates is 'component: settings (every member reads)';
revoke all on table settings.mail_templates from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.mail_templates to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.mail_templates to service_role;

alter table app.mail_outbox add column message_id uuid;
alter table app.mail_outbox add column more_to_emails text[] default '{}'::text[] not null;
alter table app.mail_outbox add column cc_emails text[] default '{}'::text[] not null;
alter table app.mail_outbox add column from_email text;
alter table app.mail_outbox add column from_name text;
alter table app.mail_outbox add column reply_to text;
alter table app.mail_outbox add column header_message_id text;
alter table app.mail_outbox add column in_reply_to text;
alter table app.mail_outbox add column attachments jsonb default '[]'::jsonb not null;
alter table app.mail_outbox add column integration_id uuid;
alter table app.mail_outbox add column list_unsubscribe text;
comment on table app.mail_outbox is 'e-mails the product sends; written by security definer functions, delivered by one sender (local stack or a hosted worker)';
revoke all on table app.mail_outbox from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.mail_outbox to service_role;

comment on table app.organization_limits is 'what each organisation may do on its own, the same for all: mails_per_day, e-mails the product sends for it in any 24 hours (stay confirmations, task digests, invitation codes, conversations); open_import_jobs, CSV imports started and not yet finished or cancelled; bulk_mails_per_minute, how fast a mail to many leaves';
revoke all on table app.organization_limits from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.organization_limits to service_role;

alter table app.mail_outbox add constraint mail_outbox_headers_one_line CHECK (COALESCE(from_name, ''::text) !~ '[\r\n]'::text AND COALESCE(from_email, ''::text) !~ '[\r\n]'::text AND COALESCE(reply_to, ''::text) !~ '[\r\n]'::text AND COALESCE(header_message_id, ''::text) !~ '[\r\n]'::text AND COALESCE(in_reply_to, ''::text) !~ '[\r\n]'::text AND COALESCE(list_unsubscribe, ''::text) !~ '[\r\n]'::text AND array_to_string(more_to_emails || cc_emails, ' '::text) !~ '[\r\n]'::text);

alter table app.mail_unsubscribe_tokens add constraint mail_unsubscribe_tokens_pkey PRIMARY KEY (token_hash);

alter table crm.mail_campaigns add constraint mail_campaigns_pkey PRIMARY KEY (id);

alter table crm.mail_campaigns add constraint mail_campaigns_record_kind_check CHECK (record_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text, 'user'::text, 'staff'::text, 'reservation'::text]));

alter table crm.mail_suppressions add constraint mail_suppressions_email_lower CHECK (email = lower(email));

alter table crm.mail_suppressions add constraint mail_suppressions_pkey PRIMARY KEY (org_name, email);

alter table crm.mail_suppressions add constraint mail_suppressions_reason_check CHECK (reason = ANY (ARRAY['unsubscribed'::text, 'bounced'::text]));

alter table crm.message_attachments add constraint message_attachments_bucket_check CHECK (bucket_id = ANY (ARRAY['message-files'::text, 'record-files'::text]));

alter table crm.message_attachments add constraint message_attachments_file_name_check CHECK (btrim(file_name) <> ''::text AND file_name !~ '[\r\n]'::text);

alter table crm.message_attachments add constraint message_attachments_pkey PRIMARY KEY (id);

alter table crm.message_attachments add constraint message_attachments_size_check CHECK (size_bytes >= 0 AND size_bytes <= 10485760);

alter table crm.message_links add constraint message_links_pkey PRIMARY KEY (message_id, record_kind, record_id);

alter table crm.message_links add constraint message_links_record_kind_check CHECK (record_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text, 'user'::text, 'staff'::text, 'reservation'::text]));

alter table crm.messages add constraint messages_direction_check CHECK (direction = ANY (ARRAY['out'::text, 'in'::text]));

alter table crm.messages add constraint messages_inbox_received CHECK (NOT inbox OR direction = 'in'::text);

alter table crm.messages add constraint messages_pkey PRIMARY KEY (id);

alter table crm.messages add constraint messages_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'sent'::text, 'failed'::text, 'received'::text])) AND (direction = 'in'::text) = (status = 'received'::text));

alter table crm.messages add constraint messages_subject_one_line CHECK (subject !~ '[\r\n]'::text AND length(subject) <= 998);

alter table settings.integrations add constraint integrations_smtp_url CHECK (type <> 'smtp'::text OR base_url ~ '^smtps?://[^\s/:@]+(:[0-9]{1,5})?/?$'::text);

alter table settings.mail_settings add constraint mail_settings_from_name_check CHECK (from_name !~ '[\r\n<>"]'::text AND length(from_name) <= 120);

alter table settings.mail_settings add constraint mail_settings_pkey PRIMARY KEY (org_name);

alter table settings.mail_settings add constraint mail_settings_signature_check CHECK (length(signature) <= 4000);

alter table settings.mail_templates add constraint mail_templates_name_present CHECK (btrim(name) <> ''::text AND length(name) <= 120);

alter table settings.mail_templates add constraint mail_templates_pkey PRIMARY KEY (id);

alter table settings.mail_templates add constraint mail_templates_subject_check CHECK (subject !~ '[\r\n]'::text AND length(subject) <= 300);

alter table app.organization_limits add constraint organization_limits_name_check CHECK (name = ANY (ARRAY['mails_per_day'::text, 'open_import_jobs'::text, 'bulk_mails_per_minute'::text]));

alter table settings.integrations add constraint integrations_type_check CHECK (type = ANY (ARRAY['stripe'::text, 'square'::text, 'etsy'::text, 'woocommerce'::text, 'webhook'::text, 'custom'::text, 'smtp'::text]));

CREATE INDEX mail_outbox_integration_id_idx ON app.mail_outbox USING btree (integration_id);

CREATE INDEX mail_outbox_message_id_idx ON app.mail_outbox USING btree (message_id);

CREATE INDEX mail_unsubscribe_tokens_message_id_idx ON app.mail_unsubscribe_tokens USING btree (message_id);

CREATE INDEX mail_unsubscribe_tokens_org_name_idx ON app.mail_unsubscribe_tokens USING btree (org_name);

CREATE INDEX contact_methods_email_idx ON crm.contact_methods USING btree (org_name, lower(value)) WHERE (kind = 'email'::text);

CREATE INDEX mail_campaigns_created_by_idx ON crm.mail_campaigns USING btree (created_by);

CREATE INDEX mail_campaigns_org_name_idx ON crm.mail_campaigns USING btree (org_name, created_at);

CREATE UNIQUE INDEX mail_suppressions_id_key ON crm.mail_suppressions USING btree (id);

CREATE INDEX mail_suppressions_message_id_idx ON crm.mail_suppressions USING btree (message_id);

CREATE INDEX message_attachments_message_id_idx ON crm.message_attachments USING btree (message_id);

CREATE INDEX message_attachments_org_name_idx ON crm.message_attachments USING btree (org_name);

CREATE INDEX message_attachments_storage_path_idx ON crm.message_attachments USING btree (storage_path);

CREATE UNIQUE INDEX message_links_id_key ON crm.message_links USING btree (id);

CREATE INDEX message_links_org_name_idx ON crm.message_links USING btree (org_name);

CREATE INDEX message_links_record_idx ON crm.message_links USING btree (record_id, record_kind);

CREATE INDEX messages_campaign_id_idx ON crm.messages USING btree (campaign_id);

CREATE INDEX messages_inbox_idx ON crm.messages USING btree (org_name, created_at DESC) WHERE inbox;

CREATE UNIQUE INDEX messages_org_message_id_key ON crm.messages USING btree (org_name, message_id);

CREATE INDEX messages_sent_by_idx ON crm.messages USING btree (sent_by);

CREATE INDEX messages_thread_id_idx ON crm.messages USING btree (thread_id);

CREATE INDEX mail_settings_created_by_idx ON settings.mail_settings USING btree (created_by);

CREATE UNIQUE INDEX mail_settings_id_key ON settings.mail_settings USING btree (id);

CREATE INDEX mail_settings_last_modified_by_idx ON settings.mail_settings USING btree (last_modified_by);

CREATE INDEX mail_templates_created_by_idx ON settings.mail_templates USING btree (created_by);

CREATE INDEX mail_templates_last_modified_by_idx ON settings.mail_templates USING btree (last_modified_by);

CREATE UNIQUE INDEX mail_templates_name_key ON settings.mail_templates USING btree (org_name, lower(name)) WHERE (NOT archive);

CREATE INDEX mail_templates_org_name_idx ON settings.mail_templates USING btree (org_name);

alter table app.mail_outbox add constraint mail_outbox_integration_id_fkey FOREIGN KEY (integration_id) REFERENCES settings.integrations(id) ON DELETE SET NULL;

alter table app.mail_outbox add constraint mail_outbox_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE CASCADE;

alter table app.mail_unsubscribe_tokens add constraint mail_unsubscribe_tokens_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE CASCADE;

alter table app.mail_unsubscribe_tokens add constraint mail_unsubscribe_tokens_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.mail_campaigns add constraint mail_campaigns_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table crm.mail_campaigns add constraint mail_campaigns_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.mail_suppressions add constraint mail_suppressions_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE SET NULL;

alter table crm.mail_suppressions add constraint mail_suppressions_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.message_attachments add constraint message_attachments_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE CASCADE;

alter table crm.message_attachments add constraint message_attachments_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.message_links add constraint message_links_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE CASCADE;

alter table crm.message_links add constraint message_links_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.messages add constraint messages_campaign_id_fkey FOREIGN KEY (campaign_id) REFERENCES crm.mail_campaigns(id) ON DELETE SET NULL;

alter table crm.messages add constraint messages_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table crm.messages add constraint messages_sent_by_fkey FOREIGN KEY (sent_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL;

alter table settings.mail_settings add constraint mail_settings_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.mail_settings add constraint mail_settings_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.mail_settings add constraint mail_settings_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.mail_templates add constraint mail_templates_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.mail_templates add constraint mail_templates_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.mail_templates add constraint mail_templates_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

CREATE OR REPLACE FUNCTION app.finish_outbox_mail(p_id bigint, p_error text DEFAULT NULL::text, p_permanent boolean DEFAULT false, p_bounced text[] DEFAULT '{}'::text[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v app.mail_outbox;
begin
  update app.mail_outbox
     set sent_at = case when p_error is null then now() end,
         last_error = p_error,
         attempts = case when p_error is not null and p_permanent then greatest(attempts, 8) else attempts end
   where id = p_id and sent_at is null
  returning * into v;
  if v.id is null then
    return;
  end if;
  if v.org_name is not null and cardinality(p_bounced) > 0 then
    insert into crm.mail_suppressions (org_name, email, reason, message_id)
    select v.org_name, lower(btrim(b)), 'bounced', v.message_id from unnest(p_bounced) b where app.is_email_address(lower(btrim(b)))
    on conflict (org_name, email) do nothing;
  end if;
  if v.message_id is not null then
    update crm.messages m
       set status = case when p_error is null then 'sent' when v.attempts >= 8 then 'failed' else 'queued' end,
           error = p_error,
           sent_at = case when p_error is null then now() end
     where m.id = v.message_id;
  end if;
end;
$function$;
revoke all on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) from public, anon, authenticated, service_role;
grant execute on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) to service_role;
comment on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) is 'records a sending''s outcome: sent, or the error (retried later unless permanent: a 5xx refusal); refused recipients (p_bounced) go on the organisation''s suppression list; a conversation''s message takes the status';

CREATE OR REPLACE FUNCTION app.inbound_domain()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select lower(coalesce(nullif(current_setting('steward.inbound_domain', true), ''), 'in.steward.localhost'))
$function$;
revoke all on function app.inbound_domain() from public, anon, authenticated, service_role;
grant execute on function app.inbound_domain() to authenticated;
grant execute on function app.inbound_domain() to service_role;
comment on function app.inbound_domain() is 'the domain organisations receive mail at (<org slug>@<domain>): the database setting steward.inbound_domain, which the local stack sets from STEWARD_INBOUND_DOMAIN';

CREATE OR REPLACE FUNCTION app.inbox_message_for_edit(p_message uuid)
 RETURNS crm.messages
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v crm.messages;
begin
  select * into v from crm.messages m
   where m.id = p_message and m.direction = 'in'
     and (m.org_name = any (app.orgs_with_access('crm', 'edit', 'Organization')) or m.org_name = any (app.orgs_with_access('crm', 'edit', 'Personal')));
  if v.id is null then
    raise exception using errcode = '42501', message = 'You cannot file that message';
  end if;
  return v;
end;
$function$;
revoke all on function app.inbox_message_for_edit(p_message uuid) from public, anon, authenticated, service_role;
grant execute on function app.inbox_message_for_edit(p_message uuid) to service_role;

CREATE OR REPLACE FUNCTION app.is_email_address(p_value text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(p_value ~ '^[^@\s<>(),;:"\[\]\\]+@[^@\s<>(),;:"\[\]\\.]+(\.[^@\s<>(),;:"\[\]\\.]+)+$' and length(p_value) <= 254, false)
$function$;
revoke all on function app.is_email_address(p_value text) from public, anon, authenticated, service_role;
grant execute on function app.is_email_address(p_value text) to authenticated;
grant execute on function app.is_email_address(p_value text) to service_role;

CREATE OR REPLACE FUNCTION app.link_thread(p_message crm.messages, p_kind text, p_id uuid)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into crm.message_links (message_id, record_kind, record_id, org_name)
  select m.id, p_kind, p_id, m.org_name from crm.messages m where m.org_name = p_message.org_name and m.thread_id = p_message.thread_id
  on conflict do nothing;
  update crm.messages m set inbox = false where m.org_name = p_message.org_name and m.thread_id = p_message.thread_id and m.inbox;
$function$;
revoke all on function app.link_thread(p_message crm.messages, p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.link_thread(p_message crm.messages, p_kind text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.mail_suppression_problem(p_org text, p_email text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select format(case s.reason when 'unsubscribed' then '%s has unsubscribed' else '%s bounced earlier' end, s.email)
  from crm.mail_suppressions s where s.org_name = p_org and s.email = lower(btrim(p_email))
$function$;
revoke all on function app.mail_suppression_problem(p_org text, p_email text) from public, anon, authenticated, service_role;
grant execute on function app.mail_suppression_problem(p_org text, p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.mail_unsubscribe_url(p_org text, p_email text, p_message uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_token text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
begin
  insert into app.mail_unsubscribe_tokens (token_hash, org_name, email, message_id)
  values (encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), p_org, lower(btrim(p_email)), p_message);
  return rtrim(coalesce(nullif(current_setting('steward.site_url', true), ''), 'http://localhost:3000'), '/') || '/unsubscribe/' || v_token;
end;
$function$;
revoke all on function app.mail_unsubscribe_url(p_org text, p_email text, p_message uuid) from public, anon, authenticated, service_role;
grant execute on function app.mail_unsubscribe_url(p_org text, p_email text, p_message uuid) to service_role;

CREATE OR REPLACE FUNCTION app.message_file_claimed(p_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from crm.message_attachments a where a.bucket_id = 'message-files' and a.storage_path = p_name)
$function$;
revoke all on function app.message_file_claimed(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.message_file_claimed(p_name text) to authenticated;
grant execute on function app.message_file_claimed(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.message_fill(p_text text, p_values jsonb, p_one_line boolean DEFAULT false)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_out text := '';
  v_rest text := coalesce(p_text, '');
  v_match text[];
  v_name text;
  v_value text;
  v_at integer;
begin
  loop
    v_match := regexp_match(v_rest, '\{\{\s*([^{}]*?)\s*\}\}');
    exit when v_match is null;
    v_name := v_match[1];
    if not (p_values ? v_name) then
      raise exception using errcode = '22023', message = format('{{%s}} is not a merge field', v_name);
    end if;
    v_value := coalesce(p_values ->> v_name, '');
    if p_one_line then
      v_value := regexp_replace(v_value, '[\r\n]+', ' ', 'g');
    end if;
    v_at := strpos(v_rest, substring(v_rest from '\{\{\s*[^{}]*?\s*\}\}'));
    v_out := v_out || left(v_rest, v_at - 1) || v_value;
    v_rest := substr(v_rest, v_at + length(substring(v_rest from '\{\{\s*[^{}]*?\s*\}\}')));
  end loop;
  return v_out || v_rest;
end;
$function$;
revoke all on function app.message_fill(p_text text, p_values jsonb, p_one_line boolean) from public, anon, authenticated, service_role;
grant execute on function app.message_fill(p_text text, p_values jsonb, p_one_line boolean) to service_role;

CREATE OR REPLACE FUNCTION app.message_html(p_text text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_out text := '';
  v_open text := null;
  v_line text;
  v_para text := null;
begin
  foreach v_line in array regexp_split_to_array(replace(coalesce(p_text, ''), E'\r', ''), E'\n') loop
    if v_line ~ '^\s*[-*]\s+' or v_line ~ '^\s*[0-9]+[.)]\s+' then
      if v_para is not null then v_out := v_out || '<p>' || v_para || '</p>'; v_para := null; end if;
      if v_open is distinct from (case when v_line ~ '^\s*[-*]\s+' then 'ul' else 'ol' end) then
        if v_open is not null then v_out := v_out || '</' || v_open || '>'; end if;
        v_open := case when v_line ~ '^\s*[-*]\s+' then 'ul' else 'ol' end;
        v_out := v_out || '<' || v_open || '>';
      end if;
      v_out := v_out || '<li>' || app.message_inline_html(regexp_replace(v_line, '^\s*([-*]|[0-9]+[.)])\s+', '')) || '</li>';
    elsif btrim(v_line) = '' then
      if v_open is not null then v_out := v_out || '</' || v_open || '>'; v_open := null; end if;
      if v_para is not null then v_out := v_out || '<p>' || v_para || '</p>'; v_para := null; end if;
    else
      if v_open is not null then v_out := v_out || '</' || v_open || '>'; v_open := null; end if;
      v_para := case when v_para is null then '' else v_para || '<br>' end || app.message_inline_html(v_line);
    end if;
  end loop;
  if v_open is not null then v_out := v_out || '</' || v_open || '>'; end if;
  if v_para is not null then v_out := v_out || '<p>' || v_para || '</p>'; end if;
  return v_out;
end;
$function$;
revoke all on function app.message_html(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.message_html(p_text text) to service_role;

CREATE OR REPLACE FUNCTION app.message_inline_html(p_line text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select regexp_replace(regexp_replace(regexp_replace(
           replace(replace(replace(replace(replace(p_line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'),
           '\[([^\]]+)\]\(((https?://|mailto:)[^)\s]+)\)', '<a href="\2">\1</a>', 'g'),
           '\*\*([^*]+)\*\*', '<strong>\1</strong>', 'g'),
           '(^|[^A-Za-z0-9_/])_([^_]+)_($|[^A-Za-z0-9_])', '\1<em>\2</em>\3', 'g')
$function$;
revoke all on function app.message_inline_html(p_line text) from public, anon, authenticated, service_role;
grant execute on function app.message_inline_html(p_line text) to service_role;

CREATE OR REPLACE FUNCTION app.message_merge_values(p_kind text, p_id uuid, p_org text, p_unsubscribe_url text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v jsonb := app.message_person(p_kind, p_id);
  v_stay catalog.reservations;
  v_unit text;
  v_currency text;
  v_tz text := app.org_timezone(p_org);
begin
  v := jsonb_build_object('first_name', v ->> 'first_name', 'last_name', v ->> 'last_name', 'full_name', v ->> 'full_name',
                          'email', coalesce(v ->> 'email', ''),
                          'organization.name', (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = p_org),
                          'unsubscribe_url', coalesce(p_unsubscribe_url, ''));
  if p_kind = 'reservation' then
    select * into v_stay from catalog.reservations r where r.id = p_id;
    select a.name into v_unit from catalog.accommodations a where a.id = v_stay.accommodation_id;
    select s.currency into v_currency from catalog.lodging_settings s where s.org_name = p_org;
    v := v || jsonb_build_object(
      'stay.check_in', to_char(v_stay.check_in at time zone coalesce(v_tz, 'UTC'), 'FMMonth FMDD, YYYY'),
      'stay.check_out', to_char(v_stay.check_out at time zone coalesce(v_tz, 'UTC'), 'FMMonth FMDD, YYYY'),
      'stay.total', to_char(coalesce(v_stay.total_amount, 0), 'FM999999990.00') || ' ' || coalesce(v_currency, 'USD'),
      'stay.unit', coalesce(v_unit, ''));
  end if;
  return v;
end;
$function$;
revoke all on function app.message_merge_values(p_kind text, p_id uuid, p_org text, p_unsubscribe_url text) from public, anon, authenticated, service_role;
grant execute on function app.message_merge_values(p_kind text, p_id uuid, p_org text, p_unsubscribe_url text) to service_role;

CREATE OR REPLACE FUNCTION app.message_person(p_kind text, p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v jsonb;
  v_contact uuid;
begin
  if p_kind = 'reservation' then
    select r.contact_id into v_contact from catalog.reservations r where r.id = p_id;
    return case when v_contact is null then jsonb_build_object('email', null, 'first_name', '', 'last_name', '', 'full_name', '')
                else app.message_person('contact', v_contact) end;
  end if;
  if p_kind in ('contact', 'business', 'household') then
    select jsonb_build_object(
             'first_name', coalesce(case p_kind when 'contact' then coalesce(nullif(c.first_name, ''), c.name) else coalesce(h.preferred_addressee, b.name, h.name) end, ''),
             'last_name', coalesce(case p_kind when 'contact' then c.last_name end, ''),
             'full_name', coalesce(c.name, b.name, coalesce(h.preferred_addressee, h.name), ''),
             'email', (select lower(btrim(m.value)) from crm.contact_methods m
                        where m.kind = 'email' and not m.archive
                          and case p_kind when 'contact' then m.contact_id when 'business' then m.business_id else m.household_id end = p_id
                        order by m.is_primary desc, m.created_at
                        limit 1))
      into v
      from (select p_id as id) k
      left join crm.contacts c on p_kind = 'contact' and c.id = k.id
      left join crm.businesses b on p_kind = 'business' and b.id = k.id
      left join crm.households h on p_kind = 'household' and h.id = k.id;
  elsif p_kind = 'user' then
    select jsonb_build_object('first_name', coalesce(nullif(u.first_name, ''), u.name), 'last_name', coalesce(u.last_name, ''),
                              'full_name', u.name, 'email', lower(u.email::text))
      into v from public.user_profiles u where u.id = p_id;
  elsif p_kind = 'staff' then
    select jsonb_build_object('first_name', coalesce(nullif(s.preferred_name, ''), s.legal_first_name, u.first_name, u.name, ''),
                              'last_name', coalesce(s.legal_last_name, u.last_name, ''),
                              'full_name', coalesce(u.name, concat_ws(' ', coalesce(nullif(s.preferred_name, ''), s.legal_first_name), s.legal_last_name)),
                              'email', lower(coalesce(s.email::text, u.email::text)))
      into v from hr.staff_profiles s left join public.user_profiles u on u.id = s.user_profile_id where s.id = p_id;
  end if;
  return coalesce(v, jsonb_build_object('email', null, 'first_name', '', 'last_name', '', 'full_name', ''));
end;
$function$;
revoke all on function app.message_person(p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.message_person(p_kind text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.message_record_org(p_kind text, p_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_table regclass := app.message_record_table(p_kind);
  v_org text;
begin
  if v_table is null then
    raise exception using errcode = '22023', message = format('%s is not a kind of record a message can be on', coalesce(p_kind, 'null'));
  end if;
  if p_id is null then
    return null;
  end if;
  if auth.uid() is null and auth.role() = 'service_role' then
    execute format('select t.org_name from %s t where t.id = $1', v_table) into v_org using p_id;
  else
    execute format('select t.org_name from %s t where t.id = $1 and t.org_name = any (app.member_orgs()) and (%s)', v_table, app.read_rule_sql(v_table))
      into v_org using p_id;
  end if;
  return v_org;
end;
$function$;
revoke all on function app.message_record_org(p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.message_record_org(p_kind text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.message_record_table(p_kind text)
 RETURNS regclass
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_kind
    when 'contact' then 'crm.contacts'::regclass
    when 'business' then 'crm.businesses'::regclass
    when 'household' then 'crm.households'::regclass
    when 'user' then 'public.user_profiles'::regclass
    when 'staff' then 'hr.staff_profiles'::regclass
    when 'reservation' then 'catalog.reservations'::regclass
  end
$function$;
revoke all on function app.message_record_table(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.message_record_table(p_kind text) to service_role;

CREATE OR REPLACE FUNCTION app.message_signature(p_org text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select nullif(btrim(s.signature), '') from settings.mail_settings s where s.org_name = p_org
$function$;
revoke all on function app.message_signature(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.message_signature(p_org text) to service_role;

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.mail_campaigns r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) is 'whether the crm.mail_campaigns record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__messages(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.messages r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__messages(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__messages(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__messages(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__messages(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__crm__messages(p_id uuid, p_org text) is 'whether the crm.messages record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__settings__integrations(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from settings.integrations r where r.id = p_id $function$;
revoke all on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) to steward_import_writer;
comment on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) is 'whether the settings.integrations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.receive_mail(p_mail jsonb)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_address text;
  v_local text;
  v_slug text;
  v_token text;
  v_org text;
  v_id uuid := gen_random_uuid();
  v_header_id text := nullif(btrim(p_mail ->> 'message_id'), '');
  v_refs text[];
  v_parent crm.messages;
  v_thread uuid;
  v_from text := lower(btrim(coalesce(p_mail ->> 'from', '')));
  v_existing uuid;
  v_linked integer;
begin
  -- The organisation: the first recipient at the inbound domain (<slug> or <slug>+<thread>).
  for v_address in
    select lower(btrim(e)) from jsonb_array_elements_text(
      (case when jsonb_typeof(p_mail -> 'to') = 'array' then p_mail -> 'to' when p_mail ? 'to' then jsonb_build_array(p_mail -> 'to') else '[]' end)
      || (case when jsonb_typeof(p_mail -> 'cc') = 'array' then p_mail -> 'cc' else '[]' end)) e
  loop
    if split_part(v_address, '@', 2) = app.inbound_domain() then
      v_local := split_part(v_address, '@', 1);
      v_slug := split_part(v_local, '+', 1);
      v_token := nullif(split_part(v_local, '+', 2), '');
      select o.name into v_org from public.organizations o where lower(app.org_slug(o.name)) = v_slug and o.name <> '_system_default_' limit 1;
      exit when v_org is not null;
    end if;
  end loop;
  if v_org is null then
    raise exception using errcode = '22023', message = 'No organisation receives mail at that address';
  end if;
  if not app.is_email_address(v_from) then
    raise exception using errcode = '22023', message = format('%s is not an e-mail address', v_from);
  end if;
  v_header_id := coalesce(v_header_id, '<' || v_id || '@' || app.inbound_domain() || '>');
  select m.id into v_existing from crm.messages m where m.org_name = v_org and m.message_id = v_header_id;
  if v_existing is not null then
    return v_existing;
  end if;
  -- The thread: what it answers (In-Reply-To, then References, newest first), else the reply address's.
  v_refs := array_remove(array[nullif(btrim(p_mail ->> 'in_reply_to'), '')]
            || array(select r from unnest(regexp_split_to_array(coalesce(
                       case when jsonb_typeof(p_mail -> 'references') = 'array' then (select string_agg(x, ' ') from jsonb_array_elements_text(p_mail -> 'references') x)
                            else p_mail ->> 'references' end, ''), '\s+')) with ordinality as t(r, n) where r <> '' order by n desc), null);
  select m.* into v_parent from crm.messages m
   where m.org_name = v_org and m.message_id = any (v_refs)
   order by array_position(v_refs, m.message_id) limit 1;
  if v_parent.id is null and v_token ~ '^[0-9a-f]{32}$' then
    select m.* into v_parent from crm.messages m where m.org_name = v_org and m.thread_id = v_token::uuid order by m.created_at desc limit 1;
  end if;
  v_thread := coalesce(v_parent.thread_id, v_id);
  insert into crm.messages (id, org_name, direction, thread_id, message_id, in_reply_to, subject, body_text, body_html,
                            from_email, from_name, to_emails, cc_emails, status, sent_at, inbox)
  values (v_id, v_org, 'in', v_thread, left(v_header_id, 998), nullif(btrim(p_mail ->> 'in_reply_to'), ''),
          left(regexp_replace(coalesce(p_mail ->> 'subject', ''), '[\r\n]+', ' ', 'g'), 998),
          coalesce(p_mail ->> 'text', ''), p_mail ->> 'html', v_from, nullif(btrim(p_mail ->> 'from_name'), ''),
          array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_mail -> 'to') = 'array' then p_mail -> 'to' when p_mail ? 'to' then jsonb_build_array(p_mail -> 'to') else '[]' end) e),
          array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_mail -> 'cc') = 'array' then p_mail -> 'cc' else '[]' end) e),
          'received', now(), false);
  -- Its records: whose address is the sender's, and the thread's.
  insert into crm.message_links (message_id, record_kind, record_id, org_name)
  select v_id, k.kind, k.id, v_org from (
    select 'contact' as kind, cm.contact_id as id from crm.contact_methods cm
     where cm.org_name = v_org and cm.kind = 'email' and lower(cm.value) = v_from and cm.contact_id is not null and not cm.archive
    union select 'business', cm.business_id from crm.contact_methods cm
     where cm.org_name = v_org and cm.kind = 'email' and lower(cm.value) = v_from and cm.business_id is not null and not cm.archive
    union select 'household', cm.household_id from crm.contact_methods cm
     where cm.org_name = v_org and cm.kind = 'email' and lower(cm.value) = v_from and cm.household_id is not null and not cm.archive
    union select 'user', u.id from public.user_profiles u where u.org_name = v_org and lower(u.email::text) = v_from
    union select 'staff', s.id from hr.staff_profiles s where s.org_name = v_org and lower(s.email::text) = v_from
    union select l.record_kind, l.record_id from crm.message_links l join crm.messages m on m.id = l.message_id
     where v_parent.id is not null and m.org_name = v_org and m.thread_id = v_thread) k
  on conflict do nothing;
  get diagnostics v_linked = row_count;
  if v_linked = 0 then
    update crm.messages set inbox = true where id = v_id;
  end if;
  insert into crm.message_attachments (message_id, org_name, file_name, content_type, size_bytes, storage_path, bucket_id)
  select v_id, v_org, left(regexp_replace(coalesce(nullif(btrim(a ->> 'file_name'), ''), 'attachment'), '[\r\n]+', ' ', 'g'), 255),
         coalesce(a ->> 'content_type', 'application/octet-stream'), least(coalesce((a ->> 'size_bytes')::bigint, 0), 10485760), a ->> 'storage_path', 'message-files'
  from jsonb_array_elements(case when jsonb_typeof(p_mail -> 'attachments') = 'array' then p_mail -> 'attachments' else '[]' end) a
  where nullif(a ->> 'storage_path', '') is not null;
  return v_id;
end;
$function$;
revoke all on function app.receive_mail(p_mail jsonb) from public, anon, authenticated, service_role;
grant execute on function app.receive_mail(p_mail jsonb) to service_role;
comment on function app.receive_mail(p_mail jsonb) is 'files one received e-mail (CONVERSATIONS-CONTRACT): organisation from the recipient, thread from In-Reply-To/References or the reply address, linked to the records with the sender''s address and to the thread''s, else in the inbox; a Message-ID seen before is ignored';

CREATE OR REPLACE FUNCTION app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(
           (to_jsonb(m) - 'inbox')
           || jsonb_build_object(
                'sent_by_name', coalesce(nullif(u.display_name, ''), u.name),
                'attachments', coalesce(a.files, '[]'::jsonb),
                'links', coalesce(k.records, '[]'::jsonb))
           order by m.created_at desc, m.id desc), '[]'::jsonb)
  from (select m.* from crm.message_links l
          join crm.messages m on m.id = l.message_id
         where l.record_id = p_id and l.record_kind = p_kind
           and (p_before is null or m.created_at < p_before)
         order by m.created_at desc, m.id desc
         limit least(greatest(coalesce(p_limit, 50), 1), 200)) m
  left join public.user_profiles u on u.id = m.sent_by
  left join lateral (select jsonb_agg(jsonb_build_object('id', f.id, 'file_name', f.file_name, 'content_type', f.content_type, 'size_bytes', f.size_bytes,
                                                         'storage_path', f.storage_path, 'bucket_id', f.bucket_id) order by f.file_name) as files
                       from crm.message_attachments f where f.message_id = m.id) a on true
  left join lateral (select jsonb_agg(jsonb_build_object('kind', x.record_kind, 'id', x.record_id)) as records
                       from crm.message_links x where x.message_id = m.id) k on true
$function$;
revoke all on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone) to authenticated;
grant execute on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.require_mail_quota(p_org text, p_count integer DEFAULT 1)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_limit integer := (select l.value from app.organization_limits l where l.name = 'mails_per_day');
begin
  if app.mail_quota_reached(p_org)
     or (p_count > 1 and v_limit is not null
         and (select count(*) from app.mail_outbox m where m.org_name = p_org and m.created_at > now() - interval '24 hours') + p_count > v_limit) then
    raise exception using errcode = 'PT429',
      message = format('%s has reached its limit of %s e-mails in 24 hours; this change sends an e-mail, so it was not saved. Try again later.', p_org, v_limit);
  end if;
end;
$function$;
revoke all on function app.require_mail_quota(p_org text, p_count integer) from public, anon, authenticated, service_role;
grant execute on function app.require_mail_quota(p_org text, p_count integer) to service_role;

CREATE OR REPLACE FUNCTION app.write_out_message(p_org text, p_to text[], p_cc text[], p_subject text, p_body text, p_links jsonb, p_attachments jsonb, p_reply_to uuid, p_campaign uuid, p_send_at timestamp with time zone, p_unsubscribe_url text, p_id uuid DEFAULT gen_random_uuid())
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_slug text := lower(app.org_slug(p_org));
  v_parent crm.messages;
  v_thread uuid := p_id;
  v_account settings.integrations;
  v_from_email text;
  v_from_name text;
  v_html text;
  v_header_id text := '<' || p_id || '@' || v_slug || '.steward>';
begin
  if p_reply_to is not null then
    select * into v_parent from crm.messages m where m.id = p_reply_to and m.org_name = p_org;
    v_thread := coalesce(v_parent.thread_id, p_id);
  end if;
  select * into v_account from settings.integrations i
   where i.org_name = p_org and i.type = 'smtp' and i.is_active and not i.archive
   order by i.created_at limit 1;
  v_from_name := coalesce((select nullif(btrim(s.from_name), '') from settings.mail_settings s where s.org_name = p_org),
                          nullif(v_account.settings ->> 'from_name', ''),
                          (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = p_org));
  v_from_name := regexp_replace(v_from_name, '[\r\n<>"]', '', 'g');
  v_from_email := case when v_account.id is not null then nullif(lower(btrim(coalesce(v_account.settings ->> 'from_email', v_account.settings ->> 'user'))), '') end;
  if v_from_email is not null and not app.is_email_address(v_from_email) then
    v_from_email := null;
  end if;
  v_html := app.message_html(p_body);
  insert into crm.messages (id, org_name, direction, thread_id, message_id, in_reply_to, subject, body_text, body_html,
                            from_email, from_name, to_emails, cc_emails, status, sent_by, campaign_id)
  values (p_id, p_org, 'out', v_thread, v_header_id, v_parent.message_id, p_subject, p_body, v_html,
          coalesce(v_from_email, 'noreply@steward.local'), v_from_name, p_to, p_cc, 'queued', app.profile_id_in(p_org), p_campaign);
  insert into crm.message_links (message_id, record_kind, record_id, org_name)
  select distinct p_id, l ->> 'kind', (l ->> 'id')::uuid, p_org from jsonb_array_elements(coalesce(p_links, '[]')) l
  on conflict do nothing;
  insert into crm.message_attachments (message_id, org_name, file_name, content_type, size_bytes, storage_path, bucket_id)
  select p_id, p_org, a ->> 'file_name', coalesce(a ->> 'content_type', 'application/octet-stream'), (a ->> 'size_bytes')::bigint,
         a ->> 'storage_path', coalesce(a ->> 'bucket_id', 'message-files')
  from jsonb_array_elements(coalesce(p_attachments, '[]')) a;
  insert into app.mail_outbox (org_name, kind, to_email, more_to_emails, cc_emails, subject, body_text, body_html, related_table, related_id,
                               next_attempt_at, message_id, from_email, from_name, reply_to, header_message_id, in_reply_to, attachments,
                               integration_id, list_unsubscribe)
  values (p_org, 'conversation', p_to[1], p_to[2:], p_cc, p_subject, p_body, v_html, 'crm.messages', p_id,
          coalesce(p_send_at, now()), p_id, v_from_email, v_from_name, v_slug || '+' || replace(v_thread::text, '-', '') || '@' || app.inbound_domain(),
          v_header_id, v_parent.message_id,
          coalesce((select jsonb_agg(jsonb_build_object('bucket_id', coalesce(a ->> 'bucket_id', 'message-files'), 'storage_path', a ->> 'storage_path',
                                                        'file_name', a ->> 'file_name', 'content_type', a ->> 'content_type'))
                    from jsonb_array_elements(coalesce(p_attachments, '[]')) a), '[]'),
          v_account.id, p_unsubscribe_url);
  perform pg_notify('mail_outbox', p_id::text);
  return p_id;
end;
$function$;
revoke all on function app.write_out_message(p_org text, p_to text[], p_cc text[], p_subject text, p_body text, p_links jsonb, p_attachments jsonb, p_reply_to uuid, p_campaign uuid, p_send_at timestamp with time zone, p_unsubscribe_url text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.write_out_message(p_org text, p_to text[], p_cc text[], p_subject text, p_body text, p_links jsonb, p_attachments jsonb, p_reply_to uuid, p_campaign uuid, p_send_at timestamp with time zone, p_unsubscribe_url text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.attach_message(p_message uuid, p_kind text, p_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v crm.messages := app.inbox_message_for_edit(p_message);
begin
  if app.message_record_org(p_kind, p_id) is distinct from v.org_name then
    raise exception using errcode = '42501', message = 'You cannot see that record';
  end if;
  perform app.link_thread(v, p_kind, p_id);
end;
$function$;
revoke all on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) to authenticated;
grant execute on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.create_contact_from_message(p_message uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v crm.messages := app.inbox_message_for_edit(p_message);
  v_name text;
  v_contact uuid := gen_random_uuid();
  v_profile uuid;
begin
  if not (v.org_name = any (app.orgs_with_access('crm', 'create', 'allowed'))) then
    raise exception using errcode = '42501', message = 'You cannot add contacts';
  end if;
  v_profile := app.profile_id_in(v.org_name);
  v_name := coalesce(nullif(btrim(v.from_name), ''), split_part(v.from_email, '@', 1));
  insert into crm.contacts (id, org_name, name, first_name, last_name, created_by, last_modified_by, primary_owner_id)
  values (v_contact, v.org_name, v_name,
          case when v_name ~ '\s' then regexp_replace(v_name, '\s+\S+$', '') else v_name end,
          case when v_name ~ '\s' then substring(v_name from '\S+$') end,
          v_profile, v_profile, v_profile);
  insert into crm.contact_methods (org_name, contact_id, value, label, type_id, is_primary, created_by, last_modified_by)
  values (v.org_name, v_contact, lower(v.from_email), 'E-mail',
          (select t.id from crm.contact_method_types t where t.kind = 'email' and t.org_name in (v.org_name, '_system_default_')
            order by t.org_name = v.org_name desc, t.created_at limit 1),
          true, v_profile, v_profile);
  perform app.link_thread(v, 'contact', v_contact);
  return v_contact;
end;
$function$;
revoke all on function crm.create_contact_from_message(p_message uuid) from public, anon, authenticated, service_role;
grant execute on function crm.create_contact_from_message(p_message uuid) to authenticated;
grant execute on function crm.create_contact_from_message(p_message uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.merge_fields(p_kind text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_agg(jsonb_build_object('name', f.name, 'label', f.label) order by f.place)
  from (values
    (1, 'first_name', 'First name'), (2, 'last_name', 'Last name'), (3, 'full_name', 'Full name'), (4, 'email', 'E-mail'),
    (5, 'organization.name', 'Organisation name'),
    (6, 'stay.check_in', 'Check-in'), (7, 'stay.check_out', 'Check-out'), (8, 'stay.total', 'Stay total'), (9, 'stay.unit', 'Accommodation'),
    (10, 'unsubscribe_url', 'Unsubscribe link')) as f(place, name, label)
  where p_kind = 'reservation' or f.name not like 'stay.%'
$function$;
revoke all on function crm.merge_fields(p_kind text) from public, anon, authenticated, service_role;
grant execute on function crm.merge_fields(p_kind text) to authenticated;
grant execute on function crm.merge_fields(p_kind text) to service_role;

CREATE OR REPLACE FUNCTION crm.record_messages(p_kind text, p_id uuid, p_limit integer DEFAULT 50, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The record as the caller may see it (its table's own policies, Personal included), then its page.
  select case when case p_kind
      when 'contact' then exists (select 1 from crm.contacts r where r.id = p_id)
      when 'business' then exists (select 1 from crm.businesses r where r.id = p_id)
      when 'household' then exists (select 1 from crm.households r where r.id = p_id)
      when 'user' then exists (select 1 from public.user_profiles r where r.id = p_id)
      when 'staff' then exists (select 1 from hr.staff_profiles r where r.id = p_id)
      when 'reservation' then exists (select 1 from catalog.reservations r where r.id = p_id)
      else false end
    then app.record_messages_page(p_kind, p_id, p_limit, p_before)
    else '[]'::jsonb end
$function$;
revoke all on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone) to authenticated;
grant execute on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone) to service_role;
comment on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone) is 'a record''s conversation, newest first, p_limit (≤ 200) at a time before p_before; empty when the caller may not see the record';

CREATE OR REPLACE FUNCTION crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text := app.message_record_org(p_kind, p_id);
  v_values jsonb;
  v_body text;
  v_signature text;
begin
  if v_org is null then
    raise exception using errcode = '42501', message = 'You cannot see that record';
  end if;
  v_values := app.message_merge_values(p_kind, p_id, v_org,
    rtrim(coalesce(nullif(current_setting('steward.site_url', true), ''), 'http://localhost:3000'), '/') || '/unsubscribe/preview');
  v_body := app.message_fill(p_body, v_values);
  v_signature := app.message_signature(v_org);
  return jsonb_build_object(
    'subject', app.message_fill(p_subject, v_values, true),
    'body', v_body,
    'signature', v_signature,
    'html', app.message_html(v_body || coalesce(E'\n\n-- \n' || v_signature, '')),
    'to', v_values ->> 'email');
end;
$function$;
revoke all on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) to authenticated;
grant execute on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.send_message(p_message jsonb)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id uuid := gen_random_uuid();
  v_links jsonb := '[]';
  v_link jsonb;
  v_org text;
  v_link_org text;
  v_first_kind text;
  v_first_id uuid;
  v_to text[];
  v_cc text[];
  v_address text;
  v_subject text;
  v_body text;
  v_template settings.mail_templates;
  v_reply crm.messages;
  v_values jsonb;
  v_attachments jsonb := '[]';
  v_item jsonb;
  v_file record;
  v_total bigint := 0;
  v_problem text;
  v_unsubscribe text;
  v_guest uuid;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to send a message';
  end if;
  if jsonb_typeof(p_message) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The message must be an object';
  end if;
  -- The thread it answers, and the records of that thread by default.
  if nullif(p_message ->> 'reply_to', '') is not null then
    select * into v_reply from crm.messages m where m.id = (p_message ->> 'reply_to')::uuid;
    if v_reply.id is null then
      raise exception using errcode = '22023', message = 'The message it answers does not exist';
    end if;
  end if;
  for v_link in select * from jsonb_array_elements(case when jsonb_typeof(p_message -> 'links') = 'array' then p_message -> 'links' else '[]' end) loop
    v_link_org := app.message_record_org(v_link ->> 'kind', nullif(v_link ->> 'id', '')::uuid);
    if v_link_org is null then
      raise exception using errcode = '42501', message = 'You cannot see that record';
    end if;
    if v_org is not null and v_org <> v_link_org then
      raise exception using errcode = '22023', message = 'A message is on records of one organisation';
    end if;
    v_org := v_link_org;
    v_links := v_links || jsonb_build_array(jsonb_build_object('kind', v_link ->> 'kind', 'id', v_link ->> 'id'));
    if v_first_kind is null then
      v_first_kind := v_link ->> 'kind';
      v_first_id := (v_link ->> 'id')::uuid;
    end if;
    -- A reservation's message is its guest's too.
    if v_link ->> 'kind' = 'reservation' then
      select r.contact_id into v_guest from catalog.reservations r where r.id = (v_link ->> 'id')::uuid;
      if v_guest is not null then
        v_links := v_links || jsonb_build_array(jsonb_build_object('kind', 'contact', 'id', v_guest));
      end if;
    end if;
  end loop;
  if v_reply.id is not null then
    if v_org is null then
      -- Answering from the thread: the caller must see the message it answers.
      if not exists (select 1 from crm.messages m where m.id = v_reply.id and m.org_name = any (app.member_orgs())
                       and (m.inbox and (m.org_name = any (app.orgs_with_access('crm', 'edit', 'Organization')) or m.org_name = any (app.orgs_with_access('crm', 'edit', 'Personal')))
                            or exists (select 1 from crm.message_links l where l.message_id = m.id and app.message_record_org(l.record_kind, l.record_id) is not null))) then
        raise exception using errcode = '42501', message = 'You cannot see that record';
      end if;
      v_org := v_reply.org_name;
      v_links := coalesce((select jsonb_agg(jsonb_build_object('kind', l.record_kind, 'id', l.record_id)) from crm.message_links l where l.message_id = v_reply.id), '[]');
      select l.record_kind, l.record_id into v_first_kind, v_first_id from crm.message_links l where l.message_id = v_reply.id order by l.record_kind = 'reservation' desc limit 1;
    elsif v_reply.org_name <> v_org then
      raise exception using errcode = '22023', message = 'The message it answers does not exist';
    end if;
  end if;
  if v_org is null then
    raise exception using errcode = '22023', message = 'Send the message from a record';
  end if;
  -- Template, subject, body.
  if nullif(p_message ->> 'template_id', '') is not null then
    select * into v_template from settings.mail_templates t where t.id = (p_message ->> 'template_id')::uuid and t.org_name = v_org;
  end if;
  v_subject := btrim(coalesce(nullif(p_message ->> 'subject', ''), v_template.subject, ''));
  v_body := coalesce(nullif(btrim(p_message ->> 'body'), ''), v_template.body, '');
  if v_subject = '' then
    raise exception using errcode = '22023', message = 'Give the message a subject';
  end if;
  if v_body ~ '^\s*$' then
    raise exception using errcode = '22023', message = 'Write the message';
  end if;
  if v_subject ~ '[\r\n]' then
    raise exception using errcode = '22023', message = 'An e-mail''s subject and address cannot contain line breaks';
  end if;
  -- Addresses.
  v_to := array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_message -> 'to') = 'array' then p_message -> 'to' else '[]' end) e where btrim(e) <> '');
  v_cc := array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_message -> 'cc') = 'array' then p_message -> 'cc' else '[]' end) e where btrim(e) <> '');
  if cardinality(v_to) = 0 and v_first_kind is not null then
    v_to := array_remove(array[app.message_person(v_first_kind, v_first_id) ->> 'email'], null);
  end if;
  if cardinality(v_to) = 0 and v_reply.id is not null then
    v_to := array[lower(v_reply.from_email)];
  end if;
  if cardinality(v_to) = 0 then
    raise exception using errcode = '22023', message = 'Add an address to send it to';
  end if;
  if cardinality(v_to) + cardinality(v_cc) > 50 then
    raise exception using errcode = '22023', message = 'A message goes to at most 50 addresses';
  end if;
  foreach v_address in array v_to || v_cc loop
    if not app.is_email_address(v_address) then
      raise exception using errcode = '22023', message = format('%s is not an e-mail address', v_address);
    end if;
    v_problem := app.mail_suppression_problem(v_org, v_address);
    if v_problem is not null then
      raise exception using errcode = '22023', message = v_problem;
    end if;
  end loop;
  -- Merge fields, for the first record (the reservation when there is one).
  if strpos(v_body, 'unsubscribe_url') > 0 then
    v_unsubscribe := app.mail_unsubscribe_url(v_org, v_to[1], null);
  end if;
  v_values := case when v_first_kind is not null then app.message_merge_values(v_first_kind, v_first_id, v_org, v_unsubscribe)
                   else jsonb_build_object('first_name', '', 'last_name', '', 'full_name', coalesce(v_reply.from_name, ''), 'email', v_to[1],
                                           'organization.name', (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = v_org),
                                           'unsubscribe_url', coalesce(v_unsubscribe, '')) end;
  v_subject := app.message_fill(v_subject, v_values, true);
  v_body := app.message_fill(v_body, v_values);
  v_body := v_body || coalesce(E'\n\n-- \n' || app.message_signature(v_org), '');
  -- Attachments: a record file the caller may see, or a file they uploaded into message-files.
  for v_item in select * from jsonb_array_elements(case when jsonb_typeof(p_message -> 'attachments') = 'array' then p_message -> 'attachments' else '[]' end) loop
    if nullif(v_item ->> 'file_id', '') is not null then
      execute format('select f.name, f.content_type, f.size_bytes, f.storage_path from crm.crm_files f where f.id = $1 and f.org_name = $2 and not f.archive and f.storage_path is not null and (%s)',
                     app.read_rule_sql('crm.crm_files'))
        into v_file using (v_item ->> 'file_id')::uuid, v_org;
      if v_file.storage_path is null then
        raise exception using errcode = '22023', message = 'That file does not exist';
      end if;
      v_item := jsonb_build_object('file_name', v_file.name, 'content_type', coalesce(v_file.content_type, 'application/octet-stream'),
                                   'size_bytes', coalesce(v_file.size_bytes, 0), 'storage_path', v_file.storage_path, 'bucket_id', 'record-files');
    else
      select o.name, coalesce((o.metadata ->> 'size')::bigint, 0) as size, o.metadata ->> 'mimetype' as mimetype into v_file
        from storage.objects o
       where o.bucket_id = 'message-files' and o.name = v_item ->> 'storage_path'
         and split_part(o.name, '/', 1) = lower(app.org_slug(v_org))
         and o.owner_id = auth.uid()::text and not app.message_file_claimed(o.name);
      if v_file.name is null then
        raise exception using errcode = '22023', message = format('%s was not uploaded', coalesce(nullif(v_item ->> 'file_name', ''), 'The file'));
      end if;
      if btrim(coalesce(v_item ->> 'file_name', '')) = '' or v_item ->> 'file_name' ~ '[\r\n]' then
        raise exception using errcode = '22023', message = 'Give the file a name';
      end if;
      v_item := jsonb_build_object('file_name', v_item ->> 'file_name', 'content_type', coalesce(v_file.mimetype, v_item ->> 'content_type', 'application/octet-stream'),
                                   'size_bytes', greatest(v_file.size, coalesce((v_item ->> 'size_bytes')::bigint, 0)), 'storage_path', v_file.name, 'bucket_id', 'message-files');
    end if;
    if (v_item ->> 'size_bytes')::bigint > 10485760 then
      raise exception using errcode = '22023', message = format('%s is larger than 10 MB', v_item ->> 'file_name');
    end if;
    v_total := v_total + (v_item ->> 'size_bytes')::bigint;
    v_attachments := v_attachments || jsonb_build_array(v_item);
  end loop;
  if v_total > 20971520 then
    raise exception using errcode = '22023', message = 'The attachments are larger than 20 MB together';
  end if;
  perform app.require_mail_quota(v_org, 1);
  perform app.write_out_message(v_org, v_to, v_cc, v_subject, v_body, v_links, v_attachments, v_reply.id, null, null, v_unsubscribe, v_id);
  if v_unsubscribe is not null then
    update app.mail_unsubscribe_tokens set message_id = v_id
     where token_hash = encode(sha256(convert_to(split_part(v_unsubscribe, '/unsubscribe/', 2), 'UTF8')), 'hex');
  end if;
  return v_id;
end;
$function$;
revoke all on function crm.send_message(p_message jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.send_message(p_message jsonb) to authenticated;
grant execute on function crm.send_message(p_message jsonb) to service_role;
comment on function crm.send_message(p_message jsonb) is 'sends one e-mail from records (CONVERSATIONS-CONTRACT): fills merge fields, adds the signature, renders the HTML, queues it in the outbox; any refusal writes nothing';

CREATE OR REPLACE FUNCTION crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_ids uuid[] := coalesce(p_ids, '{}');
  v_page jsonb;
  v_offset integer := 0;
  v_org text;
  v_id uuid;
  v_record_org text;
  v_subject text;
  v_body text;
  v_template settings.mail_templates;
  v_campaign uuid := gen_random_uuid();
  v_person jsonb;
  v_email text;
  v_rate integer := coalesce((select l.value from app.organization_limits l where l.name = 'bulk_mails_per_minute'), 60);
  v_queued integer := 0;
  v_skipped integer := 0;
  v_message uuid;
  v_unsubscribe text;
  v_values jsonb;
  v_signature text;
  v_targets jsonb := '[]';
  v_guest uuid;
  v_links jsonb;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to send a message';
  end if;
  if app.message_record_table(p_kind) is null then
    raise exception using errcode = '22023', message = format('%s is not a kind of record a message can be on', coalesce(p_kind, 'null'));
  end if;
  if p_filter is not null and cardinality(v_ids) = 0 then
    if p_kind not in ('contact', 'business', 'household') then
      raise exception using errcode = '22023', message = 'Choose the records to send to';
    end if;
    -- "All matching": the list's own filter, read page by page as the list reads it (the caller's rule).
    loop
      v_page := public.list_page(coalesce(p_filter ->> 'relation', 'crm.' || case p_kind when 'contact' then 'contacts' when 'business' then 'businesses' else 'households' end || '_view'),
                                 array(select jsonb_array_elements_text(coalesce(p_filter -> 'org_names', 'null'::jsonb))) ,
                                 coalesce(p_filter -> 'eq', '{}'), coalesce((p_filter ->> 'exclude_archived')::boolean, false),
                                 p_filter -> 'filter', '[]', v_offset, 1000, null, null);
      exit when v_page is null or jsonb_array_length(v_page -> 'ids') = 0;
      v_ids := v_ids || array(select e::uuid from jsonb_array_elements_text(v_page -> 'ids') e);
      exit when jsonb_array_length(v_page -> 'ids') < 1000;
      v_offset := v_offset + 1000;
    end loop;
  end if;
  if cardinality(v_ids) = 0 then
    raise exception using errcode = '22023', message = 'Choose the records to send to';
  end if;
  if cardinality(v_ids) > 50000 then
    raise exception using errcode = '22023', message = 'A mail to many goes to at most 50,000 records';
  end if;
  -- One organisation, every record visible to the caller.
  foreach v_id in array v_ids loop
    v_record_org := app.message_record_org(p_kind, v_id);
    if v_record_org is null then
      raise exception using errcode = '42501', message = 'You cannot see that record';
    end if;
    if v_org is not null and v_org <> v_record_org then
      raise exception using errcode = '22023', message = 'A message is on records of one organisation';
    end if;
    v_org := v_record_org;
  end loop;
  if p_template_id is not null then
    select * into v_template from settings.mail_templates t where t.id = p_template_id and t.org_name = v_org;
  end if;
  v_subject := btrim(coalesce(nullif(p_subject, ''), v_template.subject, ''));
  v_body := coalesce(nullif(btrim(p_body), ''), v_template.body, '');
  if v_subject = '' then
    raise exception using errcode = '22023', message = 'Give the message a subject';
  end if;
  if v_body ~ '^\s*$' then
    raise exception using errcode = '22023', message = 'Write the message';
  end if;
  if v_subject ~ '[\r\n]' then
    raise exception using errcode = '22023', message = 'An e-mail''s subject and address cannot contain line breaks';
  end if;
  if v_body !~ '\{\{\s*unsubscribe_url\s*\}\}' then
    v_body := v_body || E'\n\nUnsubscribe: {{unsubscribe_url}}';
  end if;
  -- Every field must exist before anything is written.
  perform app.message_fill(v_subject || ' ' || v_body, app.message_merge_values(p_kind, v_ids[1], v_org, ''));
  v_signature := app.message_signature(v_org);
  -- Who gets one: an address, not suppressed.
  foreach v_id in array v_ids loop
    v_person := app.message_person(p_kind, v_id);
    v_email := v_person ->> 'email';
    if v_email is null or not app.is_email_address(v_email) or exists (select 1 from crm.mail_suppressions s where s.org_name = v_org and s.email = v_email) then
      v_skipped := v_skipped + 1;
    else
      v_targets := v_targets || jsonb_build_array(jsonb_build_object('id', v_id, 'email', v_email));
    end if;
  end loop;
  perform app.require_mail_quota(v_org, jsonb_array_length(v_targets));
  insert into crm.mail_campaigns (id, org_name, subject, body, record_kind, total, queued, skipped, created_by)
  values (v_campaign, v_org, v_subject, v_body, p_kind, cardinality(v_ids), jsonb_array_length(v_targets), v_skipped, app.profile_id_in(v_org));
  for v_person in select * from jsonb_array_elements(v_targets) loop
    v_message := gen_random_uuid();
    v_email := v_person ->> 'email';
    v_unsubscribe := app.mail_unsubscribe_url(v_org, v_email, null);
    v_values := app.message_merge_values(p_kind, (v_person ->> 'id')::uuid, v_org, v_unsubscribe);
    v_links := jsonb_build_array(jsonb_build_object('kind', p_kind, 'id', v_person ->> 'id'));
    if p_kind = 'reservation' then
      select r.contact_id into v_guest from catalog.reservations r where r.id = (v_person ->> 'id')::uuid;
      if v_guest is not null then
        v_links := v_links || jsonb_build_array(jsonb_build_object('kind', 'contact', 'id', v_guest));
      end if;
    end if;
    perform app.write_out_message(v_org, array[v_email], '{}', app.message_fill(v_subject, v_values, true),
                                  app.message_fill(v_body, v_values) || coalesce(E'\n\n-- \n' || v_signature, ''),
                                  v_links, '[]', null, v_campaign,
                                  now() + make_interval(secs => (v_queued * 60.0) / greatest(v_rate, 1)), v_unsubscribe, v_message);
    update app.mail_unsubscribe_tokens set message_id = v_message
     where token_hash = encode(sha256(convert_to(split_part(v_unsubscribe, '/unsubscribe/', 2), 'UTF8')), 'hex');
    v_queued := v_queued + 1;
  end loop;
  return jsonb_build_object('campaign_id', v_campaign, 'total', cardinality(v_ids), 'queued', v_queued, 'skipped', v_skipped);
end;
$function$;
revoke all on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) to authenticated;
grant execute on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) to service_role;
comment on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) is 'mail to many (CONVERSATIONS-CONTRACT): one personalised message per record with an unsubscribe link, spaced by bulk_mails_per_minute; suppressed and address-less records skipped and counted';

CREATE OR REPLACE FUNCTION public.mail_unsubscribe(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v app.mail_unsubscribe_tokens;
begin
  select * into v from app.mail_unsubscribe_tokens t
   where t.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
   for update;
  if not found then
    raise exception using errcode = '22023', message = 'This unsubscribe link is not valid';
  end if;
  if v.used_at is not null then
    raise exception using errcode = '22023', message = 'This unsubscribe link has already been used';
  end if;
  update app.mail_unsubscribe_tokens set used_at = now() where token_hash = v.token_hash;
  insert into crm.mail_suppressions (org_name, email, reason, message_id)
  values (v.org_name, v.email, 'unsubscribed', v.message_id)
  on conflict (org_name, email) do update set reason = 'unsubscribed', created_at = now(), message_id = excluded.message_id;
  return jsonb_build_object('org_name', v.org_name, 'email', v.email);
end;
$function$;
revoke all on function public.mail_unsubscribe(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.mail_unsubscribe(p_token text) to anon;
grant execute on function public.mail_unsubscribe(p_token text) to authenticated;
grant execute on function public.mail_unsubscribe(p_token text) to service_role;
comment on function public.mail_unsubscribe(p_token text) is 'the unsubscribe link of a mail (<site>/unsubscribe/<token>): puts its address on the organisation''s suppression list; works once';

CREATE OR REPLACE FUNCTION settings.inbound_address(p_org_name text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select lower(app.org_slug(p_org_name)) || '@' || app.inbound_domain()
  where p_org_name = any (app.member_orgs())
$function$;
revoke all on function settings.inbound_address(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function settings.inbound_address(p_org_name text) to authenticated;
grant execute on function settings.inbound_address(p_org_name text) to service_role;
comment on function settings.inbound_address(p_org_name text) is 'the address the organisation receives mail at (a member asks); replies to its mail come to <slug>+<thread>@ the same domain';

create view crm.inbox_messages with (security_invoker=true) as
 SELECT id,
    org_name,
    thread_id,
    message_id,
    in_reply_to,
    subject,
    body_text,
    body_html,
    from_email,
    from_name,
    to_emails,
    cc_emails,
    status,
    created_at,
    sent_at,
    COALESCE(( SELECT jsonb_agg(jsonb_build_object('id', a.id, 'file_name', a.file_name, 'content_type', a.content_type, 'size_bytes', a.size_bytes, 'storage_path', a.storage_path, 'bucket_id', a.bucket_id) ORDER BY a.file_name) AS jsonb_agg
           FROM crm.message_attachments a
          WHERE a.message_id = m.id), '[]'::jsonb) AS attachments
   FROM crm.messages m
  WHERE inbox;
comment on view crm.inbox_messages is 'received mail linked to no record yet (the organisation''s inbox), for CRM editors; newest first by created_at';
revoke all on table crm.inbox_messages from public, anon, authenticated, service_role;
grant select on table crm.inbox_messages to authenticated;
grant select on table crm.inbox_messages to service_role;

CREATE TRIGGER steward_30_ref_mail_outbox_integration_id_fkey BEFORE INSERT OR UPDATE OF integration_id, org_name ON app.mail_outbox FOR EACH ROW WHEN (new.integration_id IS NOT NULL AND app.org_ref_other__settings__integrations(new.integration_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('integration_id', 'settings.integrations', 'id', 'uuid', 'mail_outbox_integration_id_fkey', 'integrations');

CREATE TRIGGER steward_30_ref_mail_outbox_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON app.mail_outbox FOR EACH ROW WHEN (new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'mail_outbox_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_mail_unsubscribe_tokens_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON app.mail_unsubscribe_tokens FOR EACH ROW WHEN (new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'mail_unsubscribe_tokens_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_mail_campaigns_created_by_fkey BEFORE INSERT OR UPDATE OF created_by, org_name ON crm.mail_campaigns FOR EACH ROW WHEN (new.created_by IS NOT NULL AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'mail_campaigns_created_by_fkey', 'user_profiles');

CREATE TRIGGER steward_30_ref_mail_suppressions_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON crm.mail_suppressions FOR EACH ROW WHEN (new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'mail_suppressions_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_message_attachments_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON crm.message_attachments FOR EACH ROW WHEN (new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'message_attachments_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_message_links_message_id_fkey BEFORE INSERT OR UPDATE OF message_id, org_name ON crm.message_links FOR EACH ROW WHEN (new.message_id IS NOT NULL AND app.org_ref_other__crm__messages(new.message_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('message_id', 'crm.messages', 'id', 'uuid', 'message_links_message_id_fkey', 'messages');

CREATE TRIGGER steward_30_ref_messages_campaign_id_fkey BEFORE INSERT OR UPDATE OF campaign_id, org_name ON crm.messages FOR EACH ROW WHEN (new.campaign_id IS NOT NULL AND app.org_ref_other__crm__mail_campaigns(new.campaign_id, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('campaign_id', 'crm.mail_campaigns', 'id', 'uuid', 'messages_campaign_id_fkey', 'mail_campaigns');

CREATE TRIGGER steward_30_ref_messages_sent_by_fkey BEFORE INSERT OR UPDATE OF sent_by, org_name ON crm.messages FOR EACH ROW WHEN (new.sent_by IS NOT NULL AND app.org_ref_other__public__user_profiles(new.sent_by, new.org_name)) EXECUTE FUNCTION app.org_reference_guard('sent_by', 'public.user_profiles', 'id', 'uuid', 'messages_sent_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_mail_settings_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.mail_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'mail_settings_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_mail_settings_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.mail_settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'mail_settings_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.mail_settings FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.mail_settings FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.mail_settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.mail_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.mail_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE CONSTRAINT TRIGGER org_ref_guard_mail_templates_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.mail_templates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'mail_templates_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_mail_templates_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.mail_templates DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'mail_templates_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.mail_templates FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.mail_templates FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.mail_templates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.mail_templates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.mail_templates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

create policy mail_campaigns_read on crm.mail_campaigns
  as permissive
  for select
  to authenticated
  using ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));

create policy mail_suppressions_delete on crm.mail_suppressions
  as permissive
  for delete
  to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy mail_suppressions_read on crm.mail_suppressions
  as permissive
  for select
  to authenticated
  using ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])));

create policy message_attachments_read on crm.message_attachments
  as permissive
  for select
  to authenticated
  using ((EXISTS ( SELECT 1
   FROM crm.messages m
  WHERE m.id = message_attachments.message_id)));

create policy message_links_read on crm.message_links
  as permissive
  for select
  to authenticated
  using ((org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])) AND
CASE record_kind
    WHEN 'contact'::text THEN (EXISTS ( SELECT 1
       FROM crm.contacts r
      WHERE r.id = message_links.record_id))
    WHEN 'business'::text THEN (EXISTS ( SELECT 1
       FROM crm.businesses r
      WHERE r.id = message_links.record_id))
    WHEN 'household'::text THEN (EXISTS ( SELECT 1
       FROM crm.households r
      WHERE r.id = message_links.record_id))
    WHEN 'user'::text THEN (EXISTS ( SELECT 1
       FROM public.user_profiles r
      WHERE r.id = message_links.record_id))
    WHEN 'staff'::text THEN (EXISTS ( SELECT 1
       FROM hr.staff_profiles r
      WHERE r.id = message_links.record_id))
    WHEN 'reservation'::text THEN (EXISTS ( SELECT 1
       FROM catalog.reservations r
      WHERE r.id = message_links.record_id))
    ELSE false
END);

create policy messages_read on crm.messages
  as permissive
  for select
  to authenticated
  using ((org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])) AND ((EXISTS ( SELECT 1
   FROM crm.message_links l
  WHERE l.message_id = messages.id)) OR inbox AND ((org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('crm'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])))));

create policy org_delete on settings.mail_settings
  as permissive
  for delete
  to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy org_insert on settings.mail_settings
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.mail_settings
  as permissive
  for select
  to authenticated
  using (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[]));

create policy org_update on settings.mail_settings
  as permissive
  for update
  to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))
  with check (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy org_delete on settings.mail_templates
  as permissive
  for delete
  to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy org_insert on settings.mail_templates
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.mail_templates
  as permissive
  for select
  to authenticated
  using (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[]));

create policy org_update on settings.mail_templates
  as permissive
  for update
  to authenticated
  using (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))
  with check (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]));

create policy "steward: message files are removed by their uploader until sent" on storage.objects
  as permissive
  for delete
  to authenticated
  using (bucket_id = 'message-files'::text AND owner_id = auth.uid()::text AND NOT app.message_file_claimed(name));

create policy "steward: message files are uploaded by members" on storage.objects
  as permissive
  for insert
  to authenticated
  with check (bucket_id = 'message-files'::text AND (split_part(name, '/'::text, 1) = ANY (app.my_org_slugs())) AND name ~ '^[^/]+/[0-9a-f-]{36}$'::text);

create policy "steward: message files follow their message" on storage.objects
  as permissive
  for select
  to authenticated
  using (bucket_id = 'message-files'::text AND ((EXISTS ( SELECT 1
   FROM crm.message_attachments a
  WHERE a.bucket_id = 'message-files'::text AND a.storage_path = objects.name)) OR owner_id = auth.uid()::text AND NOT app.message_file_claimed(name)));

-- Data: a mail to many leaves at 60 a minute unless an operator changes it; the private bucket of
-- messages' files (10 MB a file); mail templates keep a history like the other settings rows.
insert into app.organization_limits (name, value) values ('bulk_mails_per_minute', 60);
insert into storage.buckets (id, name, public, file_size_limit)
values ('message-files', 'message-files', false, 10485760);
insert into app.history_tables (table_name, component) values ('settings.mail_templates', 'settings'), ('settings.mail_settings', 'settings')
on conflict (table_name) do update set component = excluded.component;
