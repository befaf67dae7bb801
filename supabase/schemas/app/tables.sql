-- app: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table app.custom_sensitive (
  record_kind text not null,
  record_id uuid not null,
  org_name text not null,
  custom jsonb default '{}'::jsonb not null
);
alter table app.custom_sensitive enable row level security;
comment on table app.custom_sensitive is 'values of sensitive custom fields (settings.custom_fields.sensitive), kept apart from the records'' own custom column: read (through the list views and public.custom_values) only by people whose role edits the record''s area; written only by the records'' custom trigger';
revoke all on table app.custom_sensitive from public, anon, authenticated, service_role;
grant select on table app.custom_sensitive to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.custom_sensitive to service_role;
grant insert on table app.custom_sensitive to steward_import_writer;

alter table app.custom_sensitive add constraint custom_sensitive_pkey PRIMARY KEY (record_kind, record_id);

CREATE INDEX custom_sensitive_org_name_idx ON app.custom_sensitive USING btree (org_name);

create table app.custom_sort_keys (
  field_id uuid not null,
  record_id uuid not null,
  org_name text not null,
  num numeric,
  txt text
);
comment on table app.custom_sort_keys is 'one typed sort key per non-empty value of a sortable custom field (numbers, money, yes/no in num; dates, links, text lower-cased in txt), kept by the record tables'' custom sort-key triggers and by the field''s definition trigger: list_page walks its (org, field, key) btrees to sort a million records by a field without an index per field';
revoke all on table app.custom_sort_keys from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.custom_sort_keys to service_role;

alter table app.custom_sort_keys add constraint custom_sort_keys_pkey PRIMARY KEY (field_id, record_id);

CREATE INDEX custom_sort_keys_num_idx ON app.custom_sort_keys USING btree (org_name, field_id, num, record_id) WHERE (num IS NOT NULL);

CREATE INDEX custom_sort_keys_txt_idx ON app.custom_sort_keys USING btree (org_name, field_id, txt, record_id) WHERE (txt IS NOT NULL);

create table app.history_tables (
  table_name regclass not null,
  component text not null
);
revoke all on table app.history_tables from public, anon, authenticated, service_role;
grant select on table app.history_tables to authenticated;
grant select on table app.history_tables to service_role;

alter table app.history_tables add constraint history_tables_pkey PRIMARY KEY (table_name);

create table app.history_undone (
  batch_id uuid not null,
  undo_batch_id uuid not null,
  undone_at timestamp with time zone default now() not null
);
revoke all on table app.history_undone from public, anon, authenticated, service_role;

alter table app.history_undone add constraint history_undone_pkey PRIMARY KEY (batch_id);

create table app.integration_secrets (
  integration_id uuid not null,
  api_key text,
  api_secret text,
  webhook_secret text,
  last_modified_at timestamp with time zone default now() not null
);
comment on table app.integration_secrets is 'write-only integration secrets; read by server-side code only (service_role)';
revoke all on table app.integration_secrets from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.integration_secrets to service_role;

alter table app.integration_secrets add constraint integration_secrets_pkey PRIMARY KEY (integration_id);

create table app.invite_code_requests (
  email text not null,
  window_started_at timestamp with time zone default now() not null,
  requests integer default 1 not null,
  wrong_codes integer default 0 not null
);
comment on table app.invite_code_requests is 'requests for invitation codes per address and hour, written for every request so invited and other addresses cost the same';
revoke all on table app.invite_code_requests from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.invite_code_requests to service_role;

alter table app.invite_code_requests add constraint invite_code_requests_pkey PRIMARY KEY (email);

create table app.invite_code_wrong_days (
  email text not null,
  client text not null,
  day_started_at timestamp with time zone default now() not null,
  wrong_today integer default 0 not null
);
comment on table app.invite_code_wrong_days is 'wrong invitation codes per address and client in its current day: past 20, that client''s codes for the address are refused until the day has passed (another client''s, the invitee''s, are not)';
revoke all on table app.invite_code_wrong_days from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.invite_code_wrong_days to service_role;

alter table app.invite_code_wrong_days add constraint invite_code_wrong_days_pkey PRIMARY KEY (email, client);

create table app.invite_codes (
  profile_id uuid not null,
  email text not null,
  code_hash text not null,
  expires_at timestamp with time zone not null,
  failed_attempts integer default 0 not null,
  window_started_at timestamp with time zone default now() not null,
  sends_in_window integer default 0 not null
);
comment on table app.invite_codes is 'one live code per Pending invitation (profile_id), stored hashed with the address it was mailed to, unique among that address''s codes so a code names one invitation; written and read only by the invitation functions';
revoke all on table app.invite_codes from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.invite_codes to service_role;

alter table app.invite_codes add constraint invite_codes_pkey PRIMARY KEY (profile_id);

CREATE UNIQUE INDEX invite_codes_email_code_key ON app.invite_codes USING btree (email, code_hash);

create table app.list_sources (
  relation regclass not null,
  base regclass not null,
  columns text[] not null
);
comment on table app.list_sources is 'Lists whose filters and deep pages public.list_page serves: relation read by the list, its base table, and the base columns it shows unchanged';
revoke all on table app.list_sources from public, anon, authenticated, service_role;

alter table app.list_sources add constraint list_sources_pkey PRIMARY KEY (relation);

create table app.mail_outbox (
  id bigint generated always as identity not null,
  org_name text,
  kind text not null,
  to_email text not null,
  subject text not null,
  body_text text not null,
  body_html text,
  related_table text,
  related_id uuid,
  created_at timestamp with time zone default now() not null,
  next_attempt_at timestamp with time zone default now() not null,
  attempts integer default 0 not null,
  sent_at timestamp with time zone,
  last_error text,
  message_id uuid,
  more_to_emails text[] default '{}'::text[] not null,
  cc_emails text[] default '{}'::text[] not null,
  from_email text,
  from_name text,
  reply_to text,
  header_message_id text,
  in_reply_to text,
  attachments jsonb default '[]'::jsonb not null,
  integration_id uuid,
  list_unsubscribe text
);
comment on table app.mail_outbox is 'e-mails the product sends; written by security definer functions, delivered by one sender (local stack or a hosted worker)';
revoke all on table app.mail_outbox from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.mail_outbox to service_role;
grant insert on table app.mail_outbox to steward_mail_writer;

alter table app.mail_outbox add constraint mail_outbox_kind_check CHECK (kind ~ '^[a-z][a-z0-9_]*$'::text);

alter table app.mail_outbox add constraint mail_outbox_pkey PRIMARY KEY (id);

alter table app.mail_outbox add constraint mail_outbox_subject_check CHECK (length(subject) >= 1 AND length(subject) <= 300);

alter table app.mail_outbox add constraint mail_outbox_subject_one_line CHECK (subject !~ '[\r\n]'::text) NOT VALID;

alter table app.mail_outbox add constraint mail_outbox_to_email_check CHECK (to_email ~ '^[^@\s]+@[^@\s]+$'::text);

CREATE INDEX mail_outbox_org_recent ON app.mail_outbox USING btree (org_name, created_at) WHERE (org_name IS NOT NULL);

CREATE INDEX mail_outbox_related ON app.mail_outbox USING btree (related_table, related_id) WHERE (related_id IS NOT NULL);

alter table app.mail_outbox add constraint mail_outbox_headers_one_line CHECK (coalesce(from_name, '') !~ '[\r\n]'::text AND coalesce(from_email, '') !~ '[\r\n]'::text AND coalesce(reply_to, '') !~ '[\r\n]'::text AND coalesce(header_message_id, '') !~ '[\r\n]'::text AND coalesce(in_reply_to, '') !~ '[\r\n]'::text AND coalesce(list_unsubscribe, '') !~ '[\r\n]'::text AND array_to_string(more_to_emails || cc_emails, ' ') !~ '[\r\n]'::text);

CREATE INDEX mail_outbox_message_id_idx ON app.mail_outbox USING btree (message_id);

CREATE INDEX mail_outbox_integration_id_idx ON app.mail_outbox USING btree (integration_id);

CREATE INDEX mail_outbox_waiting ON app.mail_outbox USING btree (next_attempt_at) WHERE (sent_at IS NULL);

create table app.organization_limits (
  name text not null,
  value integer not null
);
comment on table app.organization_limits is 'what each organisation may do on its own, the same for all: mails_per_day, e-mails the product sends for it in any 24 hours (stay confirmations, task digests, invitation codes, conversations); open_import_jobs, CSV imports started and not yet finished or cancelled; bulk_mails_per_minute, how fast a mail to many leaves';
revoke all on table app.organization_limits from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.organization_limits to service_role;

alter table app.organization_limits add constraint organization_limits_name_check CHECK (name = ANY (ARRAY['mails_per_day'::text, 'open_import_jobs'::text, 'bulk_mails_per_minute'::text]));

alter table app.organization_limits add constraint organization_limits_pkey PRIMARY KEY (name);

alter table app.organization_limits add constraint organization_limits_value_check CHECK (value > 0);

create table app.request_buckets (
  name text not null,
  client text not null,
  tokens double precision not null,
  refilled_at timestamp with time zone not null
);
comment on table app.request_buckets is 'what is left of each client address''s request limit, as of refilled_at';
revoke all on table app.request_buckets from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.request_buckets to service_role;

alter table app.request_buckets add constraint request_buckets_pkey PRIMARY KEY (name, client);

CREATE INDEX request_buckets_refilled_at_idx ON app.request_buckets USING btree (name, refilled_at);

create table app.request_limits (
  name text not null,
  per_five_minutes integer not null
);
comment on table app.request_limits is 'requests per client address per five minutes for the sign-up and invitation functions (config.toml [auth.rate_limit])';
revoke all on table app.request_limits from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.request_limits to service_role;

alter table app.request_limits add constraint request_limits_name_check CHECK (name = ANY (ARRAY['sign_in_sign_ups'::text, 'token_verifications'::text, 'booking_searches'::text, 'booking_requests'::text]));

alter table app.request_limits add constraint request_limits_per_five_minutes_check CHECK (per_five_minutes > 0);

alter table app.request_limits add constraint request_limits_pkey PRIMARY KEY (name);

create table app.sales_by_month (
  org_name text not null,
  month date not null,
  created_by uuid,
  revenue numeric(14,2) default 0 not null,
  sales integer default 0 not null
);
alter table app.sales_by_month enable row level security;
comment on table app.sales_by_month is 'Sum and count of active sale transactions per organisation, calendar month and author; maintained by triggers on public.transactions.';
revoke all on table app.sales_by_month from public, anon, authenticated, service_role;
grant select on table app.sales_by_month to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.sales_by_month to service_role;

alter table app.sales_by_month add constraint sales_by_month_key UNIQUE NULLS NOT DISTINCT (org_name, month, created_by);

create table app.scheduled_jobs (
  name text not null,
  function_name regproc not null,
  every interval not null,
  last_run_at timestamp with time zone,
  last_error text
);
comment on table app.scheduled_jobs is 'time-based work: app.run_due_jobs() runs each function when its interval has passed';
revoke all on table app.scheduled_jobs from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.scheduled_jobs to service_role;

alter table app.scheduled_jobs add constraint scheduled_jobs_every_check CHECK (every >= '00:01:00'::interval);

alter table app.scheduled_jobs add constraint scheduled_jobs_name_check CHECK (name ~ '^[a-z][a-z0-9_]*$'::text);

alter table app.scheduled_jobs add constraint scheduled_jobs_pkey PRIMARY KEY (name);

create table app.search_words (
  org_name text not null,
  variant text not null,
  word text not null
);
comment on table app.search_words is 'Words of an organisation''s contact, business and household names (normalised, letters only, 3–40 characters), each with its one-letter deletions: how global search corrects a typo in a word';
revoke all on table app.search_words from public, anon, authenticated, service_role;

alter table app.search_words add constraint search_words_pkey PRIMARY KEY (org_name, variant, word);

create table app.shown_contact_methods (
  parent_id uuid not null,
  phone_id uuid,
  email_id uuid,
  address_id uuid
);
comment on table app.shown_contact_methods is 'The contact method and address each contact, business, household and user shows in lists; maintained by triggers on crm.contact_methods, crm.addresses and crm.contact_method_types.';
revoke all on table app.shown_contact_methods from public, anon, authenticated, service_role;
grant select on table app.shown_contact_methods to authenticated;
grant select on table app.shown_contact_methods to service_role;

alter table app.shown_contact_methods add constraint shown_contact_methods_pkey PRIMARY KEY (parent_id);

create table app.storage_removals (
  id bigint generated always as identity not null,
  bucket_id text not null,
  name text not null,
  org_name text,
  reason text not null,
  queued_at timestamp with time zone default now() not null,
  next_attempt_at timestamp with time zone default now() not null,
  attempts integer default 0 not null,
  removed_at timestamp with time zone,
  last_error text
);
comment on table app.storage_removals is 'stored objects whose bytes must go (a person''s erasure): removed through the Storage API as service role by one worker (the local stack''s, or a hosted worker), retried until the API has removed them; a SQL delete of storage.objects would leave the bytes in the store';
revoke all on table app.storage_removals from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.storage_removals to service_role;

alter table app.storage_removals add constraint storage_removals_pkey PRIMARY KEY (id);

alter table app.storage_removals add constraint storage_removals_reason_check CHECK (reason = 'erasure'::text);

CREATE INDEX storage_removals_object ON app.storage_removals USING btree (bucket_id, name);

CREATE INDEX storage_removals_waiting ON app.storage_removals USING btree (next_attempt_at) WHERE (removed_at IS NULL);

create table app.task_digests_sent (
  profile_id uuid not null,
  sent_on date not null,
  mail_id bigint
);
revoke all on table app.task_digests_sent from public, anon, authenticated, service_role;

alter table app.task_digests_sent add constraint task_digests_sent_pkey PRIMARY KEY (profile_id, sent_on);

create table app.online_bookings (
  reservation_id uuid not null,
  token_hash text not null,
  guest_email text not null,
  quote jsonb not null,
  deposit_due numeric(12,2) not null,
  payment_method text not null,
  payment_reference text,
  hold_until timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  deposit_paid_at timestamp with time zone,
  language text
);
comment on column app.online_bookings.language is 'the language the guest booked in (en, es), in which every mail of the booking is written; null for a booking made before it was kept (its mails are in the organisation''s language)';
comment on column app.online_bookings.deposit_paid_at is 'when the card payment provider reported the deposit paid (the payment itself is a catalog.reservation_payments row)';
comment on table app.online_bookings is 'a stay a guest booked on the public booking page: the quote they accepted, the deposit and how it is paid, the hash of their link''s token and how long an unconfirmed request holds; written and read by the booking functions only';
revoke all on table app.online_bookings from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.online_bookings to service_role;

alter table app.online_bookings add constraint online_bookings_language_check CHECK (language = ANY (ARRAY['en'::text, 'es'::text]));

alter table app.online_bookings add constraint online_bookings_payment_method_check CHECK (payment_method = ANY (ARRAY['on_arrival'::text, 'bank_transfer'::text, 'card_link'::text]));

alter table app.online_bookings add constraint online_bookings_pkey PRIMARY KEY (reservation_id);

alter table app.online_bookings add constraint online_bookings_token_hash_key UNIQUE (token_hash);

CREATE INDEX online_bookings_hold_until_idx ON app.online_bookings USING btree (hold_until) WHERE (hold_until IS NOT NULL);

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
grant insert on table app.mail_unsubscribe_tokens to steward_mail_writer;

alter table app.mail_unsubscribe_tokens add constraint mail_unsubscribe_tokens_pkey PRIMARY KEY (token_hash);

CREATE INDEX mail_unsubscribe_tokens_org_name_idx ON app.mail_unsubscribe_tokens USING btree (org_name);

CREATE INDEX mail_unsubscribe_tokens_message_id_idx ON app.mail_unsubscribe_tokens USING btree (message_id);

create table app.payment_events (
  provider text not null,
  event_id text not null,
  reservation_id uuid not null,
  payment_id uuid,
  received_at timestamp with time zone default now() not null
);
comment on table app.payment_events is 'each payment provider event applied to an online booking, once: a provider sending the same event again (a webhook retried) finds it here and changes nothing';
revoke all on table app.payment_events from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.payment_events to service_role;

alter table app.payment_events add constraint payment_events_pkey PRIMARY KEY (provider, event_id);

alter table app.payment_events add constraint payment_events_provider_check CHECK (provider = ANY (ARRAY['stripe'::text, 'test'::text]));

CREATE INDEX payment_events_reservation_id_idx ON app.payment_events USING btree (reservation_id);
