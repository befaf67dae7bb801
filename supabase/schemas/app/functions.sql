-- app: functions.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.access_sql(p_component text, p_action text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select format(
    '(org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Organization''))::text[]) '
    'or (org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Personal''))::text[]) '
    'and created_by = any ((select app.my_profile_ids())::uuid[])))',
    p_component, p_action)
$function$;
revoke all on function app.access_sql(p_component text, p_action text) from public, anon, authenticated, service_role;
grant execute on function app.access_sql(p_component text, p_action text) to service_role;
comment on function app.access_sql(p_component text, p_action text) is 'Personal as created_by only: superseded by app.access_sql(component, action, table), which every policy uses.';

CREATE OR REPLACE FUNCTION app.access_sql(p_component text, p_action text, p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select format(
    '(org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Organization''))::text[]) '
    'or (org_name = any ((select app.orgs_with_access(%1$L, %2$L, ''Personal''))::text[]) '
    'and %3$s))',
    p_component, p_action, app.personal_sql(p_table))
$function$;
revoke all on function app.access_sql(p_component text, p_action text, p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.access_sql(p_component text, p_action text, p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_invitation uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_full_name text := btrim(coalesce(p_full_name, ''));
  v_profile public.user_profiles%rowtype;
  v_profile_id uuid;
  v_user auth.users%rowtype;
  v_user_id uuid;
  v_has_primary boolean;
begin
  perform app.require_signup_fields(p_email, p_password, p_full_name);
  perform app.require_password(p_password);

  -- The invitation the code was mailed for, and when the person names the one they chose (the one
  -- find_pending_invite showed them), that one only: no other invitation of the address is accepted.
  v_profile_id := app.invitation_for_code(v_email, p_code, p_invitation);
  if v_profile_id is null then
    return app.invalid_invite_code(v_email);
  end if;
  select * into v_profile from public.user_profiles p where p.id = v_profile_id for update;

  select * into v_user from auth.users u where lower(u.email) = v_email limit 1;
  if found then
    if v_user.encrypted_password is null
       or v_user.encrypted_password <> extensions.crypt(p_password, v_user.encrypted_password) then
      raise exception using errcode = 'ST008', message = 'The password does not match the existing account for this email';
    end if;
    v_user_id := v_user.id;
  else
    v_user_id := app.create_auth_user(v_email, p_password, jsonb_strip_nulls(jsonb_build_object(
      'full_name', v_full_name, 'title', nullif(btrim(p_title), ''), 'phone', nullif(btrim(p_phone), ''))));
    -- The code proved the address.
    update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = v_user_id;
    update auth.identities
       set identity_data = identity_data || jsonb_build_object('email_verified', true)
     where user_id = v_user_id and provider = 'email';
  end if;

  -- A login belongs to an organisation once.
  if exists (select 1 from public.user_profiles q where q.org_name = v_profile.org_name and q.auth_user_id = v_user_id) then
    raise exception using errcode = 'ST007', message = 'No pending invitation was found for this email';
  end if;
  v_has_primary := exists (select 1 from public.user_profiles p where p.auth_user_id = v_user_id and p.is_primary);

  update public.user_profiles p
     set auth_user_id = v_user_id,
         name = v_full_name,
         title = coalesce(nullif(btrim(p_title), ''), p.title),
         phone = coalesce(nullif(btrim(p_phone), ''), p.phone),
         status = 'Active',
         joined_at = now(),
         is_primary = not v_has_primary
   where p.id = v_profile_id;
  delete from app.invite_codes where profile_id = v_profile_id;

  return jsonb_build_object('user_id', v_user_id, 'profile_id', v_profile_id, 'org_name', v_profile.org_name, 'activated', 1);
end;
$function$;
revoke all on function app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) from public, anon, authenticated, service_role;
grant execute on function app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) to service_role;

CREATE OR REPLACE FUNCTION app.add_audit_foreign_keys(p_table regclass)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_name text := (select relname from pg_catalog.pg_class where oid = p_table);
begin
  execute format('alter table %s add constraint %I foreign key (created_by) references public.user_profiles (id) '
                 'on delete set null deferrable initially deferred', p_table, v_name || '_created_by_fkey');
  execute format('alter table %s add constraint %I foreign key (last_modified_by) references public.user_profiles (id) '
                 'on delete set null deferrable initially deferred', p_table, v_name || '_last_modified_by_fkey');
end;
$function$;
revoke all on function app.add_audit_foreign_keys(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.add_audit_foreign_keys(p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.apply_component_policies(p_table regclass, p_component text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from settings.components where name = p_component) and p_component not in
     ('crm', 'catalog', 'lodging', 'team-portal', 'operations', 'settings') then
    raise exception 'Unknown component %', p_component;
  end if;
  execute format('create policy org_read on %s for select to authenticated using '
                 '(org_name = ''_system_default_'' or %s)',
                 p_table, app.access_sql(p_component, 'view', p_table));
  execute format('create policy org_insert on %s for insert to authenticated with check '
                 '(org_name <> ''_system_default_'' and org_name = any ((select app.orgs_with_access(%L, ''create'', ''allowed''))::text[]))',
                 p_table, p_component);
  execute format('create policy org_update on %s for update to authenticated using '
                 '(org_name <> ''_system_default_'' and %s) with check (org_name <> ''_system_default_'' and %s)',
                 p_table, app.access_sql(p_component, 'edit', p_table), app.access_sql(p_component, 'edit', p_table));
  execute format('create policy org_delete on %s for delete to authenticated using '
                 '(org_name <> ''_system_default_'' and %s)',
                 p_table, app.access_sql(p_component, 'delete', p_table));
  execute format('comment on table %s is %L', p_table, 'component: ' || p_component);
end;
$function$;
revoke all on function app.apply_component_policies(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.apply_component_policies(p_table regclass, p_component text) to service_role;

CREATE OR REPLACE FUNCTION app.apply_member_readable_policies(p_table regclass, p_component text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform app.apply_component_policies(p_table, p_component);
  execute format('drop policy org_read on %s', p_table);
  execute format('create policy org_read on %s for select to authenticated using '
                 '(org_name = ''_system_default_'' or org_name = any ((select app.member_orgs())::text[]))', p_table);
end;
$function$;
revoke all on function app.apply_member_readable_policies(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.apply_member_readable_policies(p_table regclass, p_component text) to service_role;
grant execute on function app.apply_member_readable_policies(p_table regclass, p_component text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.assignment_is_active(p_status text, p_end date)
 RETURNS boolean
 LANGUAGE sql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select p_status = 'Active' and (p_end is null or p_end >= current_date)
$function$;
revoke all on function app.assignment_is_active(p_status text, p_end date) from public, anon, authenticated, service_role;
grant execute on function app.assignment_is_active(p_status text, p_end date) to authenticated;
grant execute on function app.assignment_is_active(p_status text, p_end date) to service_role;
grant execute on function app.assignment_is_active(p_status text, p_end date) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.attach_history(p_table regclass, p_component text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  execute format('create trigger steward_90_history_insert after insert on %s referencing new table as new_rows '
                 'for each statement execute function app.write_history(%L)', p_table, p_component);
  execute format('create trigger steward_90_history_update after update on %s referencing old table as old_rows new table as new_rows '
                 'for each statement execute function app.write_history(%L)', p_table, p_component);
  execute format('create trigger steward_90_history_delete after delete on %s referencing old table as old_rows '
                 'for each statement execute function app.write_history(%L)', p_table, p_component);
  insert into app.history_tables (table_name, component) values (p_table, p_component)
  on conflict (table_name) do update set component = excluded.component;
end;
$function$;
revoke all on function app.attach_history(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.attach_history(p_table regclass, p_component text) to authenticated;
grant execute on function app.attach_history(p_table regclass, p_component text) to service_role;
grant execute on function app.attach_history(p_table regclass, p_component text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.attach_org_table(p_table regclass)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  execute format('alter table %s enable row level security', p_table);
  execute format('create trigger steward_10_org_name before insert or update on %s '
                 'for each row execute function app.enforce_org_name()', p_table);
  execute format('create trigger steward_20_audit before insert or update on %s '
                 'for each row execute function app.stamp_audit()', p_table);
  if exists (select 1 from pg_catalog.pg_attribute
             where attrelid = p_table and attname = 'short_id' and not attisdropped) then
    execute format('create trigger steward_30_short_id before insert or update on %s '
                   'for each row execute function app.stamp_short_id()', p_table);
  end if;
  execute format('revoke all on %s from anon, authenticated, public', p_table);
  execute format('grant select, insert, update, delete on %s to authenticated', p_table);
  execute format('grant all on %s to service_role', p_table);
end;
$function$;
revoke all on function app.attach_org_table(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.attach_org_table(p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.attached_record_ids(p_record_id uuid)
 RETURNS uuid[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select array(
    select id from crm.contact_methods
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.other_contact_methods
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.addresses
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.notes
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id
    union all
    select id from crm.crm_files
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.relationships
     where p_record_id in (business_id1, business_id2, contact_id1, contact_id2, household_id1, household_id2)
  )
$function$;
revoke all on function app.attached_record_ids(p_record_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.attached_record_ids(p_record_id uuid) to authenticated;
grant execute on function app.attached_record_ids(p_record_id uuid) to service_role;
grant execute on function app.attached_record_ids(p_record_id uuid) to steward_import_writer;
comment on function app.attached_record_ids(p_record_id uuid) is 'ids of the contact methods, addresses, notes, files and relationships attached to a CRM record (as the caller sees them)';

CREATE OR REPLACE FUNCTION app.batch_size(p_batch_id uuid)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select count(*) from public.record_history h where h.batch_id = p_batch_id
$function$;
revoke all on function app.batch_size(p_batch_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.batch_size(p_batch_id uuid) to authenticated;
grant execute on function app.batch_size(p_batch_id uuid) to service_role;
comment on function app.batch_size(p_batch_id uuid) is 'how many history entries a batch has, whoever may read them: undo compares it with what the caller sees';

CREATE OR REPLACE FUNCTION app.batch_undone(p_batch_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from app.history_undone where batch_id = p_batch_id)
$function$;
revoke all on function app.batch_undone(p_batch_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.batch_undone(p_batch_id uuid) to authenticated;
grant execute on function app.batch_undone(p_batch_id uuid) to service_role;
grant execute on function app.batch_undone(p_batch_id uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.begin_batch(p_via text, p_batch uuid DEFAULT gen_random_uuid())
 RETURNS uuid
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select set_config('steward.via', p_via, true), set_config('steward.batch_id', p_batch::text, true);
  select p_batch;
$function$;
revoke all on function app.begin_batch(p_via text, p_batch uuid) from public, anon, authenticated, service_role;
grant execute on function app.begin_batch(p_via text, p_batch uuid) to authenticated;
grant execute on function app.begin_batch(p_via text, p_batch uuid) to service_role;
grant execute on function app.begin_batch(p_via text, p_batch uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.bulk_field_allowed(p_field text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select p_field in ('status', 'type_id', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id', 'archive', 'priority')
$function$;
revoke all on function app.bulk_field_allowed(p_field text) from public, anon, authenticated, service_role;
grant execute on function app.bulk_field_allowed(p_field text) to authenticated;
grant execute on function app.bulk_field_allowed(p_field text) to service_role;
grant execute on function app.bulk_field_allowed(p_field text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.calendar_ics(token text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_feed record;
  v_lines text[];
begin
  if token ~ '^[0-9a-f]{48}$' then
    select f.id, f.accommodation_id, a.name as unit_name into v_feed
    from catalog.calendar_feeds f
    join catalog.accommodations a on a.id = f.accommodation_id
    where f.token_hash = app.calendar_token_hash(token) and f.revoked_at is null and not f.archive;
  end if;
  if not coalesce(token ~ '^[0-9a-f]{48}$', false) or v_feed is null then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'PGRST116', 'message', 'Calendar feed not found.', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  select array_agg(line order by sort, line_no) into v_lines
  from (
    select 0 as sort, n as line_no, l as line
    from unnest(array[
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Steward//Lodging//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
      'X-WR-CALNAME:' || app.ics_text(v_feed.unit_name)]) with ordinality as t(l, n)
    union all
    select 1, e.n * 10 + k, v
    from (
      select row_number() over (order by busy.starts, busy.uid) as n, busy.*
      from (
        select md5('stay:' || r.id::text) as uid, app.stay_day(r.check_in) as starts,
               greatest(app.stay_day(r.check_out), app.stay_day(r.check_in) + 1) as ends, 'Busy' as summary
        from catalog.reservations r
        where r.accommodation_id = v_feed.accommodation_id and not r.archive
          and app.reservation_is_active(r.status)
          and r.check_out > now() - interval '60 days' and r.check_in < now() + interval '2 years'
        union all
        select md5('block:' || b.id::text), app.stay_day(b.block_start),
               greatest(app.stay_day(b.block_end), app.stay_day(b.block_start) + 1), 'Blocked'
        from catalog.accommodation_blocks b
        where b.accommodation_id = v_feed.accommodation_id and not b.archive
          and b.block_end > now() - interval '60 days' and b.block_start < now() + interval '2 years'
      ) busy
    ) e
    cross join lateral unnest(array[
      'BEGIN:VEVENT',
      'UID:' || e.uid || '@steward',
      'DTSTAMP:' || to_char(now() at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"'),
      'DTSTART;VALUE=DATE:' || to_char(e.starts, 'YYYYMMDD'),
      'DTEND;VALUE=DATE:' || to_char(e.ends, 'YYYYMMDD'),
      'SUMMARY:' || e.summary,
      'TRANSP:OPAQUE',
      'END:VEVENT']) with ordinality as ev(v, k)
    union all
    select 2, 0, 'END:VCALENDAR'
  ) lines;
  return array_to_string(v_lines, E'\r\n') || E'\r\n';
end;
$function$;
revoke all on function app.calendar_ics(token text) from public, anon, authenticated, service_role;
grant execute on function app.calendar_ics(token text) to service_role;

CREATE OR REPLACE FUNCTION app.calendar_token_hash(p_token text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select encode(extensions.digest(convert_to(p_token, 'UTF8'), 'sha256'), 'hex') $function$;
revoke all on function app.calendar_token_hash(p_token text) from public, anon, authenticated, service_role;
grant execute on function app.calendar_token_hash(p_token text) to authenticated;
grant execute on function app.calendar_token_hash(p_token text) to service_role;
grant execute on function app.calendar_token_hash(p_token text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.claim_import_turn(p_org_name text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- One long import call per organisation at a time (the check of the staged rows, up to 120 s, or
  -- the import itself, up to 600 s), until its transaction ends: a second is refused at once rather
  -- than holding another of the database's connections.
  if not pg_try_advisory_xact_lock(hashtextextended('steward:import:' || p_org_name, 0)) then
    perform app.refuse('PT409', 'import.anotherRunning', 'Another import is running for this organization; try again when it has finished.');
  end if;
end;
$function$;
revoke all on function app.claim_import_turn(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function app.claim_import_turn(p_org_name text) to authenticated;
grant execute on function app.claim_import_turn(p_org_name text) to service_role;
grant execute on function app.claim_import_turn(p_org_name text) to steward_import_writer;
comment on function app.claim_import_turn(p_org_name text) is 'the organisation''s one running import (crm.import_problems, app.import_job_write) until the transaction ends; refuses a second at once';

CREATE OR REPLACE FUNCTION app.claim_outbox_mail(p_limit integer DEFAULT 20)
 RETURNS SETOF app.mail_outbox
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with next as (
    select id from app.mail_outbox
    where sent_at is null and next_attempt_at <= now() and attempts < 8
    order by next_attempt_at, id
    limit greatest(1, least(p_limit, 200))
    for update skip locked
  )
  update app.mail_outbox m
     set attempts = m.attempts + 1,
         next_attempt_at = now() + make_interval(mins => power(2, m.attempts)::int)
    from next
   where m.id = next.id
  returning m.*;
$function$;
revoke all on function app.claim_outbox_mail(p_limit integer) from public, anon, authenticated, service_role;
grant execute on function app.claim_outbox_mail(p_limit integer) to service_role;

CREATE OR REPLACE FUNCTION app.claim_storage_removals(p_limit integer DEFAULT 100)
 RETURNS SETOF app.storage_removals
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- Claimed rows are not offered again for a while (2, 4, … up to 60 minutes); a removal is retried
  -- until the Storage API has done it.
  with next as (
    select id from app.storage_removals
    where removed_at is null and next_attempt_at <= now()
    order by next_attempt_at, id
    limit greatest(1, least(p_limit, 1000))
    for update skip locked
  )
  update app.storage_removals r
     set attempts = r.attempts + 1,
         next_attempt_at = now() + make_interval(mins => least(power(2, least(r.attempts + 1, 6))::int, 60))
    from next
   where r.id = next.id
  returning r.*;
$function$;
revoke all on function app.claim_storage_removals(p_limit integer) from public, anon, authenticated, service_role;
grant execute on function app.claim_storage_removals(p_limit integer) to service_role;
comment on function app.claim_storage_removals(p_limit integer) is 'the storage-removal worker: the next stored objects to remove through the Storage API';

CREATE OR REPLACE FUNCTION app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update public.user_profiles
     set is_primary = false
   where auth_user_id = p_auth_user_id and is_primary and id <> p_keep
$function$;
revoke all on function app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid) from public, anon, authenticated, service_role;
grant execute on function app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid) to authenticated;
grant execute on function app.clear_other_primary_profiles(p_auth_user_id uuid, p_keep uuid) to service_role;

CREATE OR REPLACE FUNCTION app.confirm_stay_mail()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_to text;
begin
  if tg_op = 'UPDATE' then
    -- Set by the database only.
    new.confirmation_sent_at := old.confirmation_sent_at;
    new.confirmation_sent_to := old.confirmation_sent_to;
  elsif app.is_app_user() then
    new.confirmation_sent_at := null;
    new.confirmation_sent_to := null;
  end if;
  if app.is_app_user() and new.status = 'Confirmed' and (tg_op = 'INSERT' or old.status is distinct from 'Confirmed') then
    v_to := app.send_stay_confirmation(new);
    if v_to is not null then
      new.confirmation_sent_to := v_to;
      new.confirmation_sent_at := now();
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.confirm_stay_mail() from public, anon, authenticated, service_role;
grant execute on function app.confirm_stay_mail() to authenticated;
grant execute on function app.confirm_stay_mail() to service_role;
grant execute on function app.confirm_stay_mail() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.contact_method_label()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.label is null or btrim(new.label) = '' then
    new.label := coalesce((select t.name from crm.contact_method_types t where t.id = new.type_id), 'Other');
  end if;
  return new;
end;
$function$;
revoke all on function app.contact_method_label() from public, anon, authenticated, service_role;
grant execute on function app.contact_method_label() to authenticated;
grant execute on function app.contact_method_label() to service_role;
grant execute on function app.contact_method_label() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.contact_method_prepare()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_refusal jsonb;
begin
  if tg_op = 'INSERT' or new.type_id is distinct from old.type_id then
    new.kind := coalesce((select t.kind from crm.contact_method_types t where t.id = new.type_id), 'other');
  end if;
  if tg_op = 'INSERT' or new.value is distinct from old.value or new.kind is distinct from old.kind then
    v_refusal := app.contact_method_value_refusal(new.kind, new.value);
    if v_refusal is not null then
      perform app.refuse('23514', v_refusal);
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.contact_method_prepare() from public, anon, authenticated, service_role;
grant execute on function app.contact_method_prepare() to service_role;

CREATE OR REPLACE FUNCTION app.contact_method_type_kind_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update crm.contact_methods cm set kind = n.kind
    from new_rows n join old_rows o on o.id = n.id
   where cm.type_id = n.id and n.kind is distinct from o.kind;
  return null;
end;
$function$;
revoke all on function app.contact_method_type_kind_changed() from public, anon, authenticated, service_role;
grant execute on function app.contact_method_type_kind_changed() to service_role;

CREATE OR REPLACE FUNCTION app.contact_method_value_problem(p_kind text, p_value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
 SELECT
         CASE
             WHEN ((p_kind = 'email'::text) AND (btrim(p_value) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'::text)) THEN 'Enter an e-mail address like name@example.com.'::text
             WHEN ((p_kind = 'phone'::text) AND ((btrim(p_value) !~ '^\+?[0-9 ().\-/]+((x|ext\.?) ?[0-9]{1,6})?$'::text) OR ((length(regexp_replace(split_part(p_value, 'x'::text, 1), '[^0-9]'::text, ''::text, 'g'::text)) < 4) OR (length(regexp_replace(split_part(p_value, 'x'::text, 1), '[^0-9]'::text, ''::text, 'g'::text)) > 15)))) THEN 'Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.'::text
             ELSE NULL::text
         END AS "case";
END;
revoke all on function app.contact_method_value_problem(p_kind text, p_value text) from public, anon, authenticated, service_role;
grant execute on function app.contact_method_value_problem(p_kind text, p_value text) to authenticated;
grant execute on function app.contact_method_value_problem(p_kind text, p_value text) to service_role;
grant execute on function app.contact_method_value_problem(p_kind text, p_value text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.contact_method_value_refusal(p_kind text, p_value text)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
begin
  -- The rule is app.contact_method_value_problem's (kept a plain SQL expression: imports check every
  -- staged row with it); this names its message (the English the same, held by databaseMessages.test.ts).
  if app.contact_method_value_problem(p_kind, p_value) is null then
    return null;
  elsif p_kind = 'email' then
    return app.refusal('contactMethod.notEmail', 'Enter an e-mail address like name@example.com.');
  end if;
  return app.refusal('contactMethod.notPhone', 'Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.');
end;
$function$;
revoke all on function app.contact_method_value_refusal(p_kind text, p_value text) from public, anon, authenticated, service_role;
grant execute on function app.contact_method_value_refusal(p_kind text, p_value text) to authenticated;
grant execute on function app.contact_method_value_refusal(p_kind text, p_value text) to service_role;
grant execute on function app.contact_method_value_refusal(p_kind text, p_value text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.count_sales()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_side record;
begin
  for v_side in
    select * from (values ('old_rows', -1, tg_op in ('UPDATE', 'DELETE')), ('new_rows', 1, tg_op in ('INSERT', 'UPDATE'))) as side(rows, sign, present)
    where side.present
  loop
    execute format(
      'insert into app.sales_by_month as total (org_name, month, created_by, revenue, sales)
       select r.org_name, app.sale_month(r.date), r.created_by, %1$s * sum(coalesce(r.amount, 0)), %1$s * count(*)
         from %2$I r
        where r.transaction_type = ''sale'' and not r.archive and r.date is not null
        group by 1, 2, 3
           on conflict on constraint sales_by_month_key
           do update set revenue = total.revenue + excluded.revenue, sales = total.sales + excluded.sales',
      v_side.sign, v_side.rows);
  end loop;
  return null;
end;
$function$;
revoke all on function app.count_sales() from public, anon, authenticated, service_role;
grant execute on function app.count_sales() to authenticated;
grant execute on function app.count_sales() to service_role;
grant execute on function app.count_sales() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.create_auth_user(p_email text, p_password text, p_user_metadata jsonb, p_id uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
  v_email text := lower(btrim(p_email));
  v_now timestamptz := now();
  v_confirmed boolean := coalesce(nullif(current_setting('steward.auth_autoconfirm', true), ''), 'on') = 'on';
begin
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    confirmation_token, recovery_token, email_change_token_new, email_change,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values (
    '00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated', v_email,
    extensions.crypt(p_password, extensions.gen_salt('bf', 10)),
    case when v_confirmed then v_now end,
    '', '', '', '',
    jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email')),
    coalesce(p_user_metadata, '{}'::jsonb), v_now, v_now);
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    v_id::text, v_id,
    jsonb_build_object('sub', v_id::text, 'email', v_email, 'email_verified', v_confirmed, 'phone_verified', false),
    'email', v_now, v_now);
  return v_id;
end;
$function$;
revoke all on function app.create_auth_user(p_email text, p_password text, p_user_metadata jsonb, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.create_auth_user(p_email text, p_password text, p_user_metadata jsonb, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.create_organization_with_owner(p_email text, p_password text, p_full_name text, p_business_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_username text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_full_name text := btrim(coalesce(p_full_name, ''));
  v_org text := app.tidy_org_name(coalesce(p_business_name, ''));
  v_user_id uuid;
  v_profile_id uuid := gen_random_uuid();
  v_role_id uuid := gen_random_uuid();
  v_constraint text;
begin
  perform app.require_signup_fields(p_email, p_password, p_full_name);
  if v_org = '' then
    raise exception using errcode = 'ST003', message = 'Business name is required for new organizations';
  end if;
  perform app.require_password(p_password);
  if char_length(v_org) > 120 then
    raise exception using errcode = 'ST009', message = 'Business name must be at most 120 characters';
  end if;
  if exists (select 1 from public.organizations o where app.org_name_key(o.name) = app.org_name_key(v_org)) then
    raise exception using errcode = 'ST005', message = 'An organization with this name already exists';
  end if;
  if exists (select 1 from public.organizations o where lower(app.org_slug(o.name)) = lower(app.org_slug(v_org))) then
    raise exception using errcode = 'ST010', message = 'An organization with a very similar name already exists';
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = v_email)
     or exists (select 1 from public.user_profiles p where lower(p.email) = v_email and p.status = 'Active') then
    raise exception using errcode = 'ST006', message = 'A user with this email already exists';
  end if;

  begin
    v_user_id := app.create_auth_user(v_email, p_password, jsonb_strip_nulls(jsonb_build_object(
      'full_name', v_full_name, 'title', nullif(btrim(p_title), ''), 'phone', nullif(btrim(p_phone), ''),
      'username', nullif(btrim(p_username), ''), 'business_name', v_org, 'organization_name', v_org)));

    insert into public.organizations (name, display_name, created_by, last_modified_by)
    values (v_org, v_org, v_profile_id, v_profile_id);
  exception when unique_violation then
    -- Lost a race with a concurrent application for the same name or e-mail.
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'organizations_storage_folder_key' then
      raise exception using errcode = 'ST010', message = 'An organization with a very similar name already exists';
    elsif v_constraint like 'organizations%' then
      raise exception using errcode = 'ST005', message = 'An organization with this name already exists';
    end if;
    raise exception using errcode = 'ST006', message = 'A user with this email already exists';
  end;

  insert into public.user_roles (id, org_name, role_name, description, created_by, last_modified_by)
  values (v_role_id, v_org, 'owner', 'Owner of the organization: full access to every component', v_profile_id, v_profile_id);

  insert into public.user_profiles (
    id, auth_user_id, org_name, name, first_name, last_name, email, phone, title, username, status, role_id,
    source, is_primary, joined_at, created_by, last_modified_by)
  values (
    v_profile_id, v_user_id, v_org, v_full_name,
    split_part(v_full_name, ' ', 1), nullif(btrim(substr(v_full_name, char_length(split_part(v_full_name, ' ', 1)) + 1)), ''),
    v_email, nullif(btrim(p_phone), ''), nullif(btrim(p_title), ''), nullif(btrim(p_username), ''), 'Active', v_role_id,
    'Form Application', true, now(), v_profile_id, v_profile_id);

  insert into settings.org_components (org_name, component_id, enabled, created_by, last_modified_by)
  select v_org, c.id, true, v_profile_id, v_profile_id from settings.components c;

  insert into settings.user_role_permissions (
    org_name, role_id, component_id, view_access, create_access, edit_access, delete_access, created_by, last_modified_by)
  select v_org, v_role_id, c.id, 'Organization', 'allowed', 'Organization', 'Organization', v_profile_id, v_profile_id
  from settings.components c;

  return jsonb_build_object('user_id', v_user_id, 'profile_id', v_profile_id, 'org_name', v_org);
end;
$function$;
revoke all on function app.create_organization_with_owner(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) from public, anon, authenticated, service_role;
grant execute on function app.create_organization_with_owner(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text) to service_role;

CREATE OR REPLACE FUNCTION app.default_org()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select p.org_name from public.user_profiles p
      where p.auth_user_id = auth.uid() and p.status = 'Active' and p.is_primary limit 1),
    (select min(p.org_name) from public.user_profiles p
      where p.auth_user_id = auth.uid() and p.status = 'Active'
      having count(*) = 1))
$function$;
revoke all on function app.default_org() from public, anon, authenticated, service_role;
grant execute on function app.default_org() to authenticated;
grant execute on function app.default_org() to service_role;

CREATE OR REPLACE FUNCTION app.delete_rule_sql(p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when not (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = p_table) then 'true'
    else format('(%s) and (%s)',
      coalesce((select string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' or ')
                from pg_catalog.pg_policy p
                where p.polrelid = p_table and p.polcmd in ('d', '*') and p.polpermissive
                  and (p.polroles @> array[0::oid] or p.polroles @> array['authenticated'::regrole::oid])), 'false'),
      coalesce((select string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' and ')
                from pg_catalog.pg_policy p
                where p.polrelid = p_table and p.polcmd in ('d', '*') and not p.polpermissive
                  and (p.polroles @> array[0::oid] or p.polroles @> array['authenticated'::regrole::oid])), 'true'))
  end
$function$;
revoke all on function app.delete_rule_sql(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.delete_rule_sql(p_table regclass) to service_role;
comment on function app.delete_rule_sql(p_table regclass) is 'a table''s delete rule for authenticated as one SQL condition over its columns (as app.read_rule_sql for reading)';

CREATE OR REPLACE FUNCTION app.demote_other_primaries()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$
declare
  v_found boolean;
begin
  if new.is_primary and not new.archive then
    -- Is there another primary to demote? Read by the record's own column and the rule's own index
    -- (one primary per record and kind).
    if tg_table_name = 'contact_methods' then
      if new.contact_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.contact_id = new.contact_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.business_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.business_id = new.business_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.household_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.household_id = new.household_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.user_id is not null then
        v_found := exists (select 1 from crm.contact_methods x where x.user_id = new.user_id and x.kind = new.kind and x.is_primary and not x.archive and x.id <> new.id);
      end if;
      if v_found then
        update crm.contact_methods cm set is_primary = false
         where cm.is_primary and not cm.archive and cm.id <> new.id and cm.kind = new.kind
           and (cm.contact_id = new.contact_id or cm.business_id = new.business_id
                or cm.household_id = new.household_id or cm.user_id = new.user_id);
      end if;
    else
      if new.contact_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.contact_id = new.contact_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.business_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.business_id = new.business_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.household_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.household_id = new.household_id and x.is_primary and not x.archive and x.id <> new.id);
      elsif new.user_id is not null then
        v_found := exists (select 1 from crm.addresses x where x.user_id = new.user_id and x.is_primary and not x.archive and x.id <> new.id);
      end if;
      if v_found then
        update crm.addresses a set is_primary = false
         where a.is_primary and not a.archive and a.id <> new.id
           and (a.contact_id = new.contact_id or a.business_id = new.business_id
                or a.household_id = new.household_id or a.user_id = new.user_id);
      end if;
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.demote_other_primaries() from public, anon, authenticated, service_role;
grant execute on function app.demote_other_primaries() to service_role;

CREATE OR REPLACE FUNCTION app.double_booking_message()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$ select 'This accommodation is already booked or blocked out for part of those dates.'::text $function$;
revoke all on function app.double_booking_message() from public, anon, authenticated, service_role;
grant execute on function app.double_booking_message() to authenticated;
grant execute on function app.double_booking_message() to service_role;
grant execute on function app.double_booking_message() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.end_batch()
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select set_config('steward.via', '', true), set_config('steward.batch_id', '', true);
$function$;
revoke all on function app.end_batch() from public, anon, authenticated, service_role;
grant execute on function app.end_batch() to authenticated;
grant execute on function app.end_batch() to service_role;
grant execute on function app.end_batch() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.enforce_org_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if app.is_app_user() then
      if new.org_name is null then
        new.org_name := app.default_org();
        if new.org_name is null then
          perform app.refuse('42501', 'org.noActive', 'No active organization: choose an organization before creating records');
        end if;
      elsif new.org_name = '_system_default_' then
        perform app.refuse('42501', 'record.systemDefault', 'System default records cannot be changed');
      elsif not app.is_active_member(new.org_name) then
        perform app.refuse('42501', 'org.notMember', 'You are not a member of the organization {org}', jsonb_build_object('org', new.org_name));
      end if;
    end if;
  elsif new.org_name is distinct from old.org_name and app.is_app_user() then
    raise exception using errcode = '42501', message = 'org_name cannot be changed';
  end if;
  return new;
end;
$function$;
revoke all on function app.enforce_org_name() from public, anon, authenticated, service_role;
grant execute on function app.enforce_org_name() to authenticated;
grant execute on function app.enforce_org_name() to service_role;

CREATE OR REPLACE FUNCTION app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text DEFAULT NULL::text, p_kind text DEFAULT 'notice'::text, p_org_name text DEFAULT NULL::text, p_related_table text DEFAULT NULL::text, p_related_id uuid DEFAULT NULL::uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id bigint;
begin
  -- A line break in a header would start another header (Bcc: …) or the body.
  if p_subject ~ '[\r\n]' or p_to ~ '[\r\n]' then
    perform app.refuse('22023', 'mail.lineBreaks', 'An e-mail''s subject and address cannot contain line breaks');
  end if;
  -- Each organisation's mail counts against its own quota (app.organization_limits mails_per_day);
  -- a person waiting on the change that sends it is told, and nothing of the change is kept.
  perform app.require_mail_quota(p_org_name, 1);
  insert into app.mail_outbox (org_name, kind, to_email, subject, body_text, body_html, related_table, related_id)
  values (p_org_name, p_kind, lower(btrim(p_to)), p_subject, p_body_text, p_body_html, p_related_table, p_related_id)
  returning id into v_id;
  -- Wakes a listening sender at commit; a sender that polls finds the row anyway.
  perform pg_notify('mail_outbox', v_id::text);
  return v_id;
end;
$function$;
revoke all on function app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text, p_kind text, p_org_name text, p_related_table text, p_related_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text, p_kind text, p_org_name text, p_related_table text, p_related_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.find_pending_invite_uncounted(p_email text, p_code text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_profile_id uuid := app.invitation_for_code(v_email, p_code);
begin
  if v_profile_id is null then
    return app.invalid_invite_code(v_email);
  end if;
  return (
    select jsonb_build_object('id', p.id, 'name', p.name, 'title', p.title, 'org_name', p.org_name,
                              'role_id', p.role_id, 'role_name', r.role_name,
                              'invited_by_name', app.invitation_inviter(p.id))
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
     where p.id = v_profile_id);
end;
$function$;
revoke all on function app.find_pending_invite_uncounted(p_email text, p_code text) from public, anon, authenticated, service_role;
grant execute on function app.find_pending_invite_uncounted(p_email text, p_code text) to service_role;

create or replace function app.finish_outbox_mail(p_id bigint, p_error text DEFAULT NULL::text, p_permanent boolean DEFAULT false, p_bounced text[] DEFAULT '{}'::text[])
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
       -- A failure shows with its reason at once, also while the outbox will try again (record_messages
       -- tells when); a later attempt that goes through makes it sent.
       set status = case when p_error is null then 'sent' else 'failed' end,
           error = p_error,
           sent_at = case when p_error is null then now() end
     where m.id = v.message_id;
  end if;
end;
$function$;
revoke all on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) from public, anon, authenticated, service_role;
grant execute on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) to service_role;
comment on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) is 'records a sending''s outcome: sent, or the error (retried later unless permanent: a 5xx refusal); refused recipients (p_bounced) go on the organisation''s suppression list; a conversation''s message takes the status (failed with the error at each failure, sent once an attempt goes through)';

CREATE OR REPLACE FUNCTION app.finish_storage_removal(p_id bigint, p_error text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update app.storage_removals
     set removed_at = case when p_error is null then now() end,
         last_error = p_error
   where id = p_id and removed_at is null;
$function$;
revoke all on function app.finish_storage_removal(p_id bigint, p_error text) from public, anon, authenticated, service_role;
grant execute on function app.finish_storage_removal(p_id bigint, p_error text) to service_role;
comment on function app.finish_storage_removal(p_id bigint, p_error text) is 'the storage-removal worker: the Storage API removed the object (no error), or why it could not (tried again later)';

CREATE OR REPLACE FUNCTION app.forget_search_words(p_org text, p_words text[])
 RETURNS bigint
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- A word no contact, business or household name of the organisation uses any more (found through
  -- each table's trigram index of its normalised name), with its variants.
  with unused as (
    select w.word from unnest(p_words) w(word)
    where not exists (select 1 from crm.contacts c where c.org_name = p_org and app.search_norm(c.name) like '%' || w.word || '%'
                        and w.word in (select app.search_text_words(c.name)))
      and not exists (select 1 from crm.businesses b where b.org_name = p_org and app.search_norm(b.name || ' ' || coalesce(b.dba_name, '')) like '%' || w.word || '%'
                        and w.word in (select app.search_text_words(b.name || ' ' || coalesce(b.dba_name, ''))))
      and not exists (select 1 from crm.households h where h.org_name = p_org and app.search_norm(h.name) like '%' || w.word || '%'
                        and w.word in (select app.search_text_words(h.name)))
  ),
  gone as (delete from app.search_words s where s.org_name = p_org and s.word in (select u.word from unused u) returning 1)
  select count(*) from gone
$function$;
revoke all on function app.forget_search_words(p_org text, p_words text[]) from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.forget_integration_secrets()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform set_config('steward.integration_secrets', '', true);
  return null;
end;
$function$;
revoke all on function app.forget_integration_secrets() from public, anon, authenticated, service_role;
grant execute on function app.forget_integration_secrets() to service_role;

CREATE OR REPLACE FUNCTION app.guard_calendar_feed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' then
    new.token_hash := old.token_hash;
    new.accommodation_id := old.accommodation_id;
    if old.revoked_at is not null then
      new.revoked_at := old.revoked_at;
    end if;
  elsif app.is_app_user() and coalesce(current_setting('steward.calendar_feed_token', true), '') = '' then
    new.token_hash := app.calendar_token_hash(encode(extensions.gen_random_bytes(24), 'hex'));
  end if;
  return new;
end;
$function$;
revoke all on function app.guard_calendar_feed() from public, anon, authenticated, service_role;
grant execute on function app.guard_calendar_feed() to authenticated;
grant execute on function app.guard_calendar_feed() to service_role;
grant execute on function app.guard_calendar_feed() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.guard_user_profile()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.email := lower(new.email);
  if app.is_app_user() then
    if tg_op = 'INSERT' then
      if new.auth_user_id is not null then
        perform app.refuse('42501', 'profile.linkOnActivate', 'A profile is linked to a login only when the invitee activates it');
      end if;
    else
      if new.auth_user_id is distinct from old.auth_user_id then
        raise exception using errcode = '42501', message = 'auth_user_id cannot be changed';
      end if;
      if old.auth_user_id = auth.uid()
         and (new.role_id is distinct from old.role_id or new.status is distinct from old.status or new.source is distinct from old.source)
         and not (old.org_name = any (app.orgs_with_access('settings', 'edit', 'Organization'))) then
        perform app.refuse('42501', 'profile.ownRoleOrStatus', 'You cannot change your own role or status');
      end if;
    end if;
  end if;
  if new.is_primary and new.auth_user_id is not null
     and (tg_op = 'INSERT' or not old.is_primary or new.auth_user_id is distinct from old.auth_user_id) then
    perform app.clear_other_primary_profiles(new.auth_user_id, new.id);
  end if;
  return new;
end;
$function$;
revoke all on function app.guard_user_profile() from public, anon, authenticated, service_role;
grant execute on function app.guard_user_profile() to authenticated;
grant execute on function app.guard_user_profile() to service_role;

CREATE OR REPLACE FUNCTION app.history_actor(p_org text)
 RETURNS TABLE(actor_id uuid, actor_name text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id, p.name from public.user_profiles p
  where p.auth_user_id = auth.uid() and p.org_name = p_org and p.status = 'Active'
  limit 1
$function$;
revoke all on function app.history_actor(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.history_actor(p_org text) to authenticated;
grant execute on function app.history_actor(p_org text) to service_role;
grant execute on function app.history_actor(p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.history_batch()
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select nullif(current_setting('steward.batch_id', true), '')::uuid
$function$;
revoke all on function app.history_batch() from public, anon, authenticated, service_role;
grant execute on function app.history_batch() to authenticated;
grant execute on function app.history_batch() to service_role;
grant execute on function app.history_batch() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.history_ignored(p_field text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select p_field in ('id', 'short_id', 'org_name', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by',
                     'api_key', 'api_secret', 'webhook_secret')
      or p_field like 'search\_%' or p_field like '%\_search' or p_field like '%\_tsv'
$function$;
revoke all on function app.history_ignored(p_field text) from public, anon, authenticated, service_role;
grant execute on function app.history_ignored(p_field text) to authenticated;
grant execute on function app.history_ignored(p_field text) to service_role;
grant execute on function app.history_ignored(p_field text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.history_read_grants()
 RETURNS text[]
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_mine uuid := (app.my_profile_ids())[1];
  v_owned jsonb;
begin
  -- Written by app.history_read_grants_sql() from the read rules of app.history_tables: regenerate it when one changes.
  if v_mine is null then
    return '{}';
  end if;
  v_owned := (select jsonb_object_agg(c, v_mine) from unnest(app.personal_columns()) c);
  return array(
    with g as (
      select o.steward_org, m.steward_mine
      from unnest(app.member_orgs() || '_system_default_'::text) o(steward_org) cross join (values (true), (false)) m(steward_mine)
    )
    select t.steward_table || '|*' from unnest('{catalog.accommodation_blocks,catalog.accommodation_classes,catalog.accommodation_files,catalog.accommodation_rate_types,catalog.accommodation_rates,catalog.accommodation_types,catalog.accommodations,catalog.amenities,catalog.amenity_map,catalog.amenity_types,catalog.calendar_feeds,catalog.lodging_settings,catalog.product_option_values,catalog.product_options,catalog.product_types,catalog.product_variants,catalog.products,catalog.reservation_items,catalog.reservation_payments,catalog.reservations,catalog.resource_classes,catalog.resource_reservations,catalog.resource_types,catalog.supplies,catalog.unit_conversions,catalog.unit_types,catalog.variant_option_values,crm.addresses,crm.business_types,crm.businesses,crm.contact_method_types,crm.contact_methods,crm.contact_types,crm.contacts,crm.crm_file_types,crm.crm_files,crm.households,crm.locations,crm.note_types,crm.notes,crm.other_contact_methods,crm.relationships,hr.assignments,hr.groups,hr.positions,hr.shift_members,hr.shifts,hr.staff_profiles,ops.projects,ops.subtasks,ops.tasks,public.orders,public.transactions}'::text[]) t(steward_table)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::public.user_profiles, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{public.user_profiles,public.user_roles,settings.custom_fields,settings.org_branding}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.member_orgs() AS member_orgs)::text[]))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::settings.integrations, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{settings.integrations}'::text[]) t(steward_table)
    where ((((org_name <> '_system_default_'::text) AND ((org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[]))))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::settings.mail_settings, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{settings.mail_settings,settings.mail_templates}'::text[]) t(steward_table)
    where (((org_name = ANY (( SELECT app.member_orgs() AS member_orgs)::text[])))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::settings.user_role_permissions, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{settings.user_role_permissions}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (role_id = ANY (( SELECT app.my_role_ids() AS my_role_ids)::uuid[])) OR (org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])))))) and (true)
  );
end;
$function$;
revoke all on function app.history_read_grants() from public, anon, authenticated, service_role;
grant execute on function app.history_read_grants() to authenticated;
grant execute on function app.history_read_grants() to service_role;
comment on function app.history_read_grants() is 'table|organisation|owned for every history entry the caller may read, table|* for a table under the standard policies (record_history''s check by component and owners is its rule): each table''s own read rule (evaluated on the row as history knows it: its organisation, and the caller as its owner when they are among its owners), so history is read as the rows are. Written by app.history_read_grants_sql()';

CREATE OR REPLACE FUNCTION app.history_read_grants_sql()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with rules as (
    -- A table under the standard policies (its component's view access; Personal through its personal
    -- columns) reads as record_history's own check by component and owners already: it is named with
    -- '*'. Any other rule is evaluated.
    select h.table_name::text as t, r.rule,
           r.rule ~ ('^\(\(\(\(org_name = ''_system_default_''::text\) OR \(org_name = ANY \(\( SELECT app\.orgs_with_access\('''
                     || h.component || '''::text, ''view''::text, ''Organization''::text\) AS orgs_with_access\)::text\[\]\)\) OR \(\(org_name = ANY \(\( SELECT app\.orgs_with_access\('''
                     || h.component || '''::text, ''view''::text, ''Personal''::text\) AS orgs_with_access\)::text\[\]\)\) AND [( ]*(created_by|primary_owner_id|secondary_owner_id|owner_id|assignee_id) = ANY \(\( SELECT app\.my_profile_ids\(\) AS my_profile_ids\)::uuid\[\]\)\)( OR \((created_by|primary_owner_id|secondary_owner_id|owner_id|assignee_id) = ANY \(\( SELECT app\.my_profile_ids\(\) AS my_profile_ids\)::uuid\[\]\)\))*\)+ and \(true\)$') as standard
    from app.history_tables h cross join lateral (select app.read_rule_sql(h.table_name) as rule) r
  ),
  groups as (
    select x.rule, array_agg(x.t order by x.t) as tables, min(x.t) as representative from rules x where not x.standard group by x.rule
  )
  select E'\ndeclare\n  v_mine uuid := (app.my_profile_ids())[1];\n  v_owned jsonb;\nbegin\n'
    || E'  -- Written by app.history_read_grants_sql() from the read rules of app.history_tables: regenerate it when one changes.\n'
    || E'  if v_mine is null then\n    return ''{}'';\n  end if;\n'
    || E'  v_owned := (select jsonb_object_agg(c, v_mine) from unnest(app.personal_columns()) c);\n'
    || E'  return array(\n    with g as (\n'
    || E'      select o.steward_org, m.steward_mine\n'
    || E'      from unnest(app.member_orgs() || ''_system_default_''::text) o(steward_org) cross join (values (true), (false)) m(steward_mine)\n'
    || E'    )\n'
    || format(E'    select t.steward_table || ''|*'' from unnest(%L::text[]) t(steward_table)\n',
              (select coalesce(array_agg(x.t order by x.t), '{}') from rules x where x.standard))
    || coalesce((select string_agg(format(
         E'    union all\n' ||
         E'    select t.steward_table || ''|'' || g.steward_org || ''|'' || g.steward_mine\n' ||
         E'    from g cross join lateral jsonb_populate_record(null::%s, jsonb_build_object(''org_name'', g.steward_org) || case when g.steward_mine then v_owned else ''{}'' end) r\n' ||
         E'    cross join unnest(%L::text[]) t(steward_table)\n' ||
         E'    where %s\n', y.representative, y.tables, y.rule), '' order by y.representative) from groups y), '')
    || E'  );\nend;\n'
$function$;
revoke all on function app.history_read_grants_sql() from public, anon, authenticated, service_role;
grant execute on function app.history_read_grants_sql() to service_role;
comment on function app.history_read_grants_sql() is 'the body app.history_read_grants() must have: one branch per read rule of the history tables. When a history table or its read rule changes, put select app.history_read_grants_sql() in supabase/schemas/app/functions.sql as that function''s body (tests/model/historyAccess.test.ts checks they agree)';

CREATE OR REPLACE FUNCTION app.history_reference_label(p_table regclass, p_column text, p_id text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_target regclass;
  v_row jsonb;
begin
  if p_id is null or p_id !~ '^[0-9a-f-]{36}$' then
    return null;
  end if;
  select con.confrelid::regclass into v_target
  from pg_catalog.pg_constraint con
  join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
  where con.conrelid = p_table and con.contype = 'f' and array_length(con.conkey, 1) = 1 and a.attname = p_column
  limit 1;
  if v_target is null then
    return null;
  end if;
  execute format('select to_jsonb(t) from %s t where t.id = $1', v_target) into v_row using p_id::uuid;
  return app.record_label(v_row);
end;
$function$;
revoke all on function app.history_reference_label(p_table regclass, p_column text, p_id text) from public, anon, authenticated, service_role;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to authenticated;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to service_role;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.history_row(p_row jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}'::jsonb)
  from pg_catalog.jsonb_each(p_row) e
  where not app.history_ignored(e.key) and e.value operator(pg_catalog.<>) 'null'::jsonb
$function$;
revoke all on function app.history_row(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.history_row(p_row jsonb) to authenticated;
grant execute on function app.history_row(p_row jsonb) to service_role;
grant execute on function app.history_row(p_row jsonb) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.history_table(p_table text)
 RETURNS regclass
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := to_regclass(p_table);
begin
  if v_rel is null or not exists (select 1 from app.history_tables where table_name = v_rel) then
    raise exception using errcode = '22023', message = format('%s is not a list that takes bulk changes', p_table);
  end if;
  return v_rel;
end;
$function$;
revoke all on function app.history_table(p_table text) from public, anon, authenticated, service_role;
grant execute on function app.history_table(p_table text) to authenticated;
grant execute on function app.history_table(p_table text) to service_role;
grant execute on function app.history_table(p_table text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.history_table_fields(p_table oid, OUT ignored text[], OUT plain boolean, OUT org_column boolean)
 RETURNS record
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(a.attname::text) filter (where app.history_ignored(a.attname)), '{}'),
         coalesce(bool_and(t.typtype in ('b', 'e', 'd') and t.typcategory <> 'A'
                           and coalesce(bt.oid, t.oid) not in ('json'::regtype, 'jsonb'::regtype)), true),
         coalesce(bool_or(a.attname = 'org_name'), false)
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
  where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
$function$;
revoke all on function app.history_table_fields(p_table oid, OUT ignored text[], OUT plain boolean, OUT org_column boolean) from public, anon, authenticated, service_role;
grant execute on function app.history_table_fields(p_table oid, OUT ignored text[], OUT plain boolean, OUT org_column boolean) to authenticated;
grant execute on function app.history_table_fields(p_table oid, OUT ignored text[], OUT plain boolean, OUT org_column boolean) to service_role;

CREATE OR REPLACE FUNCTION app.history_via()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(nullif(current_setting('steward.via', true), ''),
                  -- The CSV import's rows (PostgREST names the function called in request.path).
                  case when current_setting('request.path', true) = '/rpc/import_records' then 'import' end,
                  -- A signed-in person's request (the trigger itself runs as the table owner).
                  case when auth.uid() is not null then 'screen' else 'system' end)
$function$;
revoke all on function app.history_via() from public, anon, authenticated, service_role;
grant execute on function app.history_via() to authenticated;
grant execute on function app.history_via() to service_role;
grant execute on function app.history_via() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.ics_text(p_value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select replace(replace(replace(replace(p_value, '\', '\\'), ';', '\;'), ',', '\,'), E'\n', '\n') $function$;
revoke all on function app.ics_text(p_value text) from public, anon, authenticated, service_role;
grant execute on function app.ics_text(p_value text) to authenticated;
grant execute on function app.ics_text(p_value text) to service_role;
grant execute on function app.ics_text(p_value text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.import_job_write(p_job uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_job crm.import_jobs;
  v_profile uuid;
  v_errors jsonb;
  v_count integer;
  v_phone_type uuid;
  v_email_type uuid;
  v_sensitive text[];
  v_custom jsonb;
  v_custom_errors jsonb;
begin
  -- The caller's own job, locked: staging more rows or cancelling waits until the import is done.
  -- The organisation's turn first, so that a second call (of this job or another) is refused at once.
  select * into v_job from crm.import_jobs j where j.id = p_job and j.auth_user_id = auth.uid();
  if v_job.id is not null then
    perform app.claim_import_turn(v_job.org_name);
    select * into v_job from crm.import_jobs j where j.id = p_job and j.auth_user_id = auth.uid() for update;
  end if;
  if v_job.id is null then
    perform app.refuse('P0002', 'import.gone', 'This import was cancelled or has already finished');
  end if;
  -- The organisation check (app.enforce_org_name) and the insert policy of the CRM's records, once.
  if v_job.org_name = '_system_default_' or not app.is_active_member(v_job.org_name)
     or not v_job.org_name = any (app.orgs_with_access('crm', 'create', 'allowed')) then
    perform app.refuse('42501', 'import.notMember', 'You may not add records to the organization {org}', jsonb_build_object('org', v_job.org_name));
  end if;
  -- The audit stamps' person (app.stamp_audit): the caller's Active profile in the organisation.
  v_profile := app.profile_id_in(v_job.org_name);
  if not exists (select 1 from crm.import_rows r where r.job_id = p_job) then
    perform app.refuse('22023', 'import.nothing', 'Nothing to import');
  end if;

  -- The custom values of every line (app.custom_import_lines), made once for all lines: what the
  -- records get, and what is wrong with the lines' custom cells.
  select coalesce(jsonb_object_agg(c.line::text, c.custom) filter (where c.custom <> '{}'), '{}'),
         jsonb_agg(jsonb_build_object('line', c.line, 'refusals', coalesce(c.cell_refusals, '[]') || coalesce(c.required_refusals, '[]')))
           filter (where c.cell_refusals is not null or c.required_refusals is not null)
    into v_custom, v_custom_errors
    from (select array_agg(r.line) as lines, array_agg(r.custom) as cells from crm.import_rows r where r.job_id = p_job) a
   cross join lateral app.custom_import_lines(v_job.org_name, v_job.kind, a.lines, a.cells) c;

  select jsonb_agg(jsonb_build_object('line', e.line, 'message', e.refusal ->> 'message', 'refusal', e.refusal) order by e.line, e.refusal ->> 'message')
    into v_errors
    from (select u.line, u.refusal
            from (select e.line, e.refusal from crm.import_errors(p_job, false) e
                  union all
                  select (l ->> 'line')::integer, x.refusal
                    from jsonb_array_elements(v_custom_errors) l cross join lateral jsonb_array_elements(l -> 'refusals') x(refusal)) u
           order by u.line, u.refusal ->> 'message' limit 200) e;
  if v_errors is not null then
    raise exception using errcode = '23514', message = 'Import failed: nothing was imported', detail = v_errors::text, hint = 'steward:import.failed';
  end if;

  -- History tags every row this call writes as one import batch.
  perform app.begin_batch('import');

  select t.id into v_phone_type from crm.contact_method_types t
   where t.org_name in (v_job.org_name, '_system_default_') and not t.archive and t.kind = 'phone'
   order by (t.org_name = v_job.org_name) desc, (lower(t.name) = 'phone') desc, t.name limit 1;
  select t.id into v_email_type from crm.contact_method_types t
   where t.org_name in (v_job.org_name, '_system_default_') and not t.archive and t.kind = 'email'
   order by (t.org_name = v_job.org_name) desc, (lower(t.name) = 'email') desc, t.name limit 1;

  -- Custom fields (app.custom_values_check, which skips this writer): their values were made and
  -- checked above. Sensitive values are kept apart, and written only by people who edit the area.
  v_sensitive := app.custom_sensitive_ids(v_job.org_name, v_job.kind);
  if cardinality(v_sensitive) > 0 then
    insert into app.custom_sensitive (record_kind, record_id, org_name, custom)
    select v_job.kind, r.record_id, v_job.org_name, c.custom
      from crm.import_rows r
      cross join lateral (select jsonb_object_agg(e.key, e.value) as custom
                            from jsonb_each(v_custom -> r.line::text) e where e.key = any (v_sensitive)) c
     where r.job_id = p_job and c.custom is not null;
    if found and not app.custom_may_write_sensitive(v_job.kind, v_job.org_name) then
      perform app.refuse('42501', 'import.sensitive', 'This import fills sensitive fields: only people who may edit these records can');
    end if;
  end if;

  -- Types and owners are looked up by name among the organisation's own (types: or the platform
  -- defaults, the organisation's first), once per distinct name rather than once per row.
  if v_job.kind = 'contact' then
    insert into crm.contacts (id, short_id, org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                              created_at, created_by, last_modified_at, last_modified_by, custom)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name),
           -- Without mapped first and last names they come from the name: first word, the rest.
           coalesce(nullif(btrim(r.first_name), ''), split_part(btrim(r.name), ' ', 1)),
           coalesce(nullif(btrim(r.last_name), ''), nullif(btrim(substr(btrim(r.name), length(split_part(btrim(r.name), ' ', 1)) + 1)), '')),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile, coalesce(v_custom -> r.line::text, '{}') - v_sensitive
    from crm.import_rows r
    left join (select distinct on (lower(t.name)) lower(t.name) as key, t.id from crm.contact_types t
                where t.org_name in (v_job.org_name, '_system_default_') and not t.archive
                order by lower(t.name), (t.org_name = v_job.org_name) desc, t.id) ty on ty.key = lower(nullif(btrim(r.type), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o1 on o1.key = lower(nullif(btrim(r.primary_owner), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o2 on o2.key = lower(nullif(btrim(r.secondary_owner), ''))
    where r.job_id = p_job
    order by r.line;
  else
    insert into crm.businesses (id, short_id, org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                                created_at, created_by, last_modified_at, last_modified_by, custom)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name), nullif(btrim(r.dba_name), ''),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile, coalesce(v_custom -> r.line::text, '{}') - v_sensitive
    from crm.import_rows r
    left join (select distinct on (lower(t.name)) lower(t.name) as key, t.id from crm.business_types t
                where t.org_name in (v_job.org_name, '_system_default_') and not t.archive
                order by lower(t.name), (t.org_name = v_job.org_name) desc, t.id) ty on ty.key = lower(nullif(btrim(r.type), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o1 on o1.key = lower(nullif(btrim(r.primary_owner), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o2 on o2.key = lower(nullif(btrim(r.secondary_owner), ''))
    where r.job_id = p_job
    order by r.line;
  end if;
  get diagnostics v_count = row_count;

  -- One phone and one e-mail per new record, each its primary; kind and label from the type
  -- (app.contact_method_prepare, app.contact_method_label). The values passed crm.import_errors'
  -- check, the one app.contact_method_prepare asks.
  insert into crm.contact_methods (org_name, value, label, type_id, kind, is_primary, business_id, contact_id,
                                   created_at, created_by, last_modified_at, last_modified_by)
  select v_job.org_name, m.value, coalesce(t.name, 'Other'), m.type_id, coalesce(t.kind, 'other'), true,
         case when v_job.kind = 'business' then m.record_id end, case when v_job.kind = 'contact' then m.record_id end,
         now(), v_profile, clock_timestamp(), v_profile
  from (select r.line, r.record_id, btrim(r.phone) as value, v_phone_type as type_id, 1 as part from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.phone), '') is not null
        union all
        select r.line, r.record_id, btrim(r.email), v_email_type, 2 from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.email), '') is not null) m
  left join crm.contact_method_types t on t.id = m.type_id
  order by m.line, m.part;

  insert into crm.addresses (org_name, is_primary, business_id, contact_id, address_line_1, city, state, zip,
                             created_at, created_by, last_modified_at, last_modified_by)
  select v_job.org_name, true, case when v_job.kind = 'business' then r.record_id end, case when v_job.kind = 'contact' then r.record_id end,
         nullif(btrim(r.address_line_1), ''), nullif(btrim(r.city), ''), nullif(btrim(r.state), ''), nullif(btrim(r.zip), ''),
         now(), v_profile, clock_timestamp(), v_profile
  from crm.import_rows r
  where r.job_id = p_job and btrim(concat(r.address_line_1, r.city, r.state, r.zip)) <> ''
  order by r.line;

  -- The shown phone, e-mail and address of every new record (the statement triggers skip this writer).
  perform app.refresh_shown_contact_methods(v_job.org_name, array(select r.record_id from crm.import_rows r where r.job_id = p_job));

  perform app.end_batch();
  return v_count;
end;
$function$;
alter function app.import_job_write(p_job uuid) owner to steward_import_writer;
revoke all on function app.import_job_write(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function app.import_job_write(p_job uuid) to authenticated;
grant execute on function app.import_job_write(p_job uuid) to service_role;
comment on function app.import_job_write(p_job uuid) is 'writes an import job''s staged rows as records with the record rules applied once per statement (the per-row triggers skip its role); checks the caller, the job and its rows first';

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

CREATE OR REPLACE FUNCTION app.integration_secrets_stash()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(nullif(current_setting('steward.integration_secrets', true), ''), '{}')::jsonb
$function$;
revoke all on function app.integration_secrets_stash() from public, anon, authenticated, service_role;
grant execute on function app.integration_secrets_stash() to service_role;

CREATE OR REPLACE FUNCTION app.integration_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := new.last_modified_at;
  return new;
end;
$function$;
revoke all on function app.integration_updated_at() from public, anon, authenticated, service_role;
grant execute on function app.integration_updated_at() to authenticated;
grant execute on function app.integration_updated_at() to service_role;
grant execute on function app.integration_updated_at() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.invalid_invite_code(p_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  update app.invite_codes
     set failed_attempts = failed_attempts + 1,
         expires_at = case when failed_attempts + 1 >= 5 then least(expires_at, now()) else expires_at end
   where email = p_email;
  insert into app.invite_code_requests as r (email, requests, wrong_codes)
  values (p_email, 0, 1)
  on conflict (email) do update set wrong_codes = r.wrong_codes + 1;
  -- The day's count is the guessing client's: nobody's wrong codes refuse the invitee's right one.
  insert into app.invite_code_wrong_days as d (email, client, day_started_at, wrong_today)
  values (p_email, coalesce(app.request_client(), ''), now(), 1)
  on conflict (email, client) do update
    set wrong_today = case when d.day_started_at > now() - interval '1 day' then d.wrong_today + 1 else 1 end,
        day_started_at = case when d.day_started_at > now() - interval '1 day' then d.day_started_at else now() end;
  perform set_config('response.status', '400', true);
  return jsonb_build_object('code', 'ST011', 'message', 'The code is not valid or has expired', 'details', null, 'hint', null);
end;
$function$;
revoke all on function app.invalid_invite_code(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.invalid_invite_code(p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.invitation_for_code(p_email text, p_code text, p_invitation uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- (email, code_hash) is unique: a code names at most one invitation of the address.
  select c.profile_id
    from app.invite_codes c
    join public.user_profiles p on p.id = c.profile_id
   where c.email = p_email
     and c.code_hash = app.invite_code_hash(p_email, p_code)
     and (p_invitation is null or c.profile_id = p_invitation)
     and c.expires_at > now()
     and c.failed_attempts < 5
     and p.status = 'Pending' and p.auth_user_id is null and lower(p.email) = p_email
     and not exists (
       select 1 from app.invite_code_wrong_days d
        where d.email = p_email and d.client = coalesce(app.request_client(), '')
          and d.day_started_at > now() - interval '1 day' and d.wrong_today >= 20)
$function$;
revoke all on function app.invitation_for_code(p_email text, p_code text, p_invitation uuid) from public, anon, authenticated, service_role;
grant execute on function app.invitation_for_code(p_email text, p_code text, p_invitation uuid) to service_role;

CREATE OR REPLACE FUNCTION app.invitation_inviter(p_profile_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Who invited: the member who wrote the invitation (created_by, stamped by the server), else the
  -- invited_by a service-side writer named; null when neither is known.
  select coalesce(nullif(btrim(creator.name), ''), nullif(btrim(inviter.name), ''))
    from public.user_profiles p
    left join public.user_profiles creator on creator.id = p.created_by and creator.org_name = p.org_name
    left join public.user_profiles inviter on inviter.id = p.invited_by and inviter.org_name = p.org_name
   where p.id = p_profile_id
$function$;
revoke all on function app.invitation_inviter(p_profile_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.invitation_inviter(p_profile_id uuid) to service_role;
comment on function app.invitation_inviter(p_profile_id uuid) is 'the name of who invited a profile, as its invitation mail and find_pending_invite show it';

CREATE OR REPLACE FUNCTION app.invite_code_hash(p_email text, p_code text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(sha256(convert_to(lower(btrim(coalesce(p_email, ''))) || ':' || btrim(coalesce(p_code, '')), 'UTF8')), 'hex')
$function$;
revoke all on function app.invite_code_hash(p_email text, p_code text) from public, anon, authenticated, service_role;
grant execute on function app.invite_code_hash(p_email text, p_code text) to service_role;

CREATE OR REPLACE FUNCTION app.is_active_member(p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.user_profiles p
     where p.auth_user_id = (select auth.uid()) and p.org_name = p_org and p.status = 'Active' and p.org_name <> '_system_default_'
  )
$function$;
revoke all on function app.is_active_member(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.is_active_member(p_org text) to authenticated;
grant execute on function app.is_active_member(p_org text) to service_role;
grant execute on function app.is_active_member(p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.is_app_user()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select current_user in ('authenticated', 'anon')
$function$;
revoke all on function app.is_app_user() from public, anon, authenticated, service_role;
grant execute on function app.is_app_user() to authenticated;
grant execute on function app.is_app_user() to service_role;
grant execute on function app.is_app_user() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.keep_an_organization_manager()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
begin
  if coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '') <> 'authenticated' then
    return null;
  end if;
  for v_org in
    select distinct o.org_name
      from old_rows o
     where case tg_table_name
             when 'user_profiles' then (to_jsonb(o) ->> 'status') = 'Active'
                                     and (to_jsonb(o) ->> 'auth_user_id') is not null
                                     and app.manages_organization((to_jsonb(o) ->> 'role_id')::uuid)
             else (to_jsonb(o) ->> 'edit_access') = 'Organization'
                  and exists (select 1 from settings.components c
                               where c.id = (to_jsonb(o) ->> 'component_id')::uuid and c.name = 'settings')
           end
  loop
    -- One change to an organisation's managers at a time: a second waits for the first to commit,
    -- then checks what that left (two managers demoting each other at once: one is refused).
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('steward.keep_manager|' || v_org, 0));
    if not app.organization_has_manager(v_org) then
      raise exception using
        errcode = 'ST013',
        message = 'This change would leave the organization with no active member who can manage users and roles',
        hint = 'Give another active member a role that edits Settings first.';
    end if;
  end loop;
  return null;
end;
$function$;
revoke all on function app.keep_an_organization_manager() from public, anon, authenticated, service_role;
grant execute on function app.keep_an_organization_manager() to authenticated;
grant execute on function app.keep_an_organization_manager() to service_role;

CREATE OR REPLACE FUNCTION app.keep_settings_component()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
begin
  -- Without its Settings row an organisation has no one who may manage it (every check of Settings
  -- access joins it); deleting the organisation itself takes the row with it.
  for v_org in
    select distinct o.org_name from old_rows o join settings.components c on c.id = o.component_id and c.name = 'settings'
  loop
    if exists (select 1 from public.organizations g where g.name = v_org)
       and not exists (select 1 from settings.org_components oc join settings.components c on c.id = oc.component_id and c.name = 'settings'
                        where oc.org_name = v_org and oc.enabled) then
      raise exception using
        errcode = 'ST013',
        message = 'This change would leave the organization with no active member who can manage users and roles',
        hint = 'The Settings component cannot be removed from an organization.';
    end if;
  end loop;
  return null;
end;
$function$;
revoke all on function app.keep_settings_component() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.keep_organization_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.name is distinct from old.name then
    perform app.refuse('42501', 'org.nameFixed', 'The organization name cannot be changed');
  end if;
  return new;
end;
$function$;
revoke all on function app.keep_organization_name() from public, anon, authenticated, service_role;
grant execute on function app.keep_organization_name() to authenticated;
grant execute on function app.keep_organization_name() to service_role;

CREATE OR REPLACE FUNCTION app.list_filter_sql(p_filter jsonb, p_columns text[])
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_parts text[] := '{}';
  v_child jsonb;
  v_part text;
  v_field text := p_filter ->> 'field';
  v_col text;
  v_value text := lower(coalesce(p_filter ->> 'value', ''));
  v_like text := replace(replace(replace(lower(coalesce(p_filter ->> 'value', '')), '\', '\\'), '%', '\%'), '_', '\_');
begin
  if p_filter ? 'and' or p_filter ? 'or' then
    for v_child in select * from jsonb_array_elements(coalesce(p_filter -> 'and', p_filter -> 'or')) loop
      v_part := app.list_filter_sql(v_child, p_columns);
      if v_part is null then
        return null;
      end if;
      v_parts := v_parts || v_part;
    end loop;
    if cardinality(v_parts) = 0 then
      return 'true';
    end if;
    return '(' || array_to_string(v_parts, case when p_filter ? 'and' then ' and ' else ' or ' end) || ')';
  end if;
  if v_field is null or not (v_field = any (p_columns)) then
    return null;
  end if;
  if v_field like 'custom.%' then
    return app.list_custom_filter_sql(p_filter);
  end if;
  v_col := format('lower(t.%I::text)', v_field);
  return case p_filter ->> 'op'
    when 'contains' then format('%s like %L', v_col, '%' || v_like || '%')
    when 'not_contains' then format('(%1$s is null or %1$s not like %2$L)', v_col, '%' || v_like || '%')
    when 'is' then format('%s = %L', v_col, v_value)
    when 'is_not' then format('(%1$s is null or %1$s <> %2$L)', v_col, v_value)
    when 'is_empty' then format('(%1$s is null or %1$s = %2$L)', v_col, '')
    when 'is_not_empty' then format('%s <> %L', v_col, '')
  end;
end;
$function$;
revoke all on function app.list_filter_sql(p_filter jsonb, p_columns text[]) from public, anon, authenticated, service_role;
grant execute on function app.list_filter_sql(p_filter jsonb, p_columns text[]) to service_role;

CREATE OR REPLACE FUNCTION app.lock_accommodation(p_accommodation_id uuid)
 RETURNS void
 LANGUAGE sql
AS $function$ select pg_advisory_xact_lock(hashtextextended('steward:accommodation:' || p_accommodation_id::text, 0)) $function$;
revoke all on function app.lock_accommodation(p_accommodation_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to authenticated;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to service_role;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.lodging_blank_defaults()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  new.archive := coalesce(new.archive, false);
  case tg_table_name
    when 'accommodations' then
      new.additional_data := coalesce(new.additional_data, '{}'::jsonb);
      new.inventory_count := coalesce(new.inventory_count, 1);
      new.tags := coalesce(new.tags, '{}'::text[]);
    when 'reservations' then
      new.all_day := coalesce(new.all_day, false);
      new.deposit_paid := coalesce(new.deposit_paid, false);
      new.adults := coalesce(new.adults, 1);
      new.children := coalesce(new.children, 0);
      new.pets := coalesce(new.pets, 0);
      new.status := coalesce(nullif(btrim(new.status), ''), 'Confirmed');
      new.confirmation := coalesce(nullif(btrim(new.confirmation), ''), upper(substr(md5(gen_random_uuid()::text), 1, 8)));
    when 'accommodation_rates' then
      new.priority := coalesce(new.priority, 0);
      new.qty := coalesce(new.qty, 1);
    else
      null;
  end case;
  return new;
end;
$function$;
revoke all on function app.lodging_blank_defaults() from public, anon, authenticated, service_role;
grant execute on function app.lodging_blank_defaults() to authenticated;
grant execute on function app.lodging_blank_defaults() to service_role;
grant execute on function app.lodging_blank_defaults() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.mail_quota_reached(p_org_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The organisation's mails of the last 24 hours (any path, sent or not), counted up to its quota.
  select p_org_name is not null and coalesce((
    select (select count(*) from (select 1 from app.mail_outbox m
                                   where m.org_name = p_org_name and m.created_at > now() - interval '24 hours'
                                   limit l.value) recent) >= l.value
      from app.organization_limits l
     where l.name = 'mails_per_day'), false)
$function$;
revoke all on function app.mail_quota_reached(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function app.mail_quota_reached(p_org_name text) to service_role;
comment on function app.mail_quota_reached(p_org_name text) is 'whether the organisation has sent its quota of mails (app.organization_limits mails_per_day) in the last 24 hours; a mail of no organisation (the platform''s) counts against none';
CREATE OR REPLACE FUNCTION app.mail_phrases()
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- Every phrase of the mails the database writes, in each language Steward speaks (the English as the
  -- mails always said it). A phrase's %s are filled by format(), in the same order in every language.
  select $words${
    "booking.requested.subject": {"en": "We have your booking request", "es": "Hemos recibido tu solicitud de reserva"},
    "booking.requested.intro": {"en": "Thank you: %s has your booking request and will confirm it within %s. Nothing is charged until then.",
                                "es": "Gracias: %s ha recibido tu solicitud de reserva y la confirmará en un plazo de %s. No se cobra nada hasta entonces."},
    "booking.confirmed.subject": {"en": "Your stay is confirmed", "es": "Tu estancia está confirmada"},
    "booking.confirmed.intro": {"en": "Your stay with %s is confirmed.", "es": "Tu estancia en %s está confirmada."},
    "booking.cancelled.subject": {"en": "Your booking is cancelled", "es": "Tu reserva está cancelada"},
    "booking.cancelled.intro": {"en": "Your booking with %s is cancelled, as you asked.", "es": "Tu reserva en %s está cancelada, como pediste."},
    "booking.lapsed.subject": {"en": "Your booking request has lapsed", "es": "Tu solicitud de reserva ha caducado"},
    "booking.lapsed.intro": {"en": "%s could not confirm your booking request in time, so the dates are free again. You have not been charged.",
                             "es": "%s no pudo confirmar tu solicitud de reserva a tiempo, así que las fechas vuelven a estar libres. No se te ha cobrado nada."},
    "booking.declined.subject": {"en": "Your booking request was declined", "es": "Tu solicitud de reserva ha sido rechazada"},
    "booking.declined.intro": {"en": "Sorry: %s cannot take your booking request for these dates. You have not been charged.",
                               "es": "Lo sentimos: %s no puede aceptar tu solicitud de reserva para estas fechas. No se te ha cobrado nada."},
    "booking.paid.subject": {"en": "Your deposit is paid", "es": "Tu depósito está pagado"},
    "booking.paid.intro": {"en": "Thank you: %s received your deposit of %s.", "es": "Gracias: %s ha recibido tu depósito de %s."},
    "booking.link": {"en": "See or cancel your booking: %s", "es": "Consulta o cancela tu reserva: %s"},
    "deposit.paid": {"en": "Deposit paid: %s by card", "es": "Depósito pagado: %s con tarjeta"},
    "deposit.bank_transfer": {"en": "Deposit due: %s by bank transfer, reference %s", "es": "Depósito pendiente: %s por transferencia bancaria, referencia %s"},
    "deposit.card_link": {"en": "Deposit due: %s by card (the payment link is on your booking's page)",
                          "es": "Depósito pendiente: %s con tarjeta (el enlace de pago está en la página de tu reserva)"},
    "deposit.on_arrival": {"en": "Deposit due: %s on arrival", "es": "Depósito pendiente: %s a la llegada"},
    "deposit.checkout": {"en": "Deposit for %s, %s – %s (%s)", "es": "Depósito de %s, %s – %s (%s)"},
    "deposit.your_stay": {"en": "your stay", "es": "tu estancia"},
    "stay.confirmation": {"en": "Confirmation: %s", "es": "Confirmación: %s"},
    "stay.accommodation": {"en": "Accommodation: %s", "es": "Alojamiento: %s"},
    "stay.check_in": {"en": "Check-in: %s", "es": "Llegada: %s"},
    "stay.check_out": {"en": "Check-out: %s", "es": "Salida: %s"},
    "stay.guests": {"en": "Guests: %s", "es": "Huéspedes: %s"},
    "stay.total": {"en": "Total: %s", "es": "Total: %s"},
    "stay.balance_due": {"en": "Balance due: %s", "es": "Saldo pendiente: %s"},
    "count.hour.one": {"en": "%s hour", "es": "%s hora"},
    "count.hour.other": {"en": "%s hours", "es": "%s horas"},
    "count.adult.one": {"en": "%s adult", "es": "%s adulto"},
    "count.adult.other": {"en": "%s adults", "es": "%s adultos"},
    "count.child.one": {"en": "%s child", "es": "%s niño"},
    "count.child.other": {"en": "%s children", "es": "%s niños"},
    "count.pet.one": {"en": "%s pet", "es": "%s mascota"},
    "count.pet.other": {"en": "%s pets", "es": "%s mascotas"},
    "digest.subject": {"en": "Your tasks for %s — %s", "es": "Tus tareas del %s — %s"},
    "digest.body": {"en": "Hello %s,\n\nThese tasks are due today or overdue:\n\n%s\n\nOpen My work: /tasks?view=mine\n",
                    "es": "Hola, %s:\n\nEstas tareas vencen hoy o están vencidas:\n\n%s\n\nAbre Mi trabajo: /tasks?view=mine\n"},
    "digest.task": {"en": "- %s%s (due %s)", "es": "- %s%s (vence el %s)"},
    "digest.overdue": {"en": "OVERDUE: ", "es": "VENCIDA: "},
    "invite.subject": {"en": "Your code to join %s", "es": "Tu código para unirte a %s"},
    "invite.body": {"en": "%s\n\nYour code: %s\n\nThis code accepts only the invitation from %s. If other organisations have invited this address, each has sent its own e-mail with its own code: use the code of the one you want to join.\n\nTo accept, open Steward, choose Get Started, enter this e-mail address, then this code. The code works for one hour.\n\nIf you did not expect this invitation, you can ignore this e-mail: nothing happens without the code.",
                    "es": "%s\n\nTu código: %s\n\nEste código acepta solo la invitación de %s. Si otras organizaciones han invitado a esta dirección, cada una ha enviado su propio correo con su propio código: usa el código de la organización a la que quieras unirte.\n\nPara aceptar, abre Steward, elige Empezar, escribe esta dirección de correo y después este código. El código sirve durante una hora.\n\nSi no esperabas esta invitación, puedes ignorar este correo: no ocurre nada sin el código."},
    "invite.by_organization": {"en": "%s has invited you to join it on Steward as %s.", "es": "%s te ha invitado a unirte a ella en Steward como %s."},
    "invite.by_person": {"en": "%s invited you to join %s on Steward as %s.", "es": "%s te ha invitado a unirte a %s en Steward como %s."},
    "invite.team_member": {"en": "team member", "es": "miembro del equipo"}
  }$words$::jsonb
$function$;
revoke all on function app.mail_phrases() from public, anon, authenticated, service_role;
comment on function app.mail_phrases() is 'the words of every mail the database writes, each phrase in English and Spanish (read through app.mail_words); a language added here is one a mail is written in once app.mail_locale (and app.online_bookings.language''s check) name it too, with its days and amounts in app.mail_date and app.mail_money';

CREATE OR REPLACE FUNCTION app.mail_words(p_locale text, p_key text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_phrase jsonb := app.mail_phrases() -> p_key;
begin
  if v_phrase is null then
    raise exception 'No mail phrase %', p_key;
  end if;
  return coalesce(v_phrase ->> p_locale, v_phrase ->> 'en');
end;
$function$;
revoke all on function app.mail_words(p_locale text, p_key text) from public, anon, authenticated, service_role;
comment on function app.mail_words(p_locale text, p_key text) is 'a phrase of a mail (app.mail_phrases) in the locale, in English for a language it lacks; an unknown phrase is an error, never a key in a mail';

CREATE OR REPLACE FUNCTION app.mail_count(p_locale text, p_key text, p_count numeric)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- English and Spanish both say one of a thing for exactly 1, else many.
  select format(app.mail_words(p_locale, 'count.' || p_key || case when p_count = 1 then '.one' else '.other' end), p_count)
$function$;
revoke all on function app.mail_count(p_locale text, p_key text, p_count numeric) from public, anon, authenticated, service_role;
comment on function app.mail_count(p_locale text, p_key text, p_count numeric) is 'a number of things in a mail, in the locale: "1 adult", "2 adults", "2 adultos"';

CREATE OR REPLACE FUNCTION app.mail_locale(p_org_name text, p_language text DEFAULT NULL::text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- A tag's language ('es-MX' is 'es'); the first candidate Steward speaks, else English.
  select coalesce((
    select l.code
      from (values (1, p_language), (2, (select o.language from public.organizations o where o.org_name = p_org_name))) c(n, tag)
      cross join lateral (select lower(split_part(replace(btrim(c.tag), '_', '-'), '-', 1)) as code) l
     where l.code in ('en', 'es')
     order by c.n
     limit 1), 'en')
$function$;
revoke all on function app.mail_locale(p_org_name text, p_language text) from public, anon, authenticated, service_role;
comment on function app.mail_locale(p_org_name text, p_language text) is 'the language a mail of the organisation is written in: the reader''s (a guest''s choice on the booking page, a member''s profile) when Steward speaks it, else the organisation''s (Org Data), else English';

CREATE OR REPLACE FUNCTION app.mail_date(p_locale text, p_day date, p_style text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_month text;
begin
  if p_day is null then
    return null;
  end if;
  if p_locale = 'es' then
    -- As Intl writes them for es: "lunes, 3 de febrero de 2027", "3 de febrero de 2027", "3 de febrero".
    v_month := format('%s de %s', extract(day from p_day)::int,
      (array['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'])[extract(month from p_day)::int]);
    return case p_style
      when 'weekday' then format('%s, %s de %s',
        (array['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'])[extract(dow from p_day)::int + 1], v_month, extract(year from p_day)::int)
      when 'long' then format('%s de %s', v_month, extract(year from p_day)::int)
      when 'day' then v_month
    end;
  end if;
  return case p_style
    when 'weekday' then to_char(p_day, 'FMDay, FMMonth FMDD, YYYY')
    when 'long' then to_char(p_day, 'FMMonth FMDD, YYYY')
    when 'day' then to_char(p_day, 'FMMonth FMDD')
  end;
end;
$function$;
revoke all on function app.mail_date(p_locale text, p_day date, p_style text) from public, anon, authenticated, service_role;
comment on function app.mail_date(p_locale text, p_day date, p_style text) is 'a day in a mail, in the locale: weekday ("Monday, February 1, 2027" / "lunes, 1 de febrero de 2027"), long ("February 1, 2027") or day ("February 1")';

CREATE OR REPLACE FUNCTION app.mail_money(p_locale text, p_amount numeric, p_currency text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_amount numeric := coalesce(p_amount, 0);
  v_currency text := upper(coalesce(p_currency, 'USD'));
  v_digits int;
  v_rounded numeric;
  v_whole text;
begin
  if p_locale = 'es' then
    -- As Intl.NumberFormat('es', {style: 'currency'}) writes it: "1234,50 €", "12.345,50 US$" (no
    -- thousands separator below 10 000), the currency's own decimals, a no-break space before its symbol.
    v_digits := case
      when v_currency = any (array['AFN', 'ALL', 'BIF', 'CLP', 'COP', 'DJF', 'GNF', 'HUF', 'IDR', 'IQD', 'IRR', 'ISK', 'JPY', 'KMF', 'KPW', 'KRW',
                                   'LAK', 'LBP', 'MGA', 'MMK', 'PKR', 'PYG', 'RWF', 'SLL', 'SOS', 'SYP', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF', 'YER']) then 0
      when v_currency = any (array['BHD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) then 3
      else 2 end;
    v_rounded := round(abs(v_amount), v_digits);
    v_whole := trunc(v_rounded)::text;
    if length(v_whole) >= 5 then
      v_whole := regexp_replace(v_whole, '(\d)(?=(\d{3})+$)', '\1.', 'g');
    end if;
    return case when v_amount < 0 then '-' else '' end || v_whole
      || case when v_digits > 0 then ',' || lpad(((v_rounded - trunc(v_rounded)) * power(10::numeric, v_digits))::bigint::text, v_digits, '0') else '' end
      || E'\u00a0' || coalesce(('{"EUR": "€", "USD": "US$", "THB": "฿", "VND": "₫", "XCG": "Cg.", "XPF": "CFPF"}'::jsonb) ->> v_currency, v_currency);
  end if;
  return to_char(v_amount, 'FM999999990.00') || ' ' || v_currency;
end;
$function$;
revoke all on function app.mail_money(p_locale text, p_amount numeric, p_currency text) from public, anon, authenticated, service_role;
comment on function app.mail_money(p_locale text, p_amount numeric, p_currency text) is 'an amount in a mail, in the locale and the currency: "1234.50 EUR" in English as the mails always wrote it, "1234,50 €" in Spanish as Intl writes it for es';


CREATE OR REPLACE FUNCTION app.manages_organization(p_role_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
      from settings.user_role_permissions rp
      join settings.components c on c.id = rp.component_id and c.name = 'settings'
     where rp.role_id = p_role_id and rp.edit_access = 'Organization')
$function$;
revoke all on function app.manages_organization(p_role_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.manages_organization(p_role_id uuid) to authenticated;
grant execute on function app.manages_organization(p_role_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.mark_batch_undone(p_batch_id uuid, p_undo uuid)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into app.history_undone (batch_id, undo_batch_id) values (p_batch_id, p_undo)
$function$;
revoke all on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) from public, anon, authenticated, service_role;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to authenticated;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to service_role;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.member_orgs()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(distinct p.org_name), '{}')
  from public.user_profiles p
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.org_name <> '_system_default_'
$function$;
revoke all on function app.member_orgs() from public, anon, authenticated, service_role;
grant execute on function app.member_orgs() to authenticated;
grant execute on function app.member_orgs() to service_role;

CREATE OR REPLACE FUNCTION app.merge_kind(p_kind text)
 RETURNS regclass
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_kind
           when 'contacts' then 'crm.contacts'::regclass
           when 'businesses' then 'crm.businesses'::regclass
           when 'households' then 'crm.households'::regclass
         end
$function$;
revoke all on function app.merge_kind(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.merge_kind(p_kind text) to authenticated;
grant execute on function app.merge_kind(p_kind text) to service_role;
grant execute on function app.merge_kind(p_kind text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.mirror_spouse()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' and new.spouse_id is not distinct from old.spouse_id then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.spouse_id is not null then
    update crm.contacts set spouse_id = null where id = old.spouse_id and spouse_id = new.id;
  end if;
  if new.spouse_id is not null then
    update crm.contacts set spouse_id = null where spouse_id = new.spouse_id and id <> new.id;
    update crm.contacts set spouse_id = new.id where id = new.spouse_id and spouse_id is distinct from new.id;
  end if;
  return null;
end;
$function$;
revoke all on function app.mirror_spouse() from public, anon, authenticated, service_role;
grant execute on function app.mirror_spouse() to service_role;

CREATE OR REPLACE FUNCTION app.my_org_slugs()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(app.org_slug(o)), '{}') from unnest(app.member_orgs()) as o
$function$;
revoke all on function app.my_org_slugs() from public, anon, authenticated, service_role;
grant execute on function app.my_org_slugs() to authenticated;
grant execute on function app.my_org_slugs() to service_role;

CREATE OR REPLACE FUNCTION app.my_profile_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.id), '{}')
  from public.user_profiles p
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active'
$function$;
revoke all on function app.my_profile_ids() from public, anon, authenticated, service_role;
grant execute on function app.my_profile_ids() to authenticated;
grant execute on function app.my_profile_ids() to service_role;

CREATE OR REPLACE FUNCTION app.my_role_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.role_id), '{}')
  from public.user_profiles p
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.role_id is not null
$function$;
revoke all on function app.my_role_ids() from public, anon, authenticated, service_role;
grant execute on function app.my_role_ids() to authenticated;
grant execute on function app.my_role_ids() to service_role;

CREATE OR REPLACE FUNCTION app.notify(p_profile uuid, p_kind text, p_title text, p_body text, p_link text, p_record_table text, p_record_id uuid, p_dedupe_key text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.notifications (org_name, profile_id, kind, title, body, link, record_table, record_id, dedupe_key)
  select p.org_name, p.id, p_kind, p_title, p_body, p_link, p_record_table, p_record_id, p_dedupe_key
    from public.user_profiles p
   where p.id = p_profile and p.status = 'Active' and p.org_name <> '_system_default_'
  on conflict (profile_id, dedupe_key) do nothing
$function$;
revoke all on function app.notify(p_profile uuid, p_kind text, p_title text, p_body text, p_link text, p_record_table text, p_record_id uuid, p_dedupe_key text) from public, anon, authenticated, service_role;
grant execute on function app.notify(p_profile uuid, p_kind text, p_title text, p_body text, p_link text, p_record_table text, p_record_id uuid, p_dedupe_key text) to service_role;

CREATE OR REPLACE FUNCTION app.notify_note_mentions()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_actor uuid := app.profile_id_in(new.org_name);
  v_link text;
  v_profile uuid;
begin
  if new.description !~ '@' then
    return null;
  end if;
  v_link := coalesce(
    (select '/contact/' || c.short_id from crm.contacts c where c.id = new.contact_id),
    (select '/business/' || b.short_id from crm.businesses b where b.id = new.business_id),
    (select '/household/' || h.short_id from crm.households h where h.id = new.household_id),
    '/contacts');
  for v_profile in
    with tokens as (
      select distinct lower(m[1]) as token
        from regexp_matches(new.description, '@([A-Za-z0-9_.-]*[A-Za-z0-9_])', 'g') m
    )
    select distinct p.id
      from tokens k
      join public.user_profiles p
        on p.org_name = new.org_name and p.status = 'Active'
       and (lower(p.username) = k.token
            or lower(regexp_replace(p.name, '\s+', '', 'g')) = k.token
            or (lower(p.first_name) = k.token
                and (select count(*) from public.user_profiles q
                      where q.org_name = new.org_name and q.status = 'Active' and lower(q.first_name) = k.token) = 1))
  loop
    if v_profile is distinct from v_actor then
      perform app.notify(v_profile, 'note_mention', 'Mentioned in a note: ' || new.name,
        left(new.description, 200), v_link, 'crm.notes', new.id, 'note_mention:' || new.id);
    end if;
  end loop;
  return null;
end;
$function$;
revoke all on function app.notify_note_mentions() from public, anon, authenticated, service_role;
grant execute on function app.notify_note_mentions() to authenticated;
grant execute on function app.notify_note_mentions() to service_role;
grant execute on function app.notify_note_mentions() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.notify_scheduled(p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_before bigint;
  v_org record;
  v_task ops.tasks;
begin
  select count(*) into v_before from public.notifications;
  for v_org in
    select o.name, app.org_today(o.name, p_now) as today, app.org_timezone(o.name) as tz
      from public.organizations o where o.name <> '_system_default_'
  loop
    for v_task in
      select t.* from ops.tasks t
       where t.org_name = v_org.name and t.assignee_id is not null
         and t.status <> 'Done' and not t.archive and t.due_date <= v_org.today
    loop
      perform app.task_due_notice(v_task, v_org.today);
    end loop;
    perform app.notify(a.caretaker_id, 'reservation_arriving', 'Arriving today: ' || r.name,
             a.name || ', check-in ' || to_char(r.check_in at time zone v_org.tz, 'HH24:MI'),
             '/reservations?stay=' || r.id, 'catalog.reservations', r.id, 'reservation_arriving:' || r.id)
      from catalog.reservations r
      join catalog.accommodations a on a.id = r.accommodation_id
     where r.org_name = v_org.name and a.caretaker_id is not null and not r.archive
       and app.reservation_is_active(r.status)
       and r.check_in >= (v_org.today::timestamp at time zone v_org.tz)
       and r.check_in < ((v_org.today + 1)::timestamp at time zone v_org.tz);
  end loop;
  return (select count(*) from public.notifications) - v_before;
end;
$function$;
revoke all on function app.notify_scheduled(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.notify_scheduled(p_now timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.notify_task_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_actor uuid := app.profile_id_in(new.org_name);
  v_today date;
begin
  if new.assignee_id is null or new.archive or new.status = 'Done' then
    return null;
  end if;
  if (tg_op = 'INSERT' or new.assignee_id is distinct from old.assignee_id)
     and v_actor is not null and v_actor <> new.assignee_id then
    perform app.notify(new.assignee_id, 'task_assigned', 'Assigned to you: ' || new.title,
      coalesce((select p.name from public.user_profiles p where p.id = v_actor), 'Someone') || ' assigned you this task'
        || coalesce(', due ' || to_char(new.due_date, 'FMMonth FMDD, YYYY'), '') || '.',
      '/tasks?task=' || new.short_id, 'ops.tasks', new.id, null);
  end if;
  if new.due_date is not null then
    v_today := app.org_today(new.org_name);
    if new.due_date <= v_today then
      perform app.task_due_notice(new, v_today);
    end if;
  end if;
  return null;
end;
$function$;
revoke all on function app.notify_task_change() from public, anon, authenticated, service_role;
grant execute on function app.notify_task_change() to authenticated;
grant execute on function app.notify_task_change() to service_role;
grant execute on function app.notify_task_change() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.object_org(p_bucket text, p_name text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with matches as (
    select o.name, char_length(app.org_slug(o.name)) as slug_length
    from public.organizations o
    where o.name <> '_system_default_'
      and case p_bucket
            when 'organization-assets' then starts_with(p_name, app.org_slug(o.name) || '-')
            when 'accommodations' then split_part(p_name, '/', 1) = app.org_slug(o.name)
            else false
          end
  )
  select m.name
  from matches m
  where m.slug_length = (select max(slug_length) from matches)
    and m.name = any (app.member_orgs())
  order by m.name
  limit 1
$function$;
revoke all on function app.object_org(p_bucket text, p_name text) from public, anon, authenticated, service_role;
grant execute on function app.object_org(p_bucket text, p_name text) to authenticated;
grant execute on function app.object_org(p_bucket text, p_name text) to service_role;
grant execute on function app.object_org(p_bucket text, p_name text) to steward_import_writer;
comment on function app.object_org(p_bucket text, p_name text) is 'the organisation an object belongs to: the one whose storage folder (org slug, unique per organisation) is the longest prefix of the name';

CREATE OR REPLACE FUNCTION app.object_owner_shares_org(p_owner text, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p_owner is null or exists (
    select 1 from public.user_profiles p
    where p.auth_user_id::text = p_owner and p.org_name = p_org and p.status = 'Active')
$function$;
revoke all on function app.object_owner_shares_org(p_owner text, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to authenticated;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to service_role;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.org_component_defaults()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_component settings.components%rowtype;
begin
  select * into v_component from settings.components c where c.id = new.component_id;
  new.name := v_component.name;
  new.description := coalesce(new.description, v_component.description);
  if v_component.name = 'settings' and not new.enabled then
    perform app.refuse('23514', 'settings.componentRequired', 'The Settings component cannot be disabled');
  end if;
  return new;
end;
$function$;
revoke all on function app.org_component_defaults() from public, anon, authenticated, service_role;
grant execute on function app.org_component_defaults() to authenticated;
grant execute on function app.org_component_defaults() to service_role;

CREATE OR REPLACE FUNCTION app.org_ref_lookup_name(p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select left('org_ref_other__' || n.nspname || '__' || c.relname, 63)
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = p_table
$function$;
revoke all on function app.org_ref_lookup_name(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_lookup_name(p_table regclass) to authenticated;
grant execute on function app.org_ref_lookup_name(p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodation_classes r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodation_classes(p_id uuid, p_org text) is 'whether the catalog.accommodation_classes record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodation_rate_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodation_rate_types(p_id uuid, p_org text) is 'whether the catalog.accommodation_rate_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodation_rates r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodation_rates(p_id uuid, p_org text) is 'whether the catalog.accommodation_rates record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodation_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodation_types(p_id uuid, p_org text) is 'whether the catalog.accommodation_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__accommodations(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.accommodations r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__accommodations(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__accommodations(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__accommodations(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__accommodations(p_id uuid, p_org text) is 'whether the catalog.accommodations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__amenities(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.amenities r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__amenities(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__amenities(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__amenities(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__amenities(p_id uuid, p_org text) is 'whether the catalog.amenities record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.amenity_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__amenity_types(p_id uuid, p_org text) is 'whether the catalog.amenity_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__product_options(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.product_options r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__product_options(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__product_options(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__product_options(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__product_options(p_id uuid, p_org text) is 'whether the catalog.product_options record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__product_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.product_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__product_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__product_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__product_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__product_types(p_id uuid, p_org text) is 'whether the catalog.product_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__product_variants(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.product_variants r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__product_variants(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__product_variants(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__product_variants(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__product_variants(p_id uuid, p_org text) is 'whether the catalog.product_variants record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__products(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.products r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__products(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__products(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__products(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__products(p_id uuid, p_org text) is 'whether the catalog.products record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.reservation_items r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__reservation_items(p_id uuid, p_org text) is 'whether the catalog.reservation_items record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__reservations(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.reservations r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__reservations(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__reservations(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__reservations(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__reservations(p_id uuid, p_org text) is 'whether the catalog.reservations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__catalog__unit_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from catalog.unit_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__catalog__unit_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__catalog__unit_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__catalog__unit_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__catalog__unit_types(p_id uuid, p_org text) is 'whether the catalog.unit_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__business_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.business_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__business_types(p_id uuid, p_org text) is 'whether the crm.business_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__businesses(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.businesses r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__businesses(p_id uuid, p_org text) is 'whether the crm.businesses record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.contact_method_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__contact_method_types(p_id uuid, p_org text) is 'whether the crm.contact_method_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__contact_methods(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.contact_methods r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__contact_methods(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contact_methods(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contact_methods(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__crm__contact_methods(p_id uuid, p_org text) is 'whether the crm.contact_methods record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__contact_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.contact_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__contact_types(p_id uuid, p_org text) is 'whether the crm.contact_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__contacts(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.contacts r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__contacts(p_id uuid, p_org text) is 'whether the crm.contacts record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.crm_file_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__crm__crm_file_types(p_id uuid, p_org text) is 'whether the crm.crm_file_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__households(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.households r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__households(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__crm__households(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__crm__households(p_id uuid, p_org text) is 'whether the crm.households record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__locations(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.locations r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__locations(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__locations(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__locations(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__crm__locations(p_id uuid, p_org text) is 'whether the crm.locations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__crm__note_types(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from crm.note_types r where r.id = p_id $function$;
revoke all on function app.org_ref_other__crm__note_types(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__crm__note_types(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__crm__note_types(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__crm__note_types(p_id uuid, p_org text) is 'whether the crm.note_types record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__hr__groups(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from hr.groups r where r.id = p_id $function$;
revoke all on function app.org_ref_other__hr__groups(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__hr__groups(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__hr__groups(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__hr__groups(p_id uuid, p_org text) is 'whether the hr.groups record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__hr__positions(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from hr.positions r where r.id = p_id $function$;
revoke all on function app.org_ref_other__hr__positions(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__hr__positions(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__hr__positions(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__hr__positions(p_id uuid, p_org text) is 'whether the hr.positions record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__hr__shifts(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from hr.shifts r where r.id = p_id $function$;
revoke all on function app.org_ref_other__hr__shifts(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__hr__shifts(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__hr__shifts(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__hr__shifts(p_id uuid, p_org text) is 'whether the hr.shifts record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from hr.staff_profiles r where r.id = p_id $function$;
revoke all on function app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__hr__staff_profiles(p_id uuid, p_org text) is 'whether the hr.staff_profiles record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__ops__projects(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from ops.projects r where r.id = p_id $function$;
revoke all on function app.org_ref_other__ops__projects(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__ops__projects(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__ops__projects(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__ops__projects(p_id uuid, p_org text) is 'whether the ops.projects record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__ops__tasks(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from ops.tasks r where r.id = p_id $function$;
revoke all on function app.org_ref_other__ops__tasks(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__ops__tasks(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__ops__tasks(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__ops__tasks(p_id uuid, p_org text) is 'whether the ops.tasks record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__public__orders(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from public.orders r where r.id = p_id $function$;
revoke all on function app.org_ref_other__public__orders(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__public__orders(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__public__orders(p_id uuid, p_org text) to service_role;
comment on function app.org_ref_other__public__orders(p_id uuid, p_org text) is 'whether the public.orders record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_ref_other__public__user_profiles(p_id uuid, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET enable_seqscan TO 'off'
AS $function$ select r.org_name::text is distinct from p_org and r.org_name::text <> '_system_default_' from public.user_profiles r where r.id = p_id $function$;
revoke all on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to authenticated;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to service_role;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to steward_import_writer;
grant execute on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__public__user_profiles(p_id uuid, p_org text) is 'whether the public.user_profiles record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';

CREATE OR REPLACE FUNCTION app.org_reference_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- tg_argv: referencing columns, referenced table (quoted, qualified), referenced columns, their
  -- types, the foreign key's name, the referenced table's own name
  v_columns text[] := string_to_array(tg_argv[0], ',');
  v_ref_table text := tg_argv[1];
  v_ref_columns text[] := string_to_array(tg_argv[2], ',');
  v_ref_types text[] := string_to_array(tg_argv[3], ',');
  v_new jsonb := to_jsonb(new);
  v_old jsonb;
  v_where text := '';
  v_values text[] := '{}';
  v_ref_org text;
  v_found boolean;
  v_check boolean := true;
begin
  if tg_op = 'UPDATE' then
    v_old := to_jsonb(old);
    if v_new -> 'org_name' is not distinct from v_old -> 'org_name'
       and not exists (select 1 from unnest(v_columns) c where v_new -> c is distinct from v_old -> c) then
      v_check := false;
    end if;
  end if;
  if v_check then
    for i in 1 .. array_length(v_columns, 1) loop
      -- MATCH SIMPLE, like the foreign key itself: a null in any column means nothing is referenced.
      if v_new ->> v_columns[i] is null then
        v_check := false;
        exit;
      end if;
      v_where := v_where || case when i > 1 then ' and ' else '' end
        || format('r.%I = ($1)[%s]::%s', v_ref_columns[i], i, v_ref_types[i]);
      v_values := v_values || (v_new ->> v_columns[i]);
    end loop;
  end if;
  if v_check then
    execute format('select true, r.org_name::text from %s r where %s', v_ref_table, v_where)
      into v_found, v_ref_org using v_values;
    -- A missing row is reported by the foreign key itself.
    if v_found and v_ref_org is distinct from (v_new ->> 'org_name') and v_ref_org is distinct from '_system_default_' then
      if auth.uid() is null or v_ref_org = any (app.member_orgs()) then
        raise exception using
          errcode = '23503',
          message = format('%s.%s refers to a record of another organization', tg_table_schema, tg_table_name),
          detail = format('Key (%s) refers to %s, which belongs to another organization.', tg_argv[0], v_ref_table),
          hint = 'Choose a record of the same organization.';
      end if;
      -- Not the caller's organisation: the answer a row that does not exist gets (PostgreSQL leaves
      -- the key out of the detail when row-level security is on, as it is for every app user).
      raise exception using
        errcode = '23503',
        message = format('insert or update on table "%s" violates foreign key constraint "%s"', tg_table_name, tg_argv[4]),
        detail = format('Key is not present in table "%s".', tg_argv[5]);
    end if;
  end if;
  if tg_when = 'BEFORE' then
    return new;
  end if;
  return null;
end;
$function$;
revoke all on function app.org_reference_guard() from public, anon, authenticated, service_role;
grant execute on function app.org_reference_guard() to authenticated;
grant execute on function app.org_reference_guard() to service_role;
grant execute on function app.org_reference_guard() to steward_import_writer;
comment on function app.org_reference_guard() is 'Constraint trigger: a foreign key of an org-owned row may only reference a row of the same organization or of _system_default_.';

CREATE OR REPLACE FUNCTION app.org_timezone(p_org text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_tz text;
begin
  select nullif(btrim(o.timezone), '') into v_tz from public.organizations o where o.name = p_org;
  if v_tz is null then
    return 'UTC';
  end if;
  perform now() at time zone v_tz;
  return v_tz;
exception when others then
  return 'UTC';
end;
$function$;
revoke all on function app.org_timezone(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_timezone(p_org text) to authenticated;
grant execute on function app.org_timezone(p_org text) to service_role;
grant execute on function app.org_timezone(p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.org_today(p_org text, p_now timestamp with time zone DEFAULT now())
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select (p_now at time zone app.org_timezone(p_org))::date
$function$;
revoke all on function app.org_today(p_org text, p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to authenticated;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to service_role;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.organization_has_manager(p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select not exists (select 1 from public.organizations o where o.name = p_org)
      or exists (
        select 1
          from public.user_profiles p
         where p.org_name = p_org
           and p.status = 'Active'
           and p.auth_user_id is not null
           and app.manages_organization(p.role_id))
$function$;
revoke all on function app.organization_has_manager(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.organization_has_manager(p_org text) to authenticated;
grant execute on function app.organization_has_manager(p_org text) to service_role;

-- Who may do what where: app.custom_sensitive_kinds_at keeps the same rule for every record kind's
-- area at once. Change both. (Read through one shared set-returning function, each call took 30 times
-- as long: 1.9 ms against 65 µs.)
CREATE OR REPLACE FUNCTION app.orgs_with_access(p_component text, p_action text, p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  -- One plan whatever the arguments (the row rules of every table call it, a list page a dozen times):
  -- its tables are small and their best plan the same for every component, action and level, so each
  -- pooled connection plans it once rather than for each of its first five calls. The caller is read
  -- once, `(select auth.uid())`, as in the other access helpers: Postgres scans a table this small
  -- whole, and a bare auth.uid() parses the request's claims again for every row.
  select coalesce(array_agg(p.org_name), '{}')
  from public.user_profiles p
  join settings.components c on c.name = p_component
  join settings.org_components oc
    on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  join settings.user_role_permissions rp on rp.role_id = p.role_id and rp.component_id = c.id
  where p.auth_user_id = (select auth.uid())
    and p.status = 'Active'
    and p.org_name <> '_system_default_'
    and case p_action
          when 'view' then rp.view_access::text
          when 'edit' then rp.edit_access::text
          when 'delete' then rp.delete_access::text
          when 'create' then rp.create_access::text
        end = p_level
$function$;
revoke all on function app.orgs_with_access(p_component text, p_action text, p_level text) from public, anon, authenticated, service_role;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to authenticated;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to service_role;
grant execute on function app.orgs_with_access(p_component text, p_action text, p_level text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.personal_columns()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select array['created_by', 'primary_owner_id', 'secondary_owner_id', 'owner_id', 'assignee_id']
$function$;
revoke all on function app.personal_columns() from public, anon, authenticated, service_role;
grant execute on function app.personal_columns() to authenticated;
grant execute on function app.personal_columns() to service_role;
grant execute on function app.personal_columns() to steward_import_writer;
comment on function app.personal_columns() is 'Columns that make a row someone''s own (Personal access): creator, owners, assignee.';

CREATE OR REPLACE FUNCTION app.personal_sql(p_table regclass, p_alias text DEFAULT NULL::text, p_mine text DEFAULT '(select app.my_profile_ids())::uuid[]'::text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(
    '(' || string_agg(format('%s%I = any (%s)', coalesce(quote_ident(p_alias) || '.', ''), a.attname, p_mine), ' or '
                      order by array_position(app.personal_columns(), a.attname::text)) || ')',
    'false')
  from pg_catalog.pg_attribute a
  where a.attrelid = p_table and a.attnum > 0 and not a.attisdropped
    and a.attname::text = any (app.personal_columns())
$function$;
revoke all on function app.personal_sql(p_table regclass, p_alias text, p_mine text) from public, anon, authenticated, service_role;
grant execute on function app.personal_sql(p_table regclass, p_alias text, p_mine text) to service_role;

CREATE OR REPLACE FUNCTION app.price_stay()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_quote jsonb;
begin
  if not app.is_app_user() or new.price_overridden or new.accommodation_id is null then
    return new;
  end if;
  if tg_op = 'UPDATE'
     and new.accommodation_id is not distinct from old.accommodation_id
     and new.check_in is not distinct from old.check_in and new.check_out is not distinct from old.check_out
     and new.adults is not distinct from old.adults and new.children is not distinct from old.children
     and new.pets is not distinct from old.pets and not (old.price_overridden and not new.price_overridden) then
    return new;
  end if;
  -- A unit the caller cannot see (missing, or another organisation's) is not priced: the foreign key
  -- answers it, the same way for both, so no refusal tells one organisation about another's units.
  if not exists (select 1 from catalog.accommodations a where a.id = new.accommodation_id) then
    return new;
  end if;
  v_quote := catalog.quote_stay(new.accommodation_id, app.stay_day(new.check_in), app.stay_day(new.check_out),
                                new.adults, new.children, new.pets,
                                case when tg_op = 'UPDATE' then app.stay_day(old.created_at) else current_date end);
  if not (v_quote ->> 'ok')::boolean then
    perform app.refuse('23514', v_quote -> 'refusal');
  end if;
  new.nights := (v_quote ->> 'night_count')::integer;
  new.subtotal := (v_quote ->> 'subtotal')::numeric;
  new.fees_amount := (v_quote ->> 'fees')::numeric;
  new.tax_amount := (v_quote ->> 'tax')::numeric;
  new.total_amount := (v_quote ->> 'total')::numeric;
  new.rate_id := coalesce((v_quote ->> 'rate_id')::uuid, new.rate_id);
  return new;
end;
$function$;
revoke all on function app.price_stay() from public, anon, authenticated, service_role;
grant execute on function app.price_stay() to authenticated;
grant execute on function app.price_stay() to service_role;
grant execute on function app.price_stay() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.profile_id_in(p_org text)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select p.id
  from public.user_profiles p
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.org_name = p_org
  limit 1
$function$;
revoke all on function app.profile_id_in(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.profile_id_in(p_org text) to authenticated;
grant execute on function app.profile_id_in(p_org text) to service_role;
grant execute on function app.profile_id_in(p_org text) to steward_import_writer;
grant execute on function app.profile_id_in(p_org text) to steward_mail_writer;

CREATE OR REPLACE FUNCTION app.raise_double_booking(p_details text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', '23P01', 'message', app.double_booking_message(), 'details', p_details, 'hint', null)::text,
    detail = json_build_object('status', 409, 'headers', json_build_object())::text;
end;
$function$;
revoke all on function app.raise_double_booking(p_details text) from public, anon, authenticated, service_role;
grant execute on function app.raise_double_booking(p_details text) to authenticated;
grant execute on function app.raise_double_booking(p_details text) to service_role;
grant execute on function app.raise_double_booking(p_details text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.read_rule_sql(p_table regclass)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when not (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = p_table) then 'true'
    else format('(%s) and (%s)',
      coalesce((select string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' or ')
                from pg_catalog.pg_policy p
                where p.polrelid = p_table and p.polcmd in ('r', '*') and p.polpermissive
                  and (p.polroles @> array[0::oid] or p.polroles @> array['authenticated'::regrole::oid])), 'false'),
      coalesce((select string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' and ')
                from pg_catalog.pg_policy p
                where p.polrelid = p_table and p.polcmd in ('r', '*') and not p.polpermissive
                  and (p.polroles @> array[0::oid] or p.polroles @> array['authenticated'::regrole::oid])), 'true'))
  end
$function$;
revoke all on function app.read_rule_sql(p_table regclass) from public, anon, authenticated, service_role;
grant execute on function app.read_rule_sql(p_table regclass) to service_role;

CREATE OR REPLACE FUNCTION app.record_label(p_row jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select coalesce(
    nullif(p_row ->> 'name', ''),
    nullif(p_row ->> 'title', ''),
    case when nullif(p_row ->> 'first_name', '') is null then nullif(p_row ->> 'last_name', '')
         when nullif(p_row ->> 'last_name', '') is null then p_row ->> 'first_name'
         else (p_row ->> 'first_name') || ' ' || (p_row ->> 'last_name') end,
    nullif(p_row ->> 'label', ''),
    nullif(p_row ->> 'guest_name', ''),
    nullif(p_row ->> 'value', ''),
    nullif(p_row ->> 'confirmation_code', ''),
    p_row ->> 'short_id')
$function$;
revoke all on function app.record_label(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.record_label(p_row jsonb) to authenticated;
grant execute on function app.record_label(p_row jsonb) to service_role;
grant execute on function app.record_label(p_row jsonb) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_survivor jsonb;
  v_merged jsonb;
  v_component text;
  v_actor record;
begin
  if not exists (select 1 from public.record_history
                 where batch_id = p_batch and record_id = p_merged and action = 'archive' and via = 'merge' and created_at = now()) then
    raise exception using errcode = '42501', message = 'A merge entry is written only by a merge';
  end if;
  execute format('select to_jsonb(t) from %s t where id = $1', p_rel) into v_survivor using p_survivor;
  execute format('select to_jsonb(t) from %s t where id = $1', p_rel) into v_merged using p_merged;
  select component into v_component from app.history_tables where table_name = p_rel;
  select * into v_actor from app.history_actor(v_survivor ->> 'org_name');
  insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
  values
    (v_survivor ->> 'org_name', v_component, p_rel::text, p_survivor, 'merge', 'merge', p_batch,
     jsonb_build_object('merged_id', p_merged, 'merged_label', app.record_label(v_merged), 'survivor_id', p_survivor,
                        'survivor_label', app.record_label(v_survivor), 'fields', coalesce(p_fields, '{}')),
     app.record_label(v_survivor), v_actor.actor_id, v_actor.actor_name, app.record_owner_ids(v_survivor)),
    (v_merged ->> 'org_name', v_component, p_rel::text, p_merged, 'merge', 'merge', p_batch,
     jsonb_build_object('merged_id', p_merged, 'merged_label', app.record_label(v_merged), 'survivor_id', p_survivor,
                        'survivor_label', app.record_label(v_survivor), 'fields', coalesce(p_fields, '{}')),
     app.record_label(v_merged), v_actor.actor_id, v_actor.actor_name, app.record_owner_ids(v_merged));
end;
$function$;
revoke all on function app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb) from public, anon, authenticated, service_role;
grant execute on function app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb) to authenticated;
grant execute on function app.record_merge(p_rel regclass, p_survivor uuid, p_merged uuid, p_batch uuid, p_fields jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.record_owner_ids(p_row jsonb)
 RETURNS uuid[]
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select array_remove(array[(p_row ->> 'created_by')::uuid, (p_row ->> 'primary_owner_id')::uuid, (p_row ->> 'secondary_owner_id')::uuid,
                            (p_row ->> 'owner_id')::uuid, (p_row ->> 'assignee_id')::uuid], null)
$function$;
revoke all on function app.record_owner_ids(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.record_owner_ids(p_row jsonb) to authenticated;
grant execute on function app.record_owner_ids(p_row jsonb) to service_role;
grant execute on function app.record_owner_ids(p_row jsonb) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.refresh_shown_contact_methods(p_org_name text, p_parents uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_parents uuid[] := array(select distinct id from unnest(p_parents) as id where id is not null order by id);
  v_bucket integer;
begin
  -- A parent's refreshes wait for each other until commit: 1,024 buckets of parents per
  -- organisation (a parent's organisation never changes), so one organisation's import, holding
  -- every bucket of its own until it commits, never holds up another organisation's writes.
  for v_bucket in
    select distinct (hashtextextended(id::text, 0) & 1023)::integer as bucket from unnest(v_parents) as id order by bucket
  loop
    perform pg_advisory_xact_lock(hashtext('steward:shown-contact-methods:' || p_org_name), v_bucket);
  end loop;

  -- Set-wise, one join per parent column (each by its index): a refresh of 100,000 new records is
  -- a few joins, not 300,000 lookups. Same choice: not archived, the primary first, then the newest.
  with parents as (select unnest(v_parents) as id),
  methods as (
    select p.id as parent_id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.contact_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.business_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.household_id = p.id where not cm.archive
    union all select p.id, cm.id, cm.type_id, cm.is_primary, cm.created_at from parents p join crm.contact_methods cm on cm.user_id = p.id where not cm.archive
  ),
  typed as (
    select m.parent_id, m.id, t.kind, m.is_primary, m.created_at from methods m join crm.contact_method_types t on t.id = m.type_id
  ),
  shown_method as (
    select distinct on (m.parent_id, m.kind) m.parent_id, m.kind, m.id from typed m
    where m.kind in ('phone', 'email')
    order by m.parent_id, m.kind, m.is_primary desc, m.created_at desc, m.id desc
  ),
  addresses as (
    select p.id as parent_id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.contact_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.business_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.household_id = p.id where not a.archive
    union all select p.id, a.id, a.is_primary, a.created_at from parents p join crm.addresses a on a.user_id = p.id where not a.archive
  ),
  shown_address as (
    select distinct on (a.parent_id) a.parent_id, a.id from addresses a
    order by a.parent_id, a.is_primary desc, a.created_at desc, a.id desc
  )
  insert into app.shown_contact_methods (parent_id, phone_id, email_id, address_id)
  select p.id, ph.id, em.id, ad.id
  from parents p
  left join shown_method ph on ph.parent_id = p.id and ph.kind = 'phone'
  left join shown_method em on em.parent_id = p.id and em.kind = 'email'
  left join shown_address ad on ad.parent_id = p.id
  on conflict (parent_id) do update
    set phone_id = excluded.phone_id, email_id = excluded.email_id, address_id = excluded.address_id;
end;
$function$;
revoke all on function app.refresh_shown_contact_methods(p_org_name text, p_parents uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.refresh_shown_contact_methods(p_org_name text, p_parents uuid[]) to service_role;
grant execute on function app.refresh_shown_contact_methods(p_org_name text, p_parents uuid[]) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.caught_refusal(p_message text, p_detail text, p_hint text)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
begin
  -- An error caught in a handler (its message_text, pg_exception_detail, pg_exception_hint) that
  -- app.refuse raised: its refusal again (id, English, values), to keep or to pass on named; null for
  -- any other error.
  if p_hint like 'steward:%' then
    return jsonb_build_object('id', substr(p_hint, 9), 'message', p_message, 'values', coalesce(nullif(p_detail, '')::jsonb, '{}'::jsonb));
  end if;
  return null;
end;
$function$;
revoke all on function app.caught_refusal(p_message text, p_detail text, p_hint text) from public, anon, authenticated, service_role;
grant execute on function app.caught_refusal(p_message text, p_detail text, p_hint text) to authenticated;
grant execute on function app.caught_refusal(p_message text, p_detail text, p_hint text) to service_role;
grant execute on function app.caught_refusal(p_message text, p_detail text, p_hint text) to steward_import_writer;
comment on function app.caught_refusal(p_message text, p_detail text, p_hint text) is 'the refusal (app.refusal) a caught error carries when app.refuse raised it (hint steward:<id>, the values as the detail), else null';

CREATE OR REPLACE FUNCTION app.refusal(p_id text, p_message text, p_values jsonb DEFAULT '{}'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_message text := p_message;
  v_values text[] := '{}';
  v_entry record;
begin
  -- Each {name} of the English takes its value, in one pass (a value that holds "{other}" stays as it
  -- is); a value that is itself a refusal reads as its message, a day ({"date": "2027-01-04"}) as
  -- "January 4, 2027" and an amount ({"amount": 12.5, "currency": "USD"}) as "12.50 USD": the page
  -- writes those two in the reader's language (libs' databaseMessage).
  for v_entry in select e.key, e.value from jsonb_each(coalesce(p_values, '{}'::jsonb)) e loop
    v_values := v_values || case jsonb_typeof(v_entry.value)
      when 'null' then ''
      when 'string' then v_entry.value #>> '{}'
      when 'object' then coalesce(v_entry.value ->> 'message',
        to_char((v_entry.value ->> 'date')::date, 'FMMonth FMDD, YYYY'),
        to_char((v_entry.value ->> 'amount')::numeric, 'FM999999990.00') || ' ' || (v_entry.value ->> 'currency'), '')
      else v_entry.value::text end;
    v_message := replace(v_message, '{' || v_entry.key || '}', chr(1) || cardinality(v_values) || chr(2));
  end loop;
  for v_n in 1 .. cardinality(v_values) loop
    v_message := replace(v_message, chr(1) || v_n || chr(2), v_values[v_n]);
  end loop;
  return jsonb_build_object('id', p_id, 'message', v_message, 'values', coalesce(p_values, '{}'::jsonb));
end;
$function$;
revoke all on function app.refusal(p_id text, p_message text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to authenticated;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to service_role;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to steward_import_writer;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to steward_mail_writer;
comment on function app.refusal(p_id text, p_message text, p_values jsonb) is 'a message a person reads in their language: {id, message (the English with each {name} replaced by its value), values}; libs'' catalogue has it as db.<id> (docs/architecture.md, Database refusals)';

CREATE OR REPLACE FUNCTION app.refusal_answer(p_refusal jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('ok', false, 'reason', p_refusal ->> 'message', 'refusal', p_refusal)
$function$;
revoke all on function app.refusal_answer(p_refusal jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refusal_answer(p_refusal jsonb) to service_role;
comment on function app.refusal_answer(p_refusal jsonb) is 'the answer of a public page''s function that says no without raising: ok false, the reason in English and the refusal (app.refusal) the page says in the guest''s language';

CREATE OR REPLACE FUNCTION app.refusal_list(p_refusals jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_refusal jsonb;
begin
  if coalesce(jsonb_typeof(p_refusals), 'null') <> 'array' or jsonb_array_length(p_refusals) = 0 then
    return null;
  end if;
  -- From the last: each reason before the ones after it ("A; B; C" is A then "B; C").
  v_refusal := p_refusals -> -1;
  for v_n in reverse jsonb_array_length(p_refusals) - 2 .. 0 loop
    v_refusal := app.refusal('reasons.more', '{reason}; {more}', jsonb_build_object('reason', p_refusals -> v_n, 'more', v_refusal));
  end loop;
  return v_refusal;
end;
$function$;
revoke all on function app.refusal_list(p_refusals jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refusal_list(p_refusals jsonb) to authenticated;
grant execute on function app.refusal_list(p_refusals jsonb) to service_role;
comment on function app.refusal_list(p_refusals jsonb) is 'several refusals (app.refusal) as one, each in its order, joined by "; " (what a quote that several rates stop says); null for none, the refusal itself for one';

CREATE OR REPLACE FUNCTION app.booking_closed(p_status text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select app.refusal('booking.closed', 'This booking is {status}.', jsonb_build_object('status', case p_status
    when 'Cancelled' then app.refusal('booking.status.cancelled', 'cancelled')
    when 'Checked in' then app.refusal('booking.status.checkedIn', 'checked in')
    when 'Checked out' then app.refusal('booking.status.checkedOut', 'checked out')
    when 'No-show' then app.refusal('booking.status.noShow', 'no-show')
    else to_jsonb(lower(p_status)) end))
$function$;
revoke all on function app.booking_closed(p_status text) from public, anon, authenticated, service_role;
comment on function app.booking_closed(p_status text) is 'why a guest can no longer change or pay an online booking: "This booking is cancelled." and the like, its status named for the guest''s language';

CREATE OR REPLACE FUNCTION app.refuse(p_errcode text, p_refusal jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception using errcode = p_errcode, message = p_refusal ->> 'message',
    hint = 'steward:' || (p_refusal ->> 'id'), detail = coalesce(p_refusal -> 'values', '{}'::jsonb)::text;
end;
$function$;
revoke all on function app.refuse(p_errcode text, p_refusal jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to authenticated;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to service_role;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to steward_import_writer;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to steward_mail_writer;
comment on function app.refuse(p_errcode text, p_refusal jsonb) is 'refuses with a message a person reads in their language (app.refusal): the SQLSTATE as given, the English as the message, hint steward:<id> and the values as the detail, which PostgREST passes on';

CREATE OR REPLACE FUNCTION app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb DEFAULT '{}'::jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform app.refuse(p_errcode, app.refusal(p_id, p_message, p_values));
end;
$function$;
revoke all on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to authenticated;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to service_role;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to steward_import_writer;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to steward_mail_writer;
comment on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) is 'refuses with a message a person reads in their language: app.refuse(code, app.refusal(id, English, values)), one line at each refusal (docs/architecture.md, Database refusals)';

CREATE OR REPLACE FUNCTION app.refuse_block_over_reservation()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'catalog', 'app', 'extensions'
AS $function$
begin
  perform app.lock_accommodation(new.accommodation_id);
  if exists (
    select 1 from catalog.reservations r
    where r.accommodation_id = new.accommodation_id
      and app.reservation_is_active(r.status)
      and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(new.block_start, new.block_end, '[)')
  ) then
    perform app.raise_double_booking('block-out on accommodation ' || new.accommodation_id || ' overlaps an active reservation');
  end if;
  return new;
end;
$function$;
revoke all on function app.refuse_block_over_reservation() from public, anon, authenticated, service_role;
grant execute on function app.refuse_block_over_reservation() to authenticated;
grant execute on function app.refuse_block_over_reservation() to service_role;

CREATE OR REPLACE FUNCTION app.refuse_history_edit()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' and (current_setting('steward.deleting_org', true) = 'on' or current_setting('steward.erasing', true) = 'on') then
    return old;
  end if;
  raise exception using errcode = '42501', message = 'Record history cannot be changed';
end;
$function$;
revoke all on function app.refuse_history_edit() from public, anon, authenticated, service_role;
grant execute on function app.refuse_history_edit() to authenticated;
grant execute on function app.refuse_history_edit() to service_role;
grant execute on function app.refuse_history_edit() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.refuse_reservation_overlap()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'catalog', 'app', 'extensions'
AS $function$
begin
  if new.accommodation_id is null or not app.reservation_is_active(new.status) then
    return new;
  end if;
  perform app.lock_accommodation(new.accommodation_id);
  if exists (
    select 1 from catalog.reservations r
    where r.accommodation_id = new.accommodation_id
      and r.id <> new.id
      and app.reservation_is_active(r.status)
      and tstzrange(r.check_in, r.check_out, '[)') && tstzrange(new.check_in, new.check_out, '[)')
  ) or exists (
    select 1 from catalog.accommodation_blocks b
    where b.accommodation_id = new.accommodation_id
      and tstzrange(b.block_start, b.block_end, '[)') && tstzrange(new.check_in, new.check_out, '[)')
  ) then
    perform app.raise_double_booking('accommodation ' || new.accommodation_id || ', ' || new.check_in || ' to ' || new.check_out);
  end if;
  return new;
end;
$function$;
revoke all on function app.refuse_reservation_overlap() from public, anon, authenticated, service_role;
grant execute on function app.refuse_reservation_overlap() to authenticated;
grant execute on function app.refuse_reservation_overlap() to service_role;

CREATE OR REPLACE FUNCTION app.release_unclaimed_login(p_email text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  delete from auth.users u
   where lower(u.email) = lower(btrim(p_email))
     and u.email_confirmed_at is null
     and u.last_sign_in_at is null
     and u.encrypted_password is null
     and u.invited_at is null
     and u.deleted_at is null
     and not exists (select 1 from public.user_profiles p where p.auth_user_id = u.id);
$function$;
revoke all on function app.release_unclaimed_login(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.release_unclaimed_login(p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.request_client()
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_headers json := nullif(current_setting('request.headers', true), '')::json;
  v_hops integer := coalesce(nullif(current_setting('steward.trusted_proxy_hops', true), ''), '0')::integer;
  v_chain text[];
  v_edge text;
  v_address text;
begin
  if v_headers is null then
    return null;
  end if;
  -- The addresses the request came through, oldest first: x-forwarded-for as each proxy appended to it,
  -- then the address the API edge saw connecting (cf-connecting-ip) unless it is the last already.
  v_chain := array(select btrim(entry) from unnest(string_to_array(coalesce(v_headers ->> 'x-forwarded-for', ''), ',')) as entry
                    where btrim(entry) <> '');
  v_edge := nullif(btrim(coalesce(v_headers ->> 'cf-connecting-ip', '')), '');
  if v_edge is not null and (cardinality(v_chain) = 0 or v_chain[cardinality(v_chain)] <> v_edge) then
    v_chain := v_chain || v_edge;
  end if;
  if cardinality(v_chain) = 0 then
    return null;
  end if;
  -- The client is the entry written by the last proxy we trust: the edge's own when none is trusted.
  -- Entries further left are the client's own word, never read.
  v_address := v_chain[greatest(1, cardinality(v_chain) - greatest(0, least(v_hops, 5)))];
  if not pg_input_is_valid(v_address, 'inet') then
    return v_address;
  end if;
  if family(v_address::inet) = 6 then
    if v_address::inet << '::ffff:0:0/96'::inet then
      return regexp_replace(host(v_address::inet), '^.*:', '');
    end if;
    -- One IPv6 subscriber holds a /64 and may use any address in it.
    return network(set_masklen(v_address::inet, 64))::text;
  end if;
  return host(v_address::inet);
end;
$function$;
revoke all on function app.request_client() from public, anon, authenticated, service_role;
grant execute on function app.request_client() to service_role;
comment on function app.request_client() is 'the calling client as the request limits count it: the address steward.trusted_proxy_hops places before the API edge (x-forwarded-for, cf-connecting-ip), an IPv6 client by its /64; null outside an API request';

CREATE OR REPLACE FUNCTION app.request_invite_code_uncounted(p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_invite record;
  v_code text;
  v_inviter text;
  v_role text;
  v_locale text;
begin
  if v_email = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  -- Every request writes, invited or not: a transaction that writes waits for its commit to reach
  -- the disk, one that only reads does not, and that difference alone told invited addresses apart.
  -- The row also serialises requests for one address, so two draws of the address never race.
  insert into app.invite_code_requests as r (email) values (v_email)
  on conflict (email) do update
    set window_started_at = case when r.window_started_at > now() - interval '1 hour' then r.window_started_at else now() end,
        requests = case when r.window_started_at > now() - interval '1 hour' then r.requests + 1 else 1 end;
  -- One mail per invitation, each with its own code naming its organisation and who invited: the
  -- person accepts the one whose code they enter.
  for v_invite in
    select p.id, p.org_name, r.role_name, c.window_started_at, c.sends_in_window
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
      left join app.invite_codes c on c.profile_id = p.id
     where lower(p.email) = v_email and p.status = 'Pending' and p.auth_user_id is null
     order by p.created_at, p.id
  loop
    -- At most 5 codes per invitation per hour; beyond that the answer is the same and no mail goes.
    if v_invite.window_started_at is not null and v_invite.window_started_at > now() - interval '1 hour'
       and v_invite.sends_in_window >= 5 then
      continue;
    end if;
    -- Nor past the organisation's mail quota: the answer stays the same, so it tells nobody of the invitation.
    if app.mail_quota_reached(v_invite.org_name) then
      continue;
    end if;
    -- A code names one invitation: drawn again while another invitation of the address holds it
    -- (the unique key invite_codes_email_code_key states the same).
    loop
      v_code := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
      exit when not exists (
        select 1 from app.invite_codes c
         where c.email = v_email and c.code_hash = app.invite_code_hash(v_email, v_code) and c.profile_id <> v_invite.id);
    end loop;
    insert into app.invite_codes as c (profile_id, email, code_hash, expires_at, failed_attempts, window_started_at, sends_in_window)
    values (v_invite.id, v_email, app.invite_code_hash(v_email, v_code), now() + interval '1 hour', 0, now(), 1)
    on conflict (profile_id) do update
      set email = excluded.email,
          code_hash = excluded.code_hash,
          expires_at = excluded.expires_at,
          failed_attempts = 0,
          window_started_at = case when c.window_started_at > now() - interval '1 hour' then c.window_started_at else now() end,
          sends_in_window = case when c.window_started_at > now() - interval '1 hour' then c.sends_in_window + 1 else 1 end;
    v_inviter := app.invitation_inviter(v_invite.id);
    -- In the organisation's language: the invited person has no profile of their own yet.
    v_locale := app.mail_locale(v_invite.org_name);
    v_role := coalesce(nullif(v_invite.role_name, ''), app.mail_words(v_locale, 'invite.team_member'));
    perform app.enqueue_mail(
      v_email,
      format(app.mail_words(v_locale, 'invite.subject'), v_invite.org_name),
      format(app.mail_words(v_locale, 'invite.body'),
             case when v_inviter is null
                  then format(app.mail_words(v_locale, 'invite.by_organization'), v_invite.org_name, v_role)
                  else format(app.mail_words(v_locale, 'invite.by_person'), v_inviter, v_invite.org_name, v_role)
             end,
             v_code, v_invite.org_name),
      null,
      'invite_code',
      v_invite.org_name,
      'public.user_profiles',
      v_invite.id);
  end loop;
end;
$function$;
revoke all on function app.request_invite_code_uncounted(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.request_invite_code_uncounted(p_email text) to service_role;

CREATE OR REPLACE FUNCTION app.require_password(p_password text)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if char_length(p_password) < 8 then
    raise exception using errcode = 'ST004', message = 'Password must be at least 8 characters long';
  end if;
  if octet_length(p_password) > 72 then
    raise exception using errcode = 'ST012', message = 'Password must be at most 72 bytes long';
  end if;
end;
$function$;
revoke all on function app.require_password(p_password text) from public, anon, authenticated, service_role;
grant execute on function app.require_password(p_password text) to authenticated;
grant execute on function app.require_password(p_password text) to service_role;
grant execute on function app.require_password(p_password text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.require_request(p_name text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not app.take_request(p_name) then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'over_request_rate_limit', 'message', 'Request rate limit reached', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 429, 'headers', json_build_object())::text;
  end if;
end;
$function$;
revoke all on function app.require_request(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.require_request(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.require_signup_fields(p_email text, p_password text, p_full_name text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if nullif(btrim(coalesce(p_email, '')), '') is null
     or nullif(btrim(coalesce(p_full_name, '')), '') is null
     or coalesce(p_password, '') = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if btrim(p_email) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  perform app.release_unclaimed_login(p_email);
end;
$function$;
revoke all on function app.require_signup_fields(p_email text, p_password text, p_full_name text) from public, anon, authenticated, service_role;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to authenticated;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to service_role;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.role_permission_org()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' and new.org_name is null then
    new.org_name := (
      select r.org_name from public.user_roles r
       where r.id = new.role_id
         and (auth.uid() is null or r.org_name = '_system_default_' or r.org_name = any (app.member_orgs())));
  end if;
  return new;
end;
$function$;
revoke all on function app.role_permission_org() from public, anon, authenticated, service_role;
grant execute on function app.role_permission_org() to authenticated;
grant execute on function app.role_permission_org() to service_role;

CREATE OR REPLACE FUNCTION app.run_due_jobs(p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_job app.scheduled_jobs%rowtype;
  v_ran integer := 0;
begin
  for v_job in
    select * from app.scheduled_jobs
    where last_run_at is null or last_run_at + every <= p_now
    order by name
    for update skip locked
  loop
    begin
      execute format('select %s()', v_job.function_name);
      update app.scheduled_jobs set last_run_at = p_now, last_error = null where name = v_job.name;
      v_ran := v_ran + 1;
    exception when others then
      update app.scheduled_jobs set last_run_at = p_now, last_error = sqlerrm where name = v_job.name;
    end;
  end loop;
  return v_ran;
end;
$function$;
revoke all on function app.run_due_jobs(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.run_due_jobs(p_now timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.sale_month(p_date date)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$ select date_trunc('month', p_date::timestamp)::date $function$;
revoke all on function app.sale_month(p_date date) from public, anon, authenticated, service_role;
grant execute on function app.sale_month(p_date date) to authenticated;
grant execute on function app.sale_month(p_date date) to service_role;
grant execute on function app.sale_month(p_date date) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.saved_filter_owner()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if app.is_app_user() then
      new.profile_id := app.profile_id_in(new.org_name);
    end if;
  else
    new.profile_id := old.profile_id;
  end if;
  return new;
end;
$function$;
revoke all on function app.saved_filter_owner() from public, anon, authenticated, service_role;
grant execute on function app.saved_filter_owner() to authenticated;
grant execute on function app.saved_filter_owner() to service_role;
grant execute on function app.saved_filter_owner() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.search_candidates(p_query text, p_org_name text, p_limit integer)
 RETURNS TABLE(kind text, area text, id uuid, rank real, detail text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET "pg_trgm.similarity_threshold" TO '0.25'
 SET "pg_trgm.word_similarity_threshold" TO '0.6'
 SET search_path TO ''
AS $function$
declare
  q text := btrim(regexp_replace(app.search_norm(p_query), '\s+', ' ', 'g'));
  q_like text;
  q_digits text := app.search_digits(p_query);
  by_phone boolean := length(app.search_digits(p_query)) >= 3 and p_query ~ '^[0-9\s()+./-]+$';
  by_email boolean;
  n integer := least(greatest(coalesce(p_limit, 5), 1), 50);
  mine uuid[] := app.my_profile_ids();
  level text;
  lodging_level text;
  -- Every person of the organisation matching the query by name (ids, ranks), when needed.
  people_ids uuid[];
  people_ranks real[];
  by_text constant text := $q$
    select %1$L::text, %2$L::text, x.id, app.search_rank(%4$s, $2), null::text
    from %3$s x
    where x.org_name = $1 and not x.archive
      and %5$s
      and (%4$s operator(extensions.%%) $2 or $2 operator(extensions.<%%) %4$s or %4$s like $5)
    order by 4 desc
    limit $3$q$;
begin
  if length(q) < 2 or p_org_name is null or p_org_name = '_system_default_' then
    return;
  end if;
  by_email := not by_phone and (q ~ '[@.]' or (length(q) >= 4 and q !~ ' '));
  if length(q) >= 3 then
    q_like := '%' || app.search_like(q) || '%';
  end if;

  level := app.search_view_level(p_org_name, 'crm');
  lodging_level := app.search_view_level(p_org_name, 'lodging');
  if lodging_level is not null or level = 'Organization' then
    select coalesce(array_agg(m.id), '{}'), coalesce(array_agg(m.rank), '{}') into people_ids, people_ranks
    from app.search_text_matches('crm.contacts', 'app.search_norm(t.name)', p_org_name, 'true', q, n) m;
  end if;

  if level is not null then
    -- $1 organisation, $2 query, $3 limit, $4 by e-mail, $5 query as LIKE, $6 by phone, $7 digits,
    -- $8 $9 the people found by name when the caller reads them all.
    return query execute format($q$
      with by_name as (
        select m.id, m.rank as r, null::text as d
        from %3$s
      ), by_method as (
        select cm.contact_id as id, 1.5::real as r, cm.value as d
        from crm.contact_methods cm
        join crm.contacts c on c.id = cm.contact_id
        where cm.org_name = $1 and not cm.archive and not c.archive
          and %2$s
          and (($4 and app.search_norm(cm.value) like $5)
               or ($6 and app.search_digits(cm.value) like '%%' || $7 || '%%'))
        limit $3
      )
      select 'contact'::text, 'crm'::text, h.id, max(h.r), max(h.d)
      from (select * from by_name union all select * from by_method) h
      group by h.id$q$,
      null, app.search_read_rule('crm.contacts', 'c', level, mine),
      case when level = 'Organization' then 'unnest($8::uuid[], $9::real[]) as m(id, rank)'
           else format('app.search_text_matches(%L, %L, $1, %L, $2, $3) m', 'crm.contacts', 'app.search_norm(t.name)',
                       app.search_read_rule('crm.contacts', 't', level, mine)) end)
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits, people_ids, people_ranks;

    return query execute format($q$
      with by_name as (
        select m.id, m.rank as r, null::text as d
        from app.search_text_matches('crm.businesses', 'app.search_norm(t.name || '' '' || coalesce(t.dba_name, ''''))', $1, %1$L, $2, $3) m
      ), by_method as (
        select cm.business_id as id, 1.5::real as r, cm.value as d
        from crm.contact_methods cm
        join crm.businesses b on b.id = cm.business_id
        where cm.org_name = $1 and not cm.archive and not b.archive
          and %2$s
          and (($4 and app.search_norm(cm.value) like $5)
               or ($6 and app.search_digits(cm.value) like '%%' || $7 || '%%'))
        limit $3
      )
      select 'business'::text, 'crm'::text, h.id, max(h.r), max(h.d)
      from (select * from by_name union all select * from by_method) h
      group by h.id$q$,
      app.search_read_rule('crm.businesses', 't', level, mine), app.search_read_rule('crm.businesses', 'b', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    return query
    select 'household', 'crm', m.id, m.rank, null::text
    from app.search_text_matches('crm.households', 'app.search_norm(t.name)', p_org_name,
                                 app.search_read_rule('crm.households', 't', level, mine), q, n) m;

    -- Organisation users: every member reads the directory; the CRM's enablement decides here.
    return query
    select 'user', 'crm', u.id,
           case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then 1.5::real
                else app.search_rank(app.search_norm(u.name || ' ' || coalesce(u.email::text, '')), q) end,
           case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then u.phone end
    from public.user_profiles u
    where u.org_name = p_org_name and not u.archive
      and ((app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(u.name || ' ' || coalesce(u.email::text, ''))
           or app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) like q_like)
           or (by_phone and app.search_digits(u.phone) like '%' || q_digits || '%'))
    order by 4 desc
    limit n;
  end if;

  level := app.search_view_level(p_org_name, 'team-portal');
  if level is not null then
    return query execute format($q$
      select 'staff'::text, 'team-portal'::text, s.id,
             case when $6 and app.search_digits(s.phone) like '%%' || $7 || '%%' then 1.5::real
                  else app.search_rank(app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')), $2) end,
             case when $6 and app.search_digits(s.phone) like '%%' || $7 || '%%' then s.phone end
      from hr.staff_profiles s
      where s.org_name = $1 and not s.archive
        and %1$s
        and ((app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, ''))
             or app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) like $5)
             or ($6 and app.search_digits(s.phone) like '%%' || $7 || '%%'))
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('hr.staff_profiles', 's', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := lodging_level;
  if level is not null then
    return query execute format(by_text, 'accommodation', 'lodging', 'catalog.accommodations', 'app.search_norm(x.name)',
                                app.search_read_rule('catalog.accommodations', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    -- Reservations by their label, confirmation code or guest ($8 $9: the people found by name).
    return query execute format($q$
      with by_text as (
        select r.id, app.search_rank(app.search_norm(r.name || ' ' || r.confirmation), $2) as rk
        from catalog.reservations r
        where r.org_name = $1 and not r.archive
          and %1$s
          and (app.search_norm(r.name || ' ' || r.confirmation) operator(extensions.%%) $2
               or $2 operator(extensions.<%%) app.search_norm(r.name || ' ' || r.confirmation)
               or app.search_norm(r.name || ' ' || r.confirmation) like $5)
        order by 2 desc
        limit $3
      ), by_guest as (
        select r.id, g.rk
        from unnest($8::uuid[], $9::real[]) as g(id, rk)
        join catalog.reservations r on r.contact_id = g.id
        where r.org_name = $1 and not r.archive
          and %1$s
        limit $3
      )
      select 'reservation'::text, 'lodging'::text, h.id, max(h.rk), null::text
      from (select * from by_text union all select * from by_guest) h
      group by h.id$q$,
      app.search_read_rule('catalog.reservations', 'r', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits, people_ids, people_ranks;
  end if;

  level := app.search_view_level(p_org_name, 'catalog');
  if level is not null then
    return query execute format(by_text, 'product', 'catalog', 'catalog.products', $e$app.search_norm(x.name || ' ' || x.sku)$e$,
                                app.search_read_rule('catalog.products', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
    return query execute format(by_text, 'supply', 'catalog', 'catalog.supplies', $e$app.search_norm(x.name || ' ' || coalesce(x.vendor, ''))$e$,
                                app.search_read_rule('catalog.supplies', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := app.search_view_level(p_org_name, 'operations');
  if level is not null then
    return query execute format(by_text, 'project', 'operations', 'ops.projects', 'app.search_norm(x.name)',
                                app.search_read_rule('ops.projects', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
    return query execute format(by_text, 'task', 'operations', 'ops.tasks', 'app.search_norm(x.title)',
                                app.search_read_rule('ops.tasks', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;
end;
$function$;
revoke all on function app.search_candidates(p_query text, p_org_name text, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function app.search_candidates(p_query text, p_org_name text, p_limit integer) to authenticated;
grant execute on function app.search_candidates(p_query text, p_org_name text, p_limit integer) to service_role;

CREATE OR REPLACE FUNCTION app.search_corrections(p_org_name text, p_word text)
 RETURNS text[]
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(c.word order by c.closeness desc, c.word), '{}')
  from (select w.word, extensions.similarity(w.word, p_word) as closeness
        from (select distinct s.word
              from unnest(app.search_variants(p_word)) as v(variant)
              join app.search_words s on s.org_name = p_org_name and s.variant = v.variant) w
        where strpos(w.word, p_word) = 0
        order by 2 desc, 1
        limit 8) c
$function$;
revoke all on function app.search_corrections(p_org_name text, p_word text) from public, anon, authenticated, service_role;
grant execute on function app.search_corrections(p_org_name text, p_word text) to service_role;

CREATE OR REPLACE FUNCTION app.search_like(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_')
$function$;
revoke all on function app.search_like(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_like(p_text text) to authenticated;
grant execute on function app.search_like(p_text text) to service_role;
grant execute on function app.search_like(p_text text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.search_rank(p_text text, p_query text)
 RETURNS real
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select (greatest(extensions.similarity(p_text, p_query), extensions.word_similarity(p_query, p_text))
          + case
              when p_text = p_query then 1.0
              when starts_with(p_text, p_query) then 0.6
              when strpos(p_text, ' ' || p_query) > 0 then 0.4
              when strpos(p_text, p_query) > 0 then 0.2
              else 0
            end)::real
$function$;
revoke all on function app.search_rank(p_text text, p_query text) from public, anon, authenticated, service_role;
grant execute on function app.search_rank(p_text text, p_query text) to authenticated;
grant execute on function app.search_rank(p_text text, p_query text) to service_role;
grant execute on function app.search_rank(p_text text, p_query text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.search_read_rule(p_table regclass, p_alias text, p_level text, p_mine uuid[])
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case p_level
    when 'Organization' then 'true'
    when 'Personal' then app.personal_sql(p_table, p_alias, format('%L::uuid[]', coalesce(p_mine, '{}')))
    else 'false'
  end
$function$;
revoke all on function app.search_read_rule(p_table regclass, p_alias text, p_level text, p_mine uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.search_read_rule(p_table regclass, p_alias text, p_level text, p_mine uuid[]) to service_role;

CREATE OR REPLACE FUNCTION app.search_text_matches(p_table text, p_expr text, p_org_name text, p_filter text, p_query text, p_limit integer)
 RETURNS TABLE(id uuid, rank real)
 LANGUAGE plpgsql
 STABLE
 SET "pg_trgm.similarity_threshold" TO '0.25'
 SET "pg_trgm.word_similarity_threshold" TO '0.4'
 SET max_parallel_workers_per_gather TO '0'
 SET search_path TO ''
AS $function$
declare
  v_words text[] := (select array_agg(w) from unnest(string_to_array(p_query, ' ')) as w where length(w) >= 2);
  v_word text;
  v_fragment text;
  v_corrections text[];
  v_fragments text := '';
  v_corrected text := '';
  v_any_correction boolean := false;
  -- Every word of the query is a word of the organisation or one edit away from one: the fuzzier
  -- steps, which compare texts rather than words, have nothing to add.
  v_all_known boolean := true;
  v_similar text := '';
  v_found integer := 0;
  v_base text;
  v_step text;
  v_seen uuid[] := '{}';
  v_ids uuid[];
  v_ranks real[];
  v_number integer;
begin
  v_base := format('select t.id, app.search_rank(%1$s, %2$L) as rank from %3$s t where t.org_name = %4$L and not t.archive and %5$s',
                   p_expr, p_query, p_table, p_org_name, p_filter);
  foreach v_word in array coalesce(v_words[1:4], '{}') loop
    v_similar := v_similar || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
    if length(v_word) >= 3 then
      v_fragments := v_fragments || format(' and %s like %L', p_expr, '%' || app.search_like(v_word) || '%');
    else
      -- Two letters match the start of a word only.
      v_fragments := v_fragments || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
    end if;
  end loop;
  for v_number in 1..4 loop
    -- A query with digits or an @ is a phone, an e-mail or a code: its fragments, never a fuzzy name.
    exit when v_number > 1 and p_query ~ '[0-9@]';
    if v_number = 2 then
      -- The words as typed found too few: each word, or a word of the organisation one edit away.
      foreach v_word in array coalesce(v_words[1:4], '{}') loop
        if length(v_word) >= 3 then
          v_fragment := format('%s like %L', p_expr, '%' || app.search_like(v_word) || '%');
          v_corrections := app.search_corrections(p_org_name, v_word);
          v_any_correction := v_any_correction or cardinality(v_corrections) > 0;
          v_all_known := v_all_known and (cardinality(v_corrections) > 0
            or exists (select 1 from app.search_words s where s.org_name = p_org_name and s.variant = v_word and s.word = v_word));
          v_corrected := v_corrected || format(' and (%s%s)', v_fragment,
            (select string_agg(format(' or %s like %L', p_expr, '%' || app.search_like(c) || '%'), '') from unnest(v_corrections) as c));
        else
          v_corrected := v_corrected || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
        end if;
      end loop;
    end if;
    v_step := case v_number
      when 1 then nullif(v_fragments, '')
      when 2 then case when v_any_correction then v_corrected end
      when 3 then case when v_found = 0 and not v_all_known then nullif(v_similar, '') end
      when 4 then case when length(p_query) >= 3 and v_found = 0 and not v_all_known
                       then format(' and (%1$s operator(extensions.%%) %2$L or %2$L operator(extensions.<%%) %1$s)', p_expr, p_query) end
    end;
    continue when v_step is null;
    execute format('select coalesce(array_agg(m.id), ''{}''), coalesce(array_agg(m.rank), ''{}'') from (select s.id, s.rank from (%s%s and not (t.id = any (%L::uuid[])) limit 200) s order by s.rank desc limit %s) m',
                   v_base, v_step, v_seen, p_limit - v_found)
      into v_ids, v_ranks;
    return query select u.id, u.rank from unnest(v_ids, v_ranks) as u(id, rank);
    v_seen := v_seen || v_ids;
    v_found := v_found + cardinality(v_ids);
    exit when v_found >= p_limit;
  end loop;
end;
$function$;
revoke all on function app.search_text_matches(p_table text, p_expr text, p_org_name text, p_filter text, p_query text, p_limit integer) from public, anon, authenticated, service_role;
grant execute on function app.search_text_matches(p_table text, p_expr text, p_org_name text, p_filter text, p_query text, p_limit integer) to service_role;

CREATE OR REPLACE FUNCTION app.search_text_words(p_text text)
 RETURNS SETOF text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select w from regexp_split_to_table(app.search_norm(p_text), '[^[:alpha:]]+') as w where length(w) between 3 and 40
$function$;
revoke all on function app.search_text_words(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_text_words(p_text text) to authenticated;
grant execute on function app.search_text_words(p_text text) to service_role;
grant execute on function app.search_text_words(p_text text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.search_variants(p_word text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select array_agg(distinct v.variant)
  from (select p_word as variant
        union all
        select left(p_word, i - 1) || substr(p_word, i + 1) from generate_series(1, length(p_word)) as i) v
$function$;
revoke all on function app.search_variants(p_word text) from public, anon, authenticated, service_role;
grant execute on function app.search_variants(p_word text) to authenticated;
grant execute on function app.search_variants(p_word text) to service_role;
grant execute on function app.search_variants(p_word text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.search_view_level(p_org_name text, p_component text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when p_org_name = any (app.orgs_with_access(p_component, 'view', 'Organization')) then 'Organization'
    when p_org_name = any (app.orgs_with_access(p_component, 'view', 'Personal')) then 'Personal'
  end
$function$;
revoke all on function app.search_view_level(p_org_name text, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.search_view_level(p_org_name text, p_component text) to authenticated;
grant execute on function app.search_view_level(p_org_name text, p_component text) to service_role;
comment on function app.search_view_level(p_org_name text, p_component text) is 'The caller''s read level for an area in an organisation: Organization, Personal (their own rows, app.personal_sql) or null.';

CREATE OR REPLACE FUNCTION app.search_words_forget()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v record;
begin
  -- An organisation being deleted takes all its words with it (nor are they looked at when gone).
  if current_setting('steward.deleting_org', true) = 'on' then
    return null;
  end if;
  for v in execute format(
    'select r.org_name, array_agg(distinct w.word) as words from old_rows r cross join lateral app.search_text_words(%s) as w(word) '
    'where r.org_name is not null group by r.org_name', tg_argv[0])
  loop
    continue when not exists (select 1 from public.organizations g where g.name = v.org_name);
    perform app.forget_search_words(v.org_name, v.words);
  end loop;
  return null;
end;
$function$;
revoke all on function app.search_words_forget() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.search_words_learn()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  execute format($q$
    insert into app.search_words (org_name, variant, word)
    select n.org_name, v.variant, n.word
    from (select distinct r.org_name, w.word
          from new_rows r cross join lateral app.search_text_words(%1$s) as w(word)
          where r.org_name is not null %2$s) n
    cross join lateral unnest(app.search_variants(n.word)) as v(variant)
    where not exists (select 1 from app.search_words s where s.org_name = n.org_name and s.variant = n.word and s.word = n.word)
    on conflict do nothing$q$,
    tg_argv[0],
    case when tg_op = 'UPDATE'
         then format('and not exists (select 1 from old_rows o where o.id = r.id and o.org_name is not distinct from r.org_name and (%s) is not distinct from (%s))',
                     replace(tg_argv[0], 'r.', 'o.'), tg_argv[0])
         else '' end);
  return null;
end;
$function$;
revoke all on function app.search_words_learn() from public, anon, authenticated, service_role;
grant execute on function app.search_words_learn() to service_role;

CREATE OR REPLACE FUNCTION app.secret_last4(p_secret text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when length(p_secret) >= 8 then right(p_secret, 4) end
$function$;
revoke all on function app.secret_last4(p_secret text) from public, anon, authenticated, service_role;
grant execute on function app.secret_last4(p_secret text) to authenticated;
grant execute on function app.secret_last4(p_secret text) to service_role;
grant execute on function app.secret_last4(p_secret text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.secure_org_table(p_table regclass, p_component text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform app.attach_org_table(p_table);
  perform app.apply_component_policies(p_table, p_component);
  perform app.attach_history(p_table, p_component);
end;
$function$;
revoke all on function app.secure_org_table(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.secure_org_table(p_table regclass, p_component text) to service_role;

CREATE OR REPLACE FUNCTION app.secure_view(p_view regclass)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  execute format('revoke all on %s from anon, public, authenticated', p_view);
  execute format('grant select on %s to authenticated', p_view);
  execute format('grant select on %s to service_role', p_view);
end;
$function$;
revoke all on function app.secure_view(p_view regclass) from public, anon, authenticated, service_role;
grant execute on function app.secure_view(p_view regclass) to service_role;
grant execute on function app.secure_view(p_view regclass) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.send_stay_confirmation(p_stay catalog.reservations)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_to text;
  v_unit text;
  v_paid numeric(12, 2);
  v_currency text;
  v_guests text;
  v_body text;
  v_locale text;
begin
  if p_stay.contact_id is null then
    return null;
  end if;
  select m.value into v_to
  from crm.contact_methods m
  where m.contact_id = p_stay.contact_id and m.org_name = p_stay.org_name and not m.archive
    and m.value ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  order by m.is_primary desc, m.created_at desc
  limit 1;
  if v_to is null then
    return null;
  end if;
  select a.name into v_unit from catalog.accommodations a where a.id = p_stay.accommodation_id;
  select coalesce(sum(case when x.line_type = 'refund' then -1 else 1 end * (x.qty * x.unit_price - x.discount_amount)), 0)
    into v_paid
  from catalog.reservation_payments x where x.reservation_id = p_stay.id and not x.archive;
  select o.currency into v_currency from public.organizations o where o.name = p_stay.org_name;
  v_currency := coalesce(v_currency, 'USD');
  -- The language the guest booked in when the stay came from the booking page, else the organisation's.
  v_locale := app.mail_locale(p_stay.org_name, (select b.language from app.online_bookings b where b.reservation_id = p_stay.id));
  v_guests := concat_ws(', ',
    app.mail_count(v_locale, 'adult', p_stay.adults),
    case when p_stay.children > 0 then app.mail_count(v_locale, 'child', p_stay.children) end,
    case when p_stay.pets > 0 then app.mail_count(v_locale, 'pet', p_stay.pets) end);
  v_body := concat_ws(E'\n',
    format(app.mail_words(v_locale, 'booking.confirmed.intro'), p_stay.org_name),
    '',
    format(app.mail_words(v_locale, 'stay.confirmation'), p_stay.confirmation),
    format(app.mail_words(v_locale, 'stay.accommodation'), coalesce(v_unit, '—')),
    format(app.mail_words(v_locale, 'stay.check_in'), app.mail_date(v_locale, (p_stay.check_in at time zone 'UTC')::date, 'weekday')),
    format(app.mail_words(v_locale, 'stay.check_out'), app.mail_date(v_locale, (p_stay.check_out at time zone 'UTC')::date, 'weekday')),
    format(app.mail_words(v_locale, 'stay.guests'), v_guests),
    format(app.mail_words(v_locale, 'stay.total'), app.mail_money(v_locale, p_stay.total_amount, v_currency)),
    format(app.mail_words(v_locale, 'stay.balance_due'), app.mail_money(v_locale, coalesce(p_stay.total_amount, 0) - v_paid, v_currency)));
  perform app.enqueue_mail(
    v_to,
    format('%s (%s)', app.mail_words(v_locale, 'booking.confirmed.subject'), p_stay.confirmation),
    v_body,
    null,
    'stay_confirmation',
    p_stay.org_name,
    'catalog.reservations',
    p_stay.id);
  return lower(btrim(v_to));
end;
$function$;
revoke all on function app.send_stay_confirmation(p_stay catalog.reservations) from public, anon, authenticated, service_role;
grant execute on function app.send_stay_confirmation(p_stay catalog.reservations) to authenticated;
grant execute on function app.send_stay_confirmation(p_stay catalog.reservations) to service_role;

CREATE OR REPLACE FUNCTION app.send_task_digests(p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_person record;
  v_lines text;
  v_mail bigint;
  v_sent integer := 0;
begin
  for v_person in
    select p.id, p.org_name, p.email::text as email, p.name, app.org_today(p.org_name, p_now) as today,
           app.mail_locale(p.org_name, p.language) as locale
      from public.user_profiles p
     where p.task_digest and p.status = 'Active' and p.email is not null and p.org_name <> '_system_default_'
       and (p_now at time zone app.org_timezone(p.org_name))::time >= time '07:00'
       and not exists (select 1 from app.task_digests_sent s
                        where s.profile_id = p.id and s.sent_on = app.org_today(p.org_name, p_now))
  loop
    -- An organisation that has sent its quota of mails gets its digests on a later run (not marked
    -- sent), and holds up no other organisation's.
    if app.mail_quota_reached(v_person.org_name) then
      continue;
    end if;
    -- In the member's own language, else the organisation's.
    select string_agg(format(app.mail_words(v_person.locale, 'digest.task'),
                             case when i.overdue then app.mail_words(v_person.locale, 'digest.overdue') else '' end, i.title,
                             app.mail_date(v_person.locale, i.due_date, 'day')), E'\n' order by i.due_date, i.title)
      into v_lines
      from app.task_digest_items(v_person.id, v_person.today) i;
    if v_lines is not null then
      v_mail := app.enqueue_mail(v_person.email,
        format(app.mail_words(v_person.locale, 'digest.subject'), app.mail_date(v_person.locale, v_person.today, 'day'), v_person.org_name),
        format(app.mail_words(v_person.locale, 'digest.body'), v_person.name, v_lines),
        null, 'task_digest', v_person.org_name, 'public.user_profiles', v_person.id);
      v_sent := v_sent + 1;
    end if;
    insert into app.task_digests_sent (profile_id, sent_on, mail_id) values (v_person.id, v_person.today, v_mail);
    v_mail := null;
  end loop;
  return v_sent;
end;
$function$;
revoke all on function app.send_task_digests(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.send_task_digests(p_now timestamp with time zone) to service_role;

CREATE OR REPLACE FUNCTION app.short_id_for(p_id uuid)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select translate(encode(substring(sha256(uuid_send(p_id)) from 1 for 6), 'base64'), '+/', '-_')
$function$;
revoke all on function app.short_id_for(p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.short_id_for(p_id uuid) to authenticated;
grant execute on function app.short_id_for(p_id uuid) to service_role;
grant execute on function app.short_id_for(p_id uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.shown_contact_method(p_parent uuid, p_kind text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select cm.id from crm.contact_methods cm join crm.contact_method_types t on t.id = cm.type_id
  where p_parent in (cm.contact_id, cm.business_id, cm.household_id, cm.user_id) and not cm.archive and t.kind = p_kind
  order by cm.is_primary desc, cm.created_at desc, cm.id desc
  limit 1
$function$;
revoke all on function app.shown_contact_method(p_parent uuid, p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.shown_contact_method(p_parent uuid, p_kind text) to service_role;

CREATE OR REPLACE FUNCTION app.shown_contact_method_types_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_parents uuid[];
begin
  -- Organisation by organisation (the locks are per organisation), in name order.
  for v_org, v_parents in
    select cm.org_name, array_agg(x)
      from crm.contact_methods cm, unnest(array[cm.contact_id, cm.business_id, cm.household_id, cm.user_id]) x
     where x is not null
       and cm.type_id in (select n.id from new_rows n join old_rows o on o.id = n.id where n.kind is distinct from o.kind)
     group by cm.org_name
     order by cm.org_name
  loop
    perform app.refresh_shown_contact_methods(v_org, v_parents);
  end loop;
  return null;
end;
$function$;
revoke all on function app.shown_contact_method_types_changed() from public, anon, authenticated, service_role;
grant execute on function app.shown_contact_method_types_changed() to service_role;

CREATE OR REPLACE FUNCTION app.shown_contact_methods_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_orgs text[] := '{}';
  v_parents uuid[] := '{}';
  v_org text;
begin
  -- Each row's parents with the row's organisation (theirs: the reference guards hold it).
  if tg_op in ('INSERT', 'UPDATE') then
    select v_orgs || coalesce(array_agg(r.org_name), '{}'), v_parents || coalesce(array_agg(x), '{}') into v_orgs, v_parents
      from new_rows r, unnest(array[r.contact_id, r.business_id, r.household_id, r.user_id]) x where x is not null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select v_orgs || coalesce(array_agg(r.org_name), '{}'), v_parents || coalesce(array_agg(x), '{}') into v_orgs, v_parents
      from old_rows r, unnest(array[r.contact_id, r.business_id, r.household_id, r.user_id]) x where x is not null;
  end if;
  -- Organisation by organisation (the locks are per organisation), in name order.
  for v_org in select distinct o from unnest(v_orgs) o order by 1 loop
    perform app.refresh_shown_contact_methods(v_org, array(select u.parent from unnest(v_orgs, v_parents) u(org_name, parent) where u.org_name = v_org));
  end loop;
  return null;
end;
$function$;
revoke all on function app.shown_contact_methods_changed() from public, anon, authenticated, service_role;
grant execute on function app.shown_contact_methods_changed() to service_role;

CREATE OR REPLACE FUNCTION app.stamp_audit()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_profile uuid;
  v_app_user boolean := app.is_app_user();
begin
  if v_app_user then
    v_profile := app.profile_id_in(new.org_name);
  end if;
  if tg_op = 'INSERT' then
    if v_app_user then
      new.created_at := now();
      new.created_by := v_profile;
      new.last_modified_at := clock_timestamp();
      new.last_modified_by := v_profile;
    else
      new.created_at := coalesce(new.created_at, now());
      new.last_modified_at := coalesce(new.last_modified_at, new.created_at);
      new.last_modified_by := coalesce(new.last_modified_by, new.created_by);
    end if;
  else
    new.created_at := old.created_at;
    new.created_by := old.created_by;
    new.last_modified_at := greatest(clock_timestamp(), old.last_modified_at + interval '1 microsecond');
    if v_app_user then
      new.last_modified_by := v_profile;
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.stamp_audit() from public, anon, authenticated, service_role;
grant execute on function app.stamp_audit() to authenticated;
grant execute on function app.stamp_audit() to service_role;

CREATE OR REPLACE FUNCTION app.stamp_product_sku()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    new.sku := 'SKU-' || app.short_id_for(new.id);
  else
    new.sku := old.sku;
  end if;
  return new;
end;
$function$;
revoke all on function app.stamp_product_sku() from public, anon, authenticated, service_role;
grant execute on function app.stamp_product_sku() to authenticated;
grant execute on function app.stamp_product_sku() to service_role;
grant execute on function app.stamp_product_sku() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.stamp_short_id()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    new.short_id := app.short_id_for(new.id);
  else
    new.short_id := old.short_id;
  end if;
  return new;
end;
$function$;
revoke all on function app.stamp_short_id() from public, anon, authenticated, service_role;
grant execute on function app.stamp_short_id() to authenticated;
grant execute on function app.stamp_short_id() to service_role;

CREATE OR REPLACE FUNCTION app.stash_integration_secrets()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_stash jsonb := app.integration_secrets_stash();
  v_sent jsonb;
begin
  if tg_op = 'UPDATE' then
    new.id := old.id;
    new.api_key_set := old.api_key_set;
    new.api_key_last4 := old.api_key_last4;
    new.api_secret_set := old.api_secret_set;
    new.api_secret_last4 := old.api_secret_last4;
    new.webhook_secret_set := old.webhook_secret_set;
    new.webhook_secret_last4 := old.webhook_secret_last4;
    -- The update half of an upsert: the insert half of this statement stashed what was sent.
    v_sent := jsonb_build_object(
      'api_key', coalesce(new.api_key, v_stash -> old.id::text ->> 'api_key'),
      'api_secret', coalesce(new.api_secret, v_stash -> old.id::text ->> 'api_secret'),
      'webhook_secret', coalesce(new.webhook_secret, v_stash -> old.id::text ->> 'webhook_secret'));
  else
    new.api_key_set := false;
    new.api_key_last4 := null;
    new.api_secret_set := false;
    new.api_secret_last4 := null;
    new.webhook_secret_set := false;
    new.webhook_secret_last4 := null;
    v_sent := jsonb_build_object('api_key', new.api_key, 'api_secret', new.api_secret, 'webhook_secret', new.webhook_secret);
  end if;

  if v_sent ->> 'api_key' is not null then
    new.api_key_set := nullif(v_sent ->> 'api_key', '') is not null;
    new.api_key_last4 := app.secret_last4(nullif(v_sent ->> 'api_key', ''));
  end if;
  if v_sent ->> 'api_secret' is not null then
    new.api_secret_set := nullif(v_sent ->> 'api_secret', '') is not null;
    new.api_secret_last4 := app.secret_last4(nullif(v_sent ->> 'api_secret', ''));
  end if;
  if v_sent ->> 'webhook_secret' is not null then
    new.webhook_secret_set := nullif(v_sent ->> 'webhook_secret', '') is not null;
    new.webhook_secret_last4 := app.secret_last4(nullif(v_sent ->> 'webhook_secret', ''));
  end if;

  v_sent := jsonb_strip_nulls(v_sent);
  if v_sent <> '{}'::jsonb then
    perform set_config('steward.integration_secrets', jsonb_set(v_stash, array[new.id::text], v_sent)::text, true);
  end if;
  new.api_key := null;
  new.api_secret := null;
  new.webhook_secret := null;
  return new;
end;
$function$;
revoke all on function app.stash_integration_secrets() from public, anon, authenticated, service_role;
grant execute on function app.stash_integration_secrets() to service_role;

CREATE OR REPLACE FUNCTION app.stay_day(p_at timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select (p_at at time zone 'UTC')::date $function$;
revoke all on function app.stay_day(p_at timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.stay_day(p_at timestamp with time zone) to authenticated;
grant execute on function app.stay_day(p_at timestamp with time zone) to service_role;
grant execute on function app.stay_day(p_at timestamp with time zone) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.stay_status(p_status text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case regexp_replace(lower(btrim(coalesce(p_status, ''))), '[\s_-]+', ' ', 'g')
    when 'tentative' then 'Tentative' when 'pending' then 'Tentative' when 'on hold' then 'Tentative'
    when 'hold' then 'Tentative' when 'inquiry' then 'Tentative' when 'enquiry' then 'Tentative'
    when 'confirmed' then 'Confirmed' when 'booked' then 'Confirmed' when 'reserved' then 'Confirmed'
    when 'checked in' then 'Checked in' when 'checkedin' then 'Checked in' when 'in house' then 'Checked in' when 'arrived' then 'Checked in'
    when 'checked out' then 'Checked out' when 'checkedout' then 'Checked out' when 'departed' then 'Checked out' when 'completed' then 'Checked out'
    when 'cancelled' then 'Cancelled' when 'canceled' then 'Cancelled'
    when 'no show' then 'No-show' when 'noshow' then 'No-show'
  end
$function$;
revoke all on function app.stay_status(p_status text) from public, anon, authenticated, service_role;
grant execute on function app.stay_status(p_status text) to authenticated;
grant execute on function app.stay_status(p_status text) to service_role;
grant execute on function app.stay_status(p_status text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.stay_status_flow()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.status := coalesce(app.stay_status(new.status), new.status);
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    if not ((old.status = 'Tentative' and new.status in ('Confirmed', 'Cancelled'))
         or (old.status = 'Confirmed' and new.status in ('Tentative', 'Checked in', 'Cancelled', 'No-show'))
         or (old.status = 'Checked in' and new.status = 'Checked out')
         or (old.status = 'Cancelled' and new.status in ('Tentative', 'Confirmed'))
         or (old.status = 'No-show' and new.status = 'Confirmed')) then
      perform app.refuse('23514', 'stay.statusChange', 'A stay that is {from} cannot become {to}.', jsonb_build_object('from', old.status, 'to', new.status));
    end if;
    if new.status = 'Cancelled' then
      new.cancellation_at := coalesce(new.cancellation_at, now());
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.stay_status_flow() from public, anon, authenticated, service_role;
grant execute on function app.stay_status_flow() to authenticated;
grant execute on function app.stay_status_flow() to service_role;
grant execute on function app.stay_status_flow() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.store_integration_secrets()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_stash jsonb := app.integration_secrets_stash();
  v_sent jsonb := v_stash -> new.id::text;
begin
  if v_sent is null then
    return null;
  end if;
  insert into app.integration_secrets as s (integration_id, api_key, api_secret, webhook_secret, last_modified_at)
  values (new.id, nullif(v_sent ->> 'api_key', ''), nullif(v_sent ->> 'api_secret', ''), nullif(v_sent ->> 'webhook_secret', ''), now())
  on conflict (integration_id) do update
    set api_key = case when v_sent ? 'api_key' then excluded.api_key else s.api_key end,
        api_secret = case when v_sent ? 'api_secret' then excluded.api_secret else s.api_secret end,
        webhook_secret = case when v_sent ? 'webhook_secret' then excluded.webhook_secret else s.webhook_secret end,
        last_modified_at = excluded.last_modified_at;
  perform set_config('steward.integration_secrets', (v_stash - new.id::text)::text, true);
  return null;
end;
$function$;
revoke all on function app.store_integration_secrets() from public, anon, authenticated, service_role;
grant execute on function app.store_integration_secrets() to service_role;

CREATE OR REPLACE FUNCTION app.take_request(p_name text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_client text := app.request_client();
  v_limit double precision;
  v_taken boolean;
begin
  if v_client is null then
    return true;
  end if;
  select per_five_minutes into v_limit from app.request_limits where name = p_name;
  if v_limit is null then
    raise exception 'unknown request limit %', p_name;
  end if;
  -- A bucket untouched for five minutes is full again, the same as none: cleared now and then as others
  -- pass (about one call in a hundred, so no call pays for scanning many clients' buckets).
  if random() < 0.01 then
    delete from app.request_buckets where name = p_name and refilled_at < now() - interval '5 minutes';
  end if;
  insert into app.request_buckets as b (name, client, tokens, refilled_at)
  values (p_name, v_client, v_limit - 1, now())
  on conflict (name, client) do update
    set tokens = least(v_limit, b.tokens + extract(epoch from now() - b.refilled_at) * v_limit / 300) - 1,
        refilled_at = now()
    where least(v_limit, b.tokens + extract(epoch from now() - b.refilled_at) * v_limit / 300) >= 1
  returning true into v_taken;
  return coalesce(v_taken, false);
end;
$function$;
revoke all on function app.take_request(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.take_request(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.task_digest_items(p_profile uuid, p_on date)
 RETURNS TABLE(task_id uuid, short_id text, title text, due_date date, overdue boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select t.id, t.short_id, t.title, t.due_date, t.due_date < p_on
    from ops.tasks t
   where t.assignee_id = p_profile and t.status <> 'Done' and not t.archive
     and t.due_date <= p_on
   order by t.due_date, t.title
$function$;
revoke all on function app.task_digest_items(p_profile uuid, p_on date) from public, anon, authenticated, service_role;
grant execute on function app.task_digest_items(p_profile uuid, p_on date) to service_role;

CREATE OR REPLACE FUNCTION app.task_due_notice(p_task ops.tasks, p_today date)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select app.notify(
    p_task.assignee_id, 'task_due',
    case when p_task.due_date < p_today then 'Overdue: ' else 'Due today: ' end || p_task.title,
    'Due ' || to_char(p_task.due_date, 'FMMonth FMDD, YYYY'),
    '/tasks?task=' || p_task.short_id, 'ops.tasks', p_task.id,
    'task_due:' || p_task.id || ':' || p_today)
$function$;
revoke all on function app.task_due_notice(p_task ops.tasks, p_today date) from public, anon, authenticated, service_role;
grant execute on function app.task_due_notice(p_task ops.tasks, p_today date) to service_role;

CREATE OR REPLACE FUNCTION app.view_grants(p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(p.org_name || '|' || c.name), '{}')
  from public.user_profiles p
  join settings.user_role_permissions rp on rp.role_id = p.role_id
  join settings.components c on c.id = rp.component_id
  join settings.org_components oc on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  where p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.org_name <> '_system_default_'
    and rp.view_access::text = p_level
$function$;
revoke all on function app.view_grants(p_level text) from public, anon, authenticated, service_role;
grant execute on function app.view_grants(p_level text) to authenticated;
grant execute on function app.view_grants(p_level text) to service_role;
grant execute on function app.view_grants(p_level text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.write_history()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_component text := tg_argv[0];
  v_table text := tg_table_schema || '.' || tg_table_name;
  v_via text := app.history_via();
  v_batch uuid := app.history_batch();
  v_fields record;
  v_orgs bigint;
  v_org text;
  v_actor_id uuid;
  v_actor_name text;
begin
  -- A custom field made sensitive or not moves its values between the records and
  -- app.custom_sensitive (app.custom_field_moved): nothing changed, and no sensitive value is written
  -- into the history its readers see.
  if current_setting('steward.custom_moving', true) = 'on' then
    return null;
  end if;
  -- Written set-wise, with the per-row work inline: a bulk change of 10,000 rows is one statement.
  if tg_op = 'UPDATE' then
    insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
    -- Materialised, so each row becomes jsonb once rather than once per field compared.
    with pair as materialized (
      select to_jsonb(o) as oj, to_jsonb(n) as nj from new_rows n join old_rows o on o.id = n.id
    ),
    changed as materialized (
      select nj ->> 'org_name' as org_name, (nj ->> 'id')::uuid as id, oj, nj,
             (select jsonb_object_agg(f.key, jsonb_build_array(oj -> f.key, f.value))
                from jsonb_each(nj) f
               where (oj -> f.key) is distinct from f.value and not app.history_ignored(f.key)) as diff
      from pair
    ),
    actors as (
      select o.org_name, a.actor_id, a.actor_name
      from (select distinct org_name from changed) o
      left join lateral app.history_actor(o.org_name) a on true
    )
    select c.org_name, v_component, v_table, c.id,
           case when (c.oj ->> 'archive') is distinct from (c.nj ->> 'archive')
                then case when (c.nj ->> 'archive')::boolean then 'archive' else 'restore' end
                else 'update' end,
           v_via, v_batch, c.diff, app.record_label(c.nj), a.actor_id, a.actor_name,
           app.record_owner_ids(c.nj)
    from changed c join actors a on a.org_name = c.org_name
    where c.diff is not null;
  else
    -- An inserted or deleted row: its fields, less those never shown and the empty ones.
    v_fields := app.history_table_fields(tg_relid);
    -- The person is the same for every row of an organisation: looked up first. Nearly every
    -- statement writes in one organisation; its rows are then written in one pass, without gathering
    -- them (as jsonb) twice. A row without an organisation has no history, as before.
    if v_fields.org_column then
      if tg_op = 'INSERT' then
        select count(*), min(o.org_name) into v_orgs, v_org from (select distinct n.org_name::text as org_name from new_rows n where n.org_name is not null) o;
      else
        select count(*), min(o.org_name) into v_orgs, v_org from (select distinct n.org_name::text as org_name from old_rows n where n.org_name is not null) o;
      end if;
      if v_orgs = 0 then
        return null;
      end if;
    end if;
    if v_orgs = 1 then
      select a.actor_id, a.actor_name into v_actor_id, v_actor_name from app.history_actor(v_org) a;
      if tg_op = 'INSERT' then
        insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
        select v_org, v_component, v_table, (r.j ->> 'id')::uuid, 'insert', v_via, v_batch,
               case when v_fields.plain then jsonb_strip_nulls(r.j) - v_fields.ignored else app.history_row(r.j) end,
               app.record_label(r.j), v_actor_id, v_actor_name, app.record_owner_ids(r.j)
        -- offset 0: each row becomes jsonb once (a subquery pulled up would repeat it per use).
        from (select to_jsonb(n) as j from new_rows n where n.org_name is not null offset 0) r;
      else
        insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
        select v_org, v_component, v_table, (r.j ->> 'id')::uuid, 'delete', v_via, v_batch,
               case when v_fields.plain then jsonb_strip_nulls(r.j) - v_fields.ignored else app.history_row(r.j) end,
               app.record_label(r.j), v_actor_id, v_actor_name, app.record_owner_ids(r.j)
        from (select to_jsonb(o) as j from old_rows o where o.org_name is not null offset 0) r;
      end if;
    elsif tg_op = 'INSERT' then
      insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
      with touched as (select j ->> 'org_name' as org_name, (j ->> 'id')::uuid as id, j from (select to_jsonb(n) as j from new_rows n) r),
      actors as (
        select o.org_name, a.actor_id, a.actor_name
        from (select distinct org_name from touched) o
        left join lateral app.history_actor(o.org_name) a on true
      )
      select t.org_name, v_component, v_table, t.id, 'insert', v_via, v_batch,
             case when v_fields.plain then jsonb_strip_nulls(t.j) - v_fields.ignored else app.history_row(t.j) end,
             app.record_label(t.j), a.actor_id, a.actor_name, app.record_owner_ids(t.j)
      from touched t join actors a on a.org_name = t.org_name;
    else
      insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
      with touched as (select j ->> 'org_name' as org_name, (j ->> 'id')::uuid as id, j from (select to_jsonb(o) as j from old_rows o) r),
      actors as (
        select o.org_name, a.actor_id, a.actor_name
        from (select distinct org_name from touched) o
        left join lateral app.history_actor(o.org_name) a on true
      )
      select t.org_name, v_component, v_table, t.id, 'delete', v_via, v_batch,
             case when v_fields.plain then jsonb_strip_nulls(t.j) - v_fields.ignored else app.history_row(t.j) end,
             app.record_label(t.j), a.actor_id, a.actor_name, app.record_owner_ids(t.j)
      from touched t join actors a on a.org_name = t.org_name;
    end if;
  end if;
  return null;
end;
$function$;
revoke all on function app.write_history() from public, anon, authenticated, service_role;
grant execute on function app.write_history() to authenticated;
grant execute on function app.write_history() to service_role;
grant execute on function app.write_history() to steward_import_writer;

-- A record file's object is named '{organisation id}/{crm_files id}' in the private record-files bucket;
-- the storage policies read both parts with these (null for any other name).
CREATE OR REPLACE FUNCTION app.record_file_id(p_name text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case when p_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then split_part(p_name, '/', 2)::uuid end
$function$;
revoke all on function app.record_file_id(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.record_file_id(p_name text) to authenticated;
grant execute on function app.record_file_id(p_name text) to service_role;

CREATE OR REPLACE FUNCTION app.record_file_org(p_name text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case when app.record_file_id(p_name) is not null then split_part(p_name, '/', 1)::uuid end
$function$;
revoke all on function app.record_file_org(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.record_file_org(p_name text) to authenticated;
grant execute on function app.record_file_org(p_name text) to service_role;

-- Whether any crm_files row (whoever may read it) names this object, or an erasure has queued it for
-- removal: an object no row claims is its uploader's alone, to finish the row or remove the object.
CREATE OR REPLACE FUNCTION app.record_file_claimed(p_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from crm.crm_files f where f.id = app.record_file_id(p_name))
      or exists (select 1 from app.storage_removals r where r.bucket_id = 'record-files' and r.name = p_name)
$function$;
revoke all on function app.record_file_claimed(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.record_file_claimed(p_name text) to authenticated;
grant execute on function app.record_file_claimed(p_name text) to service_role;

-- Custom fields (settings.custom_fields): the messages a write can meet are listed in
-- supabase/schemas/settings/README-custom-fields.md.
CREATE OR REPLACE FUNCTION app.custom_empty(p_value jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select p_value is null or p_value in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
$function$;
revoke all on function app.custom_empty(p_value jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_empty(p_value jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_field_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_choice jsonb;
  v_id text;
  v_label text;
  v_archived boolean;
  v_ids text[] := '{}';
  v_labels text[] := '{}';
  v_choices jsonb := '[]';
  v_problem text;
  v_refusal jsonb;
  v_count integer;
begin
  if tg_op = 'DELETE' then
    -- A field with values is archived, not deleted (its values would stay behind, unknown).
    execute format('select exists (select 1 from %s t where t.custom ? %L and t.org_name = %L)',
                   app.custom_record_table(old.record_kind), old.id::text, old.org_name) into v_problem;
    if v_problem::boolean or exists (select 1 from app.custom_sensitive s
                                     where s.record_kind = old.record_kind and s.org_name = old.org_name and s.custom ? old.id::text) then
      perform app.refuse('23514', 'field.hasValues', '{label} has values: archive it instead of deleting it', jsonb_build_object('label', old.label));
    end if;
    return old;
  end if;
  new.label := btrim(new.label);
  new.help_text := nullif(btrim(new.help_text), '');
  if tg_op = 'UPDATE' then
    if new.record_kind is distinct from old.record_kind then
      raise exception using errcode = '23514', message = 'A field''s kind of record cannot be changed';
    end if;
    if (new.field_type is distinct from old.field_type or new.link_kind is distinct from old.link_kind)
       and current_setting('steward.custom_type_change', true) is distinct from new.id::text then
      raise exception using errcode = '23514', message = 'A field''s type is changed with settings.change_field_type, which converts its values';
    end if;
  end if;
  if new.choices is null or jsonb_typeof(new.choices) <> 'array' then
    raise exception using errcode = '23514', message = 'Choices must be a list';
  end if;
  if new.field_type not in ('single_choice', 'multiple_choice') and new.choices <> '[]' then
    perform app.refuse('23514', 'field.notChoice', '{label} is not a choice field: it has no choices', jsonb_build_object('label', new.label));
  end if;
  if jsonb_array_length(new.choices) > 500 then
    perform app.refuse('23514', 'field.tooManyChoices', '{label} has more than 500 choices', jsonb_build_object('label', new.label));
  end if;
  for v_choice in select c from jsonb_array_elements(new.choices) c loop
    if jsonb_typeof(v_choice) <> 'object' or jsonb_typeof(v_choice -> 'label') is distinct from 'string'
       or btrim(v_choice ->> 'label') = '' then
      perform app.refuse('23514', 'field.choiceLabel', 'Every choice of {label} needs a label', jsonb_build_object('label', new.label));
    end if;
    v_label := btrim(v_choice ->> 'label');
    if length(v_label) > 80 then
      perform app.refuse('23514', 'field.choiceTooLong', 'A choice of {label} is longer than 80 characters', jsonb_build_object('label', new.label));
    end if;
    v_id := coalesce(v_choice ->> 'id', gen_random_uuid()::text);
    if v_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception using errcode = '23514', message = format('A choice id of %s is not a UUID', new.label);
    end if;
    if jsonb_typeof(v_choice -> 'archived') not in ('boolean', 'null') then
      raise exception using errcode = '23514', message = format('A choice''s archived flag of %s must be true or false', new.label);
    end if;
    v_archived := coalesce((v_choice ->> 'archived')::boolean, false);
    if lower(v_id) = any (v_ids) then
      raise exception using errcode = '23514', message = format('%s has two choices with the same id', new.label);
    end if;
    if not v_archived and lower(v_label) = any (v_labels) then
      perform app.refuse('23514', 'field.choiceTwice', '{label} has two choices named {choice}', jsonb_build_object('label', new.label, 'choice', v_label));
    end if;
    v_ids := v_ids || lower(v_id);
    if not v_archived then
      v_labels := v_labels || lower(v_label);
    end if;
    v_choices := v_choices || jsonb_build_array(jsonb_build_object('id', lower(v_id), 'label', v_label, 'archived', v_archived));
  end loop;
  new.choices := v_choices;
  -- (A field that stops being a choice, through settings.change_field_type, leaves its choices.)
  if tg_op = 'UPDATE' and new.field_type in ('single_choice', 'multiple_choice')
     and exists (select 1 from jsonb_array_elements(old.choices) o where not ((o ->> 'id') = any (v_ids))) then
    perform app.refuse('23514', 'field.choiceRemoved', 'A choice of {label} cannot be removed: archive it instead (its values stay)', jsonb_build_object('label', new.label));
  end if;
  if app.custom_empty(new.default_value) then
    new.default_value := null;
  else
    v_refusal := app.custom_value_refusal(new, new.default_value, new.org_name, null);
    if v_refusal is not null then
      perform app.refuse('23514', 'field.defaultValue', 'Default value: {problem}', jsonb_build_object('problem', v_refusal));
    end if;
  end if;
  if new.position is null then
    select coalesce(max(f.position), 0) + 1 into new.position from settings.custom_fields f
     where f.org_name = new.org_name and f.record_kind = new.record_kind;
  end if;
  if tg_op = 'INSERT' or (old.archive and not new.archive) then
    select count(*) into v_count from settings.custom_fields f
     where f.org_name = new.org_name and f.record_kind = new.record_kind and not f.archive and f.id <> new.id;
    if v_count >= 200 then
      perform app.refuse('23514', 'field.tooMany', 'An organisation has at most 200 fields on each kind of record');
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.custom_field_check() from public, anon, authenticated, service_role;
grant execute on function app.custom_field_check() to service_role;

CREATE OR REPLACE FUNCTION app.custom_field_moved()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_table regclass := app.custom_record_table(new.record_kind);
  v_key text := new.id::text;
begin
  -- A field made sensitive takes its values out of the records into app.custom_sensitive, and back
  -- when it stops being sensitive: the values never change, only where they are kept.
  perform set_config('steward.custom_moving', 'on', true);
  if new.sensitive then
    execute format('insert into app.custom_sensitive as s (record_kind, record_id, org_name, custom) '
                   'select %L, t.id, t.org_name, jsonb_build_object(%L, t.custom -> %L) from %s t where t.org_name = %L and t.custom ? %L '
                   'on conflict (record_kind, record_id) do update set custom = s.custom || excluded.custom',
                   new.record_kind, v_key, v_key, v_table, new.org_name, v_key);
    execute format('update %s t set custom = t.custom - %L where t.org_name = %L and t.custom ? %L', v_table, v_key, new.org_name, v_key);
  else
    execute format('update %s t set custom = t.custom || jsonb_build_object(%L, s.custom -> %L) from app.custom_sensitive s '
                   'where s.record_kind = %L and s.org_name = %L and s.custom ? %L and t.id = s.record_id',
                   v_table, v_key, v_key, new.record_kind, new.org_name, v_key);
    update app.custom_sensitive s set custom = s.custom - v_key
     where s.record_kind = new.record_kind and s.org_name = new.org_name and s.custom ? v_key;
    delete from app.custom_sensitive s where s.record_kind = new.record_kind and s.org_name = new.org_name and s.custom = '{}';
  end if;
  perform set_config('steward.custom_moving', 'off', true);
  return null;
end;
$function$;
revoke all on function app.custom_field_moved() from public, anon, authenticated, service_role;
grant execute on function app.custom_field_moved() to service_role;

CREATE OR REPLACE FUNCTION app.custom_record_component(p_kind text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  -- The component whose access rules a record kind's values follow. A plain expression (no setting of
  -- its own), inlined where it is used: app.custom_sensitive_kinds_at names it for every kind.
  select case
    when p_kind in ('contact', 'business', 'household') then 'crm'
    when p_kind in ('accommodation', 'reservation') then 'lodging'
    when p_kind in ('project', 'task') then 'operations'
    when p_kind in ('product', 'supply') then 'catalog'
    when p_kind = 'staff' then 'team-portal'
  end;
END;
revoke all on function app.custom_record_component(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.custom_record_component(p_kind text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_record_table(p_kind text)
 RETURNS regclass
 LANGUAGE sql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case p_kind
    when 'contact' then 'crm.contacts'::regclass
    when 'business' then 'crm.businesses'::regclass
    when 'household' then 'crm.households'::regclass
    when 'accommodation' then 'catalog.accommodations'::regclass
    when 'reservation' then 'catalog.reservations'::regclass
    when 'project' then 'ops.projects'::regclass
    when 'task' then 'ops.tasks'::regclass
    when 'product' then 'catalog.products'::regclass
    when 'supply' then 'catalog.supplies'::regclass
    when 'staff' then 'hr.staff_profiles'::regclass
  end
$function$;
revoke all on function app.custom_record_table(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.custom_record_table(p_kind text) to authenticated;
grant execute on function app.custom_record_table(p_kind text) to service_role;

-- app.orgs_with_access's rule for every record kind at once: change both.
CREATE OR REPLACE FUNCTION app.custom_sensitive_kinds_at(p_level text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  -- 'kind:organisation' for every record kind whose area the caller edits at this level in that
  -- organisation (app.orgs_with_access's rule), in one query: a list page reads it once for the
  -- sensitive values on it, where one app.orgs_with_access call per kind took ten times as long.
  -- One plan for both levels, as app.orgs_with_access.
  select coalesce(array_agg(k.kind || ':' || p.org_name), '{}')
  from unnest(array['contact', 'business', 'household', 'accommodation', 'reservation', 'project', 'task',
                    'product', 'supply', 'staff']) as k(kind)
  join settings.components c on c.name = app.custom_record_component(k.kind)
  join public.user_profiles p on p.auth_user_id = (select auth.uid()) and p.status = 'Active' and p.org_name <> '_system_default_'
  join settings.org_components oc on oc.org_name = p.org_name and oc.component_id = c.id and oc.enabled
  join settings.user_role_permissions rp on rp.role_id = p.role_id and rp.component_id = c.id
  where rp.edit_access::text = p_level
$function$;
revoke all on function app.custom_sensitive_kinds_at(p_level text) from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION app.custom_sensitive_readable()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- 'kind:organisation' for every record kind whose area the caller edits at the Organization level
  -- in that organisation: the sensitive values they may read and write on every record (at the
  -- Personal level, on their own records: app.custom_sensitive_personal).
  select app.custom_sensitive_kinds_at('Organization')
$function$;
revoke all on function app.custom_sensitive_readable() from public, anon, authenticated, service_role;
grant execute on function app.custom_sensitive_readable() to authenticated;
grant execute on function app.custom_sensitive_readable() to service_role;
grant execute on function app.custom_sensitive_readable() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_value_from_text(p_type text, p_text text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE PARALLEL SAFE
BEGIN ATOMIC
  -- A number, a date (YYYY-MM-DD) or a yes/no written as text, as the value of a field of that type,
  -- or null when the text does not read as one: the one rule for a CSV cell (app.custom_import_lines),
  -- a value changing type (app.custom_convert) and a date's check (app.custom_value_refusal). A plain
  -- expression, inlined where it is used.
  select case
    when p_type in ('number', 'currency') then
      case when p_text ~ '^-?[0-9]+(\.[0-9]+)?$' then to_jsonb(p_text::numeric) end
    when p_type = 'date' then
      case when p_text ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and pg_catalog.pg_input_is_valid(p_text, 'date') then to_jsonb(p_text) end
    when p_type = 'boolean' then
      case when lower(p_text) in ('yes', 'y', 'true', '1') then 'true'::jsonb when lower(p_text) in ('no', 'n', 'false', '0') then 'false'::jsonb end
  end;
END;
revoke all on function app.custom_value_from_text(p_type text, p_text text) from public, anon, authenticated, service_role;
grant execute on function app.custom_value_from_text(p_type text, p_text text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_label text := p_field.label;
  v_type text := jsonb_typeof(p_value);
  v_text text;
  v_item jsonb;
  v_choice jsonb;
  v_seen text[] := '{}';
  v_found boolean;
begin
  case p_field.field_type
  when 'short_text', 'long_text', 'email', 'phone', 'url' then
    if v_type is distinct from 'string' then
      return app.refusal('custom.notText', '{label} must be text', jsonb_build_object('label', v_label));
    end if;
    v_text := p_value #>> '{}';
    if p_field.field_type = 'long_text' and length(v_text) > 10000 then
      return app.refusal('custom.tooLongText', '{label} must be at most 10000 characters', jsonb_build_object('label', v_label));
    elsif p_field.field_type <> 'long_text' and length(v_text) > 500 then
      return app.refusal('custom.tooLong', '{label} must be at most 500 characters', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'email' and app.contact_method_value_problem('email', v_text) is not null then
      return app.refusal('custom.notEmail', '{label} must be an e-mail address like name@example.com', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'phone' and app.contact_method_value_problem('phone', v_text) is not null then
      return app.refusal('custom.notPhone', '{label} must be a phone number of 4 to 15 digits', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'url' and btrim(v_text) !~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' then
      return app.refusal('custom.notUrl', '{label} must be a web address starting with http:// or https://', jsonb_build_object('label', v_label));
    end if;
  when 'number', 'currency' then
    if v_type is distinct from 'number' then
      return app.refusal('custom.notNumber', '{label} must be a number', jsonb_build_object('label', v_label));
    end if;
  when 'date' then
    if v_type is distinct from 'string' or app.custom_value_from_text('date', p_value #>> '{}') is null then
      return app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', v_label));
    end if;
  when 'boolean' then
    if v_type is distinct from 'boolean' then
      return app.refusal('custom.notBoolean', '{label} must be yes or no', jsonb_build_object('label', v_label));
    end if;
  when 'single_choice', 'multiple_choice' then
    if p_field.field_type = 'single_choice' and v_type is distinct from 'string' then
      return app.refusal('custom.notChoice', '{label} must be one of its choices', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'multiple_choice' and v_type is distinct from 'array' then
      return app.refusal('custom.notChoices', '{label} must be a list of its choices', jsonb_build_object('label', v_label));
    end if;
    for v_item in select e from jsonb_array_elements(case when v_type = 'array' then p_value else jsonb_build_array(p_value) end) e loop
      if jsonb_typeof(v_item) is distinct from 'string' then
        return app.refusal('custom.notChoices', '{label} must be a list of its choices', jsonb_build_object('label', v_label));
      end if;
      if (v_item #>> '{}') = any (v_seen) then
        return app.refusal('custom.choiceTwice', '{label} lists a choice twice', jsonb_build_object('label', v_label));
      end if;
      v_seen := v_seen || (v_item #>> '{}');
      select c into v_choice from jsonb_array_elements(p_field.choices) c where c ->> 'id' = v_item #>> '{}';
      if v_choice is null then
        return app.refusal('custom.noSuchChoice', '{label} has no such choice ({choice})', jsonb_build_object('label', v_label, 'choice', left(v_item #>> '{}', 60)));
      end if;
      -- An archived choice stays where it was; it is not chosen anew.
      if (v_choice ->> 'archived')::boolean and not coalesce(p_old = v_item or p_old @> jsonb_build_array(v_item), false) then
        return app.refusal('custom.choiceArchived', '{label}: the choice {choice} is archived', jsonb_build_object('label', v_label, 'choice', v_choice ->> 'label'));
      end if;
    end loop;
  when 'link' then
    v_text := p_value #>> '{}';
    if v_type is distinct from 'string' or v_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      return app.refusal('custom.notLink', '{label} must link to a {kind} of this organisation', jsonb_build_object('label', v_label, 'kind', p_field.link_kind));
    end if;
    v_found := case p_field.link_kind
      when 'contact' then exists (select 1 from crm.contacts r where r.id = v_text::uuid and r.org_name = p_org)
      when 'business' then exists (select 1 from crm.businesses r where r.id = v_text::uuid and r.org_name = p_org)
      when 'household' then exists (select 1 from crm.households r where r.id = v_text::uuid and r.org_name = p_org)
      else false end;
    if not v_found then
      return app.refusal('custom.notLink', '{label} must link to a {kind} of this organisation', jsonb_build_object('label', v_label, 'kind', p_field.link_kind));
    end if;
  end case;
  return null;
end;
$function$;
revoke all on function app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_values_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text := tg_argv[0];
  v_old jsonb := '{}';
  v_new jsonb := '{}';
  v_sens_old jsonb := '{}';
  v_sens jsonb;
  v_sens_touched boolean := false;
  v_field settings.custom_fields;
  v_entry record;
  v_value jsonb;
  v_refusal jsonb;
  v_may_sensitive boolean;
  v_count integer;
begin
  -- A field made sensitive or not moves its values (app.custom_field_moved): already checked.
  if current_setting('steward.custom_moving', true) = 'on' then
    return new;
  end if;
  if new.custom is null then
    new.custom := '{}';
  end if;
  if jsonb_typeof(new.custom) <> 'object' then
    raise exception using errcode = '23514', message = 'Custom field values must be a JSON object keyed by field id';
  end if;
  -- A new record without values, of a kind with no defaults or required fields: nothing to do.
  if tg_op = 'INSERT' and new.custom = '{}' and not exists (
       select 1 from settings.custom_fields f
        where f.org_name = new.org_name and f.record_kind = v_kind and not f.archive and (f.required or f.default_value is not null)) then
    return new;
  end if;
  select count(*) into v_count from jsonb_object_keys(new.custom);
  if v_count > 500 then
    perform app.refuse('23514', 'custom.tooMany', 'A record takes at most 500 custom field values ({count} sent)', jsonb_build_object('count', v_count));
  end if;
  if tg_op = 'UPDATE' then
    v_old := coalesce(old.custom, '{}');
    select s.custom into v_sens_old from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = old.id;
    v_sens_old := coalesce(v_sens_old, '{}');
  end if;
  v_sens := v_sens_old;

  for v_entry in select e.key, e.value from jsonb_each(new.custom) e order by e.key loop
    v_field := null;
    if v_entry.key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into v_field from settings.custom_fields f
       where f.id = v_entry.key::uuid and f.org_name = new.org_name and f.record_kind = v_kind;
    end if;
    if v_field.id is null then
      perform app.refuse('23514', 'custom.unknownField', 'Unknown field: {field}', jsonb_build_object('field', left(v_entry.key, 60)));
    end if;
    v_value := case when app.custom_empty(v_entry.value) then null else v_entry.value end;
    if v_field.sensitive then
      v_may_sensitive := coalesce(v_may_sensitive, app.custom_may_write_sensitive(v_kind, new.org_name));
      if not v_may_sensitive then
        perform app.refuse('42501', 'custom.sensitive', '{label} is sensitive: only people who may edit these records can change it', jsonb_build_object('label', v_field.label));
      end if;
      continue when (v_sens -> v_entry.key) is not distinct from v_value;
      if v_value is not null then
        if v_field.archive then
          perform app.refuse('23514', 'custom.archived', '{label} is archived: its value cannot be changed', jsonb_build_object('label', v_field.label));
        end if;
        v_refusal := app.custom_value_refusal(v_field, v_value, new.org_name, v_sens_old -> v_entry.key);
        if v_refusal is not null then
          perform app.refuse('23514', v_refusal);
        end if;
        v_sens := v_sens || jsonb_build_object(v_entry.key, v_value);
      else
        v_sens := v_sens - v_entry.key;
      end if;
      v_sens_touched := true;
    elsif v_value is not null then
      if (v_old -> v_entry.key) is distinct from v_value then
        if v_field.archive then
          perform app.refuse('23514', 'custom.archived', '{label} is archived: its value cannot be changed', jsonb_build_object('label', v_field.label));
        end if;
        v_refusal := app.custom_value_refusal(v_field, v_value, new.org_name, v_old -> v_entry.key);
        if v_refusal is not null then
          perform app.refuse('23514', v_refusal);
        end if;
      end if;
      v_new := v_new || jsonb_build_object(v_entry.key, v_value);
    end if;
  end loop;

  for v_field in select * from settings.custom_fields f
                  where f.org_name = new.org_name and f.record_kind = v_kind and not f.archive
                    and (f.required or (tg_op = 'INSERT' and f.default_value is not null))
                  order by f.position, f.id loop
    -- Defaults fill what an insert leaves empty.
    if tg_op = 'INSERT' and v_field.default_value is not null then
      if v_field.sensitive and not (v_sens ? v_field.id::text) then
        v_sens := v_sens || jsonb_build_object(v_field.id::text, v_field.default_value);
        v_sens_touched := true;
      elsif not v_field.sensitive and not (v_new ? v_field.id::text) then
        v_new := v_new || jsonb_build_object(v_field.id::text, v_field.default_value);
      end if;
    end if;
    -- Required: a new record has it; a change does not empty it (records made before the field
    -- became required keep going without it until someone fills it).
    if v_field.required and v_field.sensitive then
      v_may_sensitive := coalesce(v_may_sensitive, app.custom_may_write_sensitive(v_kind, new.org_name));
    end if;
    if v_field.required and not (case when v_field.sensitive then v_sens else v_new end ? v_field.id::text)
       and (not v_field.sensitive or v_may_sensitive)
       and (tg_op = 'INSERT' or (case when v_field.sensitive then v_sens_old else v_old end ? v_field.id::text)) then
      perform app.refuse('23514', 'custom.required', '{label} is required', jsonb_build_object('label', v_field.label));
    end if;
  end loop;

  new.custom := v_new;
  if v_sens_touched then
    if v_sens = '{}' then
      delete from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = new.id;
    else
      insert into app.custom_sensitive as s (record_kind, record_id, org_name, custom)
      values (v_kind, new.id, new.org_name, v_sens)
      on conflict (record_kind, record_id) do update set custom = excluded.custom, org_name = excluded.org_name;
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.custom_values_check() from public, anon, authenticated, service_role;
grant execute on function app.custom_values_check() to service_role;
comment on function app.custom_values_check() is 'checks a record''s custom values against its organisation''s definitions of its kind (tg_argv[0]): known field ids, types, choices, links in the organisation, required; fills defaults on insert; moves sensitive values to app.custom_sensitive (refused to callers who may not edit the area); an empty value (null, "", []) removes the key';

CREATE OR REPLACE FUNCTION app.custom_values_forget()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from app.custom_sensitive s using old_rows o where s.record_kind = tg_argv[0] and s.record_id = o.id;
  return null;
end;
$function$;
revoke all on function app.custom_values_forget() from public, anon, authenticated, service_role;
grant execute on function app.custom_values_forget() to service_role;

CREATE OR REPLACE FUNCTION app.list_custom_filter_sql(p_filter jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
  v_key text := substr(p_filter ->> 'field', 8);
  v_op text := p_filter ->> 'op';
  v_value jsonb := p_filter -> 'value';
  v_values jsonb;
  v_text text := p_filter ->> 'value';
  v_like text;
  v_get text;
  v_has text;
  v_parts text[];
  v_item text;
begin
  -- One condition on a custom field (public.list_page's filter, field 'custom.<field id>'), as SQL
  -- over the base table t, written so that the GIN index on t.custom serves the choice, yes/no, link and
  -- empty tests (@>, ?). Null: a field or operator it does not take (the list then sends its own query).
  if v_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  select * into v_field from settings.custom_fields f where f.id = v_key::uuid;
  if v_field.id is null or v_field.sensitive then
    return null;
  end if;
  v_get := format('(t.custom -> %L)', v_key);
  v_has := format('(t.custom ? %L)', v_key);
  if v_op = 'is_empty' then
    return format('(not %s)', v_has);
  elsif v_op = 'is_not_empty' then
    return v_has;
  end if;
  -- Lists of values (any_of, none_of, has_*, between) come as JSON arrays of strings.
  v_values := case when jsonb_typeof(v_value) = 'array' then v_value else jsonb_build_array(v_value) end;
  if exists (select 1 from jsonb_array_elements(v_values) e where jsonb_typeof(e) not in ('string', 'null')) then
    return null;
  end if;
  case
  when v_field.field_type in ('short_text', 'long_text', 'email', 'phone', 'url') then
    if jsonb_typeof(v_value) is distinct from 'string' and v_op not in ('is_empty', 'is_not_empty') then
      return null;
    end if;
    v_like := '%' || replace(replace(replace(lower(v_text), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    return case v_op
      when 'contains' then format('lower(t.custom ->> %L) like %L', v_key, v_like)
      when 'not_contains' then format('coalesce(lower(t.custom ->> %L) not like %L, true)', v_key, v_like)
      when 'is' then format('lower(t.custom ->> %L) = %L', v_key, lower(v_text))
      when 'is_not' then format('coalesce(lower(t.custom ->> %L) <> %L, true)', v_key, lower(v_text))
    end;
  when v_field.field_type in ('number', 'currency', 'date') then
    -- Numbers compare as numbers, dates as their YYYY-MM-DD text.
    v_parts := '{}';
    for v_item in select e #>> '{}' from jsonb_array_elements(v_values) e loop
      if v_field.field_type = 'date' and v_item !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
        return null;
      elsif v_field.field_type <> 'date' and v_item !~ '^-?[0-9]+(\.[0-9]+)?$' then
        return null;
      end if;
      v_parts := v_parts || case when v_field.field_type = 'date' then quote_literal(v_item) else v_item || '::numeric' end;
    end loop;
    v_get := case when v_field.field_type = 'date' then format('(t.custom ->> %L)', v_key)
                  else format('(case when jsonb_typeof(t.custom -> %1$L) = ''number'' then (t.custom ->> %1$L)::numeric end)', v_key) end;
    if v_op = 'between' then
      if cardinality(v_parts) <> 2 then
        return null;
      end if;
      return format('%s between %s and %s', v_get, v_parts[1], v_parts[2]);
    end if;
    if cardinality(v_parts) <> 1 then
      return null;
    end if;
    return case v_op
      when 'is' then format('%s = %s', v_get, v_parts[1])
      when 'is_not' then format('coalesce(%s <> %s, true)', v_get, v_parts[1])
      when 'gt' then format('%s > %s', v_get, v_parts[1])
      when 'gte' then format('%s >= %s', v_get, v_parts[1])
      when 'lt' then format('%s < %s', v_get, v_parts[1])
      when 'lte' then format('%s <= %s', v_get, v_parts[1])
    end;
  when v_field.field_type = 'boolean' then
    if v_op not in ('is', 'is_not') or v_text not in ('true', 'false') then
      return null;
    end if;
    return format(case when v_op = 'is' then 't.custom @> %L' else '(not t.custom @> %L)' end, jsonb_build_object(v_key, v_text::boolean));
  when v_field.field_type in ('single_choice', 'link') then
    select array_agg(format('t.custom @> %L', jsonb_build_object(v_key, e #>> '{}'))) into v_parts
      from jsonb_array_elements(v_values) e where e #>> '{}' is not null;
    if v_parts is null or (v_field.field_type = 'link' and v_op not in ('is', 'is_not'))
       or v_op not in ('is', 'is_not', 'any_of', 'none_of') or (v_op in ('is', 'is_not') and cardinality(v_parts) <> 1) then
      return null;
    end if;
    return case when v_op in ('is', 'any_of') then '(' || array_to_string(v_parts, ' or ') || ')'
                else '(not (' || array_to_string(v_parts, ' or ') || '))' end;
  when v_field.field_type = 'multiple_choice' then
    select array_agg(format('t.custom @> %L', jsonb_build_object(v_key, jsonb_build_array(e #>> '{}')))) into v_parts
      from jsonb_array_elements(v_values) e where e #>> '{}' is not null;
    if v_parts is null then
      return null;
    end if;
    return case v_op
      when 'has_any' then '(' || array_to_string(v_parts, ' or ') || ')'
      when 'has_all' then '(' || array_to_string(v_parts, ' and ') || ')'
      when 'has_none' then '(not (' || array_to_string(v_parts, ' or ') || '))'
    end;
  else
    return null;
  end case;
end;
$function$;
revoke all on function app.list_custom_filter_sql(p_filter jsonb) from public, anon, authenticated, service_role;
grant execute on function app.list_custom_filter_sql(p_filter jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_sort_column(p_type text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- Where a field type's sort key lives in app.custom_sort_keys (null: the type keeps none; choices
  -- sort by the field's current order of choices, read from the definition, and links by the linked
  -- record's name, read when sorting: a renamed record moves at once).
  select case
    when p_type in ('number', 'currency', 'boolean') then 'num'
    when p_type in ('date', 'short_text', 'long_text', 'email', 'phone', 'url') then 'txt'
  end;
$function$;
revoke all on function app.custom_sort_column(p_type text) from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_column(p_type text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_sort_num(p_type text, p_value jsonb)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  -- The same order as app.list_custom_sort_sql: numbers as numbers, yes before no. A plain
  -- expression (no settings), so that the sort-key triggers inline it.
  select case
    when p_type in ('number', 'currency') and jsonb_typeof(p_value) = 'number' then (p_value #>> '{}')::numeric
    when p_type = 'boolean' and jsonb_typeof(p_value) = 'boolean' then case when (p_value #>> '{}')::boolean then 0 else 1 end
  end;
END;
revoke all on function app.custom_sort_num(p_type text, p_value jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_num(p_type text, p_value jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_sort_txt(p_type text, p_value jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
  -- Dates ("YYYY-MM-DD") as stored, text ignoring case (links keep no key: app.custom_sort_column).
  -- A plain expression, as app.custom_sort_num.
  select case
    when jsonb_typeof(p_value) <> 'string' then null
    when p_type = 'date' then p_value #>> '{}'
    when p_type in ('short_text', 'long_text', 'email', 'phone', 'url') then lower(p_value #>> '{}')
  end;
END;
revoke all on function app.custom_sort_txt(p_type text, p_value jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_txt(p_type text, p_value jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_sort_keys_upkeep()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text := tg_argv[0];
begin
  -- A record table's rows as written (after the custom check): the sort keys of the rows whose
  -- values changed are written again, those of deleted rows forgotten.
  if tg_op = 'DELETE' then
    delete from app.custom_sort_keys k using old_rows o where k.record_id = o.id;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from app.custom_sort_keys k using new_rows n join old_rows o on o.id = n.id
      where k.record_id = n.id and (o.custom is distinct from n.custom or o.org_name is distinct from n.org_name);
    insert into app.custom_sort_keys (field_id, record_id, org_name, num, txt)
      select k.field_id, k.record_id, k.org_name, k.num, k.txt
      from (select f.id as field_id, v.id as record_id, v.org_name,
                   app.custom_sort_num(f.field_type, v.value) as num, app.custom_sort_txt(f.field_type, v.value) as txt
              from (select n.id, n.org_name, e.key, e.value
                      from new_rows n
                      join old_rows o on o.id = n.id and (o.custom is distinct from n.custom or o.org_name is distinct from n.org_name)
                     cross join lateral jsonb_each(n.custom) e
                    offset 0) v
              join settings.custom_fields f on f.id::text = v.key and f.org_name = v.org_name and f.record_kind = v_kind and not f.sensitive) k
      where k.num is not null or k.txt is not null;
    return null;
  end if;
  -- Each value once, then its field (an import writes 100,000 rows here: each row's values are read
  -- once, not once per field of its organisation).
  insert into app.custom_sort_keys (field_id, record_id, org_name, num, txt)
    select k.field_id, k.record_id, k.org_name, k.num, k.txt
    from (select f.id as field_id, v.id as record_id, v.org_name,
                 app.custom_sort_num(f.field_type, v.value) as num, app.custom_sort_txt(f.field_type, v.value) as txt
            from (select n.id, n.org_name, e.key, e.value
                    from new_rows n cross join lateral jsonb_each(n.custom) e
                   where n.custom <> '{}'::jsonb
                  offset 0) v
            join settings.custom_fields f on f.id::text = v.key and f.org_name = v.org_name and f.record_kind = v_kind and not f.sensitive) k
    where k.num is not null or k.txt is not null
  on conflict (field_id, record_id) do update set org_name = excluded.org_name, num = excluded.num, txt = excluded.txt;
  return null;
end;
$function$;
revoke all on function app.custom_sort_keys_upkeep() from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_keys_upkeep() to service_role;

CREATE OR REPLACE FUNCTION app.custom_sort_keys_of_field(p_field uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
  v_count bigint;
begin
  -- One field's sort keys written again from its records' values (after a change of type, or of
  -- sensitive): the keys the record triggers keep, for every record at once.
  delete from app.custom_sort_keys k where k.field_id = p_field;
  select * into v_field from settings.custom_fields f where f.id = p_field;
  if v_field.id is null or v_field.sensitive or app.custom_sort_column(v_field.field_type) is null then
    return 0;
  end if;
  execute format(
    'insert into app.custom_sort_keys (field_id, record_id, org_name, num, txt)
       select $1, t.id, t.org_name, app.custom_sort_num($2, t.custom -> $3), app.custom_sort_txt($2, t.custom -> $3)
       from %s t where t.org_name = $4 and t.custom ? $3
         and coalesce(app.custom_sort_num($2, t.custom -> $3)::text, app.custom_sort_txt($2, t.custom -> $3)) is not null',
    app.custom_record_table(v_field.record_kind))
    using v_field.id, v_field.field_type, v_field.id::text, v_field.org_name;
  get diagnostics v_count = row_count;
  return v_count;
end;
$function$;
revoke all on function app.custom_sort_keys_of_field(p_field uuid) from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_keys_of_field(p_field uuid) to service_role;

CREATE OR REPLACE FUNCTION app.custom_field_sort_keys()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- A field's definition changed how its values sort (type, sensitive) or it is gone.
  if tg_op = 'DELETE' then
    delete from app.custom_sort_keys k where k.field_id = old.id;
    return null;
  end if;
  perform app.custom_sort_keys_of_field(new.id);
  return null;
end;
$function$;
revoke all on function app.custom_field_sort_keys() from public, anon, authenticated, service_role;
grant execute on function app.custom_field_sort_keys() to service_role;

CREATE OR REPLACE FUNCTION app.list_custom_sort_sql(p_field text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
  v_key text := substr(p_field, 8);
begin
  -- The sort key of a custom field over the base table t: numbers as numbers, choices in the order
  -- the field lists them, yes before no, a link by the linked record's name, text ignoring case; null
  -- (last going up) when empty.
  if v_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  select * into v_field from settings.custom_fields f where f.id = v_key::uuid;
  if v_field.id is null or v_field.sensitive then
    return null;
  end if;
  return case
    when v_field.field_type in ('number', 'currency') then format('(case when jsonb_typeof(t.custom -> %1$L) = ''number'' then (t.custom ->> %1$L)::numeric end)', v_key)
    when v_field.field_type = 'date' then format('(t.custom ->> %L)', v_key)
    when v_field.field_type = 'link' then
      format('(select lower(r.name) from %s r where r.id = (t.custom ->> %L)::uuid)', app.custom_record_table(v_field.link_kind), v_key)
    when v_field.field_type = 'boolean' then format('(not (t.custom ->> %L)::boolean)', v_key)
    when v_field.field_type = 'single_choice' then
      format('array_position(%L::text[], t.custom ->> %L)', array(select c ->> 'id' from jsonb_array_elements(v_field.choices) c), v_key)
    when v_field.field_type = 'multiple_choice' then
      format('array_position(%L::text[], t.custom -> %L ->> 0)', array(select c ->> 'id' from jsonb_array_elements(v_field.choices) c), v_key)
    else format('lower(t.custom ->> %L)', v_key)
  end;
end;
$function$;
revoke all on function app.list_custom_sort_sql(p_field text) from public, anon, authenticated, service_role;
grant execute on function app.list_custom_sort_sql(p_field text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_field_for_change(p_field uuid, p_new_type text)
 RETURNS settings.custom_fields
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
begin
  -- The field a type change is about, once the caller may change it (Settings edit in its
  -- organisation) and the new type is one it can take.
  select * into v_field from settings.custom_fields f where f.id = p_field and f.org_name = any (app.member_orgs());
  if v_field.id is null then
    perform app.refuse('P0002', 'field.notFound', 'No such field');
  end if;
  if not v_field.org_name = any (app.orgs_with_access('settings', 'edit', 'Organization') || app.orgs_with_access('settings', 'edit', 'Personal')) then
    perform app.refuse('42501', 'field.typeChangeForbidden', 'Only people who may edit Settings change a field''s type');
  end if;
  if p_new_type is null or p_new_type not in ('short_text', 'long_text', 'number', 'currency', 'date', 'boolean', 'single_choice',
                                              'multiple_choice', 'email', 'phone', 'url', 'link') then
    raise exception using errcode = '22023', message = format('Unknown field type: %s', p_new_type);
  end if;
  if p_new_type = 'link' or v_field.field_type = 'link' and p_new_type not in ('short_text', 'long_text') then
    perform app.refuse('23514', 'field.linkType', 'A link field only becomes text, and no field becomes a link: make a new link field');
  end if;
  if p_new_type = v_field.field_type then
    perform app.refuse('23514', 'field.sameType', '{label} already has that type', jsonb_build_object('label', v_field.label));
  end if;
  return v_field;
end;
$function$;
revoke all on function app.custom_field_for_change(p_field uuid, p_new_type text) from public, anon, authenticated, service_role;
grant execute on function app.custom_field_for_change(p_field uuid, p_new_type text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_value_text(p_value jsonb, p_field settings.custom_fields)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- A value as a person reads it: choices by label, yes/no, a link by the record's name.
  select case
    when p_value is null or jsonb_typeof(p_value) = 'null' then null
    when p_field.field_type = 'boolean' then case when p_value = 'true'::jsonb then 'Yes' else 'No' end
    when p_field.field_type in ('single_choice', 'multiple_choice') then
      (select string_agg(coalesce(c ->> 'label', e #>> '{}'), ', ' order by e.n)
         from jsonb_array_elements(case when jsonb_typeof(p_value) = 'array' then p_value else jsonb_build_array(p_value) end) with ordinality as e(e, n)
         left join lateral (select c from jsonb_array_elements(p_field.choices) c where c ->> 'id' = e.e #>> '{}' limit 1) x on true)
    when p_field.field_type = 'link' then
      coalesce((select r.name from crm.contacts r where r.id::text = p_value #>> '{}'),
               (select r.name from crm.businesses r where r.id::text = p_value #>> '{}'),
               (select r.name from crm.households r where r.id::text = p_value #>> '{}'), p_value #>> '{}')
    else p_value #>> '{}'
  end
$function$;
revoke all on function app.custom_value_text(p_value jsonb, p_field settings.custom_fields) from public, anon, authenticated, service_role;
grant execute on function app.custom_value_text(p_value jsonb, p_field settings.custom_fields) to service_role;

CREATE OR REPLACE FUNCTION app.custom_choices_from_values(p_field settings.custom_fields, p_new_type text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_choices jsonb;
begin
  -- The choices a field turning into a choice gets from its values: each distinct text once (any
  -- case, the first spelling in alphabetical order), at most 500 of at most 80 characters; a multiple
  -- choice splits the text at commas.
  execute format(
    'select coalesce(jsonb_agg(jsonb_build_object(''id'', gen_random_uuid(), ''label'', l.label, ''archived'', false) order by l.label), ''[]'') '
    'from (select min(x.label) as label from ('
    '        select btrim(p) as label from (select app.custom_value_text(coalesce(s.custom -> %2$L, t.custom -> %2$L), $1) as v '
    '          from %1$s t left join app.custom_sensitive s on s.record_kind = %3$L and s.record_id = t.id '
    '         where t.org_name = $2 and (t.custom ? %2$L or s.custom ? %2$L)) r '
    '        cross join lateral unnest(case when $3 = ''multiple_choice'' then string_to_array(r.v, '','') else array[r.v] end) p) x '
    '      where x.label <> '''' and length(x.label) <= 80 group by lower(x.label) order by 1 limit 500) l',
    app.custom_record_table(p_field.record_kind), p_field.id::text, p_field.record_kind)
    using p_field, p_field.org_name, p_new_type into v_choices;
  return v_choices;
end;
$function$;
revoke all on function app.custom_choices_from_values(p_field settings.custom_fields, p_new_type text) from public, anon, authenticated, service_role;
grant execute on function app.custom_choices_from_values(p_field settings.custom_fields, p_new_type text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_convert(p_value jsonb, p_from settings.custom_fields, p_to settings.custom_fields)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_text text := btrim(app.custom_value_text(p_value, p_from));
  v_ids jsonb := '[]';
  v_part text;
  v_id text;
begin
  -- A value of p_from as a value of p_to, or null when it does not convert.
  if app.custom_empty(p_value) or v_text is null or v_text = '' then
    return null;
  end if;
  case p_to.field_type
  when 'short_text', 'long_text', 'email', 'phone', 'url' then
    if app.custom_value_refusal(p_to, to_jsonb(v_text), p_to.org_name) is null then
      return to_jsonb(v_text);
    end if;
  when 'number', 'currency' then
    if jsonb_typeof(p_value) = 'number' then
      return p_value;
    end if;
    return app.custom_value_from_text(p_to.field_type, v_text);
  when 'date', 'boolean' then
    return app.custom_value_from_text(p_to.field_type, v_text);
  when 'single_choice', 'multiple_choice' then
    -- Choice to choice keeps the ids; other values find their choice by label.
    foreach v_part in array case when p_from.field_type in ('single_choice', 'multiple_choice')
                                 then array(select e #>> '{}' from jsonb_array_elements(case when jsonb_typeof(p_value) = 'array' then p_value else jsonb_build_array(p_value) end) e)
                                 when p_to.field_type = 'multiple_choice' then string_to_array(v_text, ',')
                                 else array[v_text] end
    loop
      select c ->> 'id' into v_id from jsonb_array_elements(p_to.choices) c
       where not coalesce((c ->> 'archived')::boolean, false)
         and (c ->> 'id' = btrim(v_part) or lower(c ->> 'label') = lower(btrim(v_part)))
       order by (c ->> 'id' = btrim(v_part)) desc limit 1;
      if v_id is null then
        return null;
      end if;
      if not v_ids @> to_jsonb(v_id) then
        v_ids := v_ids || to_jsonb(v_id);
      end if;
      v_id := null;
    end loop;
    if p_to.field_type = 'multiple_choice' then
      return v_ids;
    elsif jsonb_array_length(v_ids) = 1 then
      return v_ids -> 0;
    end if;
  else
    return null;
  end case;
  return null;
end;
$function$;
revoke all on function app.custom_convert(p_value jsonb, p_from settings.custom_fields, p_to settings.custom_fields) from public, anon, authenticated, service_role;
grant execute on function app.custom_convert(p_value jsonb, p_from settings.custom_fields, p_to settings.custom_fields) to service_role;

CREATE OR REPLACE FUNCTION app.custom_search_text(p_custom jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  -- The words a record's custom values add to the organisation's search words: its texts (not ids
  -- of choices or links, not dates or numbers). Sensitive values are never in a record's custom.
  select coalesce(string_agg(e.value #>> '{}', ' '), '')
  from jsonb_each(coalesce(p_custom, '{}')) e
  where jsonb_typeof(e.value) = 'string'
    and e.value #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and e.value #>> '{}' !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
$function$;
revoke all on function app.custom_search_text(p_custom jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_search_text(p_custom jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[])
 RETURNS TABLE(line integer, custom jsonb, cell_refusals jsonb, required_refusals jsonb)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- CSV lines' custom cells (p_cells[i] belongs to line p_lines[i]), keyed by column header = field
  -- label in any case, as records' custom objects: choices by label, yes/no, numbers and dates from
  -- their text, the defaults in the empty cells. And what is wrong with each line: every cell that
  -- does not fit (cell_refusals; custom is then null), every required field left empty
  -- (required_refusals). One statement for all lines: an import checks 100,000 lines at once.
  with fields as materialized (
    select f as field, f.id, f.label, f.field_type, f.position, f.required, f.default_value, lower(f.label) as key,
           -- The open choices by label (any case) and by id, the id winning.
           (select coalesce(jsonb_object_agg(k.key, k.id order by k.by_id), '{}')
              from jsonb_array_elements(f.choices) c
             cross join lateral (values (lower(c ->> 'label'), c ->> 'id', false), (c ->> 'id', c ->> 'id', true)) k(key, id, by_id)
             where not coalesce((c ->> 'archived')::boolean, false)) as choices
      from settings.custom_fields f
     where f.org_name = p_org and f.record_kind = p_kind and not f.archive
  ),
  defaults as (
    select coalesce(jsonb_object_agg(f.id::text, f.default_value), '{}') as custom from fields f where f.default_value is not null
  ),
  required as (
    select array_agg(f.id) as ids from fields f where f.required and f.default_value is null
  )
  select l.line,
         case when x.refusals is null then d.custom || coalesce(x.given, '{}') end,
         x.refusals,
         m.refusals
    from unnest(p_lines, p_cells) l(line, cells)
    cross join defaults d
    cross join required q
    cross join lateral (
      select jsonb_object_agg(c.id::text, v.value) filter (where v.value is not null) as given,
             array_agg(c.id) filter (where c.cell <> '') as filled,
             -- Each cell that does not fit, in the order of the columns.
             jsonb_agg(case
               when c.id is null then app.refusal('custom.unknownColumn', 'Unknown field "{field}"', jsonb_build_object('field', left(c.header, 80)))
               when c.field_type in ('single_choice', 'multiple_choice') then app.refusal('custom.noChoiceNamed', '{label} has no choice "{choice}"', jsonb_build_object('label', c.label, 'choice', left(c.cell, 80)))
               when c.field_type in ('number', 'currency') then app.refusal('custom.notNumber', '{label} must be a number', jsonb_build_object('label', c.label))
               when c.field_type = 'date' then app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', c.label))
               when c.field_type = 'boolean' then app.refusal('custom.notBoolean', '{label} must be yes or no', jsonb_build_object('label', c.label))
               else coalesce(app.custom_value_refusal(c.field, to_jsonb(c.cell), p_org),
                             app.refusal('custom.doesNotFit', '{label}: "{value}" does not fit', jsonb_build_object('label', c.label, 'value', left(c.cell, 80))))
             end) filter (where v.value is null and (c.id is null or c.cell <> '')) as refusals
        from (select e.key as header, btrim(coalesce(e.value #>> '{}', '')) as cell, f.*
                from jsonb_each(case when jsonb_typeof(l.cells) = 'object' then l.cells else '{}' end) e
                left join fields f on f.key = lower(btrim(e.key))) c
       cross join lateral (select case
         when c.id is null or c.cell = '' then null
         when c.field_type in ('number', 'currency', 'date', 'boolean') then app.custom_value_from_text(c.field_type, c.cell)
         when c.field_type = 'single_choice' then c.choices -> lower(c.cell)
         when c.field_type = 'multiple_choice' and strpos(c.cell, ',') = 0 then
           case when c.choices ? lower(c.cell) then jsonb_build_array(c.choices -> lower(c.cell)) end
         when c.field_type = 'multiple_choice' then
           -- Comma-separated labels, each a choice, each once, in the order written.
           (select case when bool_and(p.id is not null) then jsonb_agg(p.id order by p.n) end
              from (select c.choices -> lower(btrim(p.part)) as id, min(p.n) as n
                      from unnest(string_to_array(c.cell, ',')) with ordinality p(part, n) group by 1) p)
         -- Texts, e-mails, phones, web addresses and links as written, checked as any value is.
         when app.custom_value_refusal(c.field, to_jsonb(c.cell), p_org) is null then to_jsonb(c.cell)
       end as value offset 0) v
    ) x
    -- Required fields left empty (a cell that does not fit is refused already).
    left join lateral (select jsonb_agg(app.refusal('custom.required', '{label} is required', jsonb_build_object('label', f.label)) order by f.position, f.id) as refusals
                         from fields f
                        where f.id = any (q.ids) and not coalesce(f.id = any (x.filled), false)) m on q.ids is not null
$function$;
revoke all on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) from public, anon, authenticated, service_role;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to authenticated;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to service_role;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_sensitive_ids(p_org text, p_kind text)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(f.id::text), '{}') from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and f.sensitive
$function$;
revoke all on function app.custom_sensitive_ids(p_org text, p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.custom_sensitive_ids(p_org text, p_kind text) to service_role;
grant execute on function app.custom_sensitive_ids(p_org text, p_kind text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_sensitive_personal()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- 'kind:organisation' where the caller edits the kind's area at the Personal level: the sensitive
  -- values of their own records there (app.custom_record_is_mine).
  select app.custom_sensitive_kinds_at('Personal')
$function$;
revoke all on function app.custom_sensitive_personal() from public, anon, authenticated, service_role;
grant execute on function app.custom_sensitive_personal() to authenticated;
grant execute on function app.custom_sensitive_personal() to service_role;
grant execute on function app.custom_sensitive_personal() to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_record_is_mine(p_kind text, p_id uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_mine boolean;
begin
  -- The record is the caller's own, as Personal access counts it (app.personal_sql: creator, owners,
  -- assignee).
  execute format('select exists (select 1 from %s t where t.id = $1 and %s)', app.custom_record_table(p_kind), app.personal_sql(app.custom_record_table(p_kind), 't'))
    into v_mine using p_id;
  return v_mine;
end;
$function$;
revoke all on function app.custom_record_is_mine(p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.custom_record_is_mine(p_kind text, p_id uuid) to authenticated;
grant execute on function app.custom_record_is_mine(p_kind text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.custom_may_write_sensitive(p_kind text, p_org text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- Who may write a sensitive value of a record of this kind: nobody signed in is the platform itself
  -- (service role, migrations); a signed-in person (the import's writer acts for one) edits the area,
  -- at the Organization level or the Personal one (the record's own policies keep those to their own).
  select auth.uid() is null
      or p_org = any (app.orgs_with_access(app.custom_record_component(p_kind), 'edit', 'Organization')
                      || app.orgs_with_access(app.custom_record_component(p_kind), 'edit', 'Personal'))
$function$;
revoke all on function app.custom_may_write_sensitive(p_kind text, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.custom_may_write_sensitive(p_kind text, p_org text) to service_role;
grant execute on function app.custom_may_write_sensitive(p_kind text, p_org text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.url_segment(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(string_agg(case when t.ch ~ '^[A-Za-z0-9._~-]$' then t.ch
                                  else regexp_replace(upper(encode(convert_to(t.ch, 'UTF8'), 'hex')), '(..)', '%\1', 'g') end,
                             '' order by t.i), '')
  from regexp_split_to_table(p_text, '') with ordinality as t(ch, i)
$function$;
revoke all on function app.url_segment(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.url_segment(p_text text) to service_role;
comment on function app.url_segment(p_text text) is 'text percent-encoded for one segment of a URL path (RFC 3986 unreserved characters kept)';

CREATE OR REPLACE FUNCTION app.booking_org(p_org text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.org_name
  from public.organizations o
  join settings.components c on c.name = 'booking'
  join settings.org_components oc on oc.org_name = o.org_name and oc.component_id = c.id and oc.enabled
  where o.org_name = p_org and o.org_name <> '_system_default_'
$function$;
revoke all on function app.booking_org(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.booking_org(p_org text) to service_role;
comment on function app.booking_org(p_org text) is 'the organisation a public booking page names, when it has enabled the booking component; null otherwise';

CREATE OR REPLACE FUNCTION app.booking_stay_refusal(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_window integer;
begin
  if p_check_in is null or p_check_out is null then
    return app.refusal('booking.datesRequired', 'Choose a check-in and a check-out date.');
  end if;
  if p_check_out <= p_check_in then
    return app.refusal('booking.checkOutAfterCheckIn', 'Check-out must be after check-in.');
  end if;
  if p_check_in < current_date then
    return app.refusal('booking.checkInPast', 'Check-in cannot be in the past.');
  end if;
  if p_check_out - p_check_in > 30 then
    return app.refusal('booking.tooLong', 'A stay booked online can be at most 30 nights.');
  end if;
  select coalesce(max(r.max_advance_days), 365) into v_window
  from catalog.accommodation_rates r where r.org_name = p_org and not r.archive and r.max_advance_days is not null;
  if p_check_in > current_date + v_window then
    return app.refusal('booking.tooFarAhead', 'Bookings open at most {days} days ahead.', jsonb_build_object('days', v_window));
  end if;
  if p_adults is null or p_adults < 1 then
    return app.refusal('booking.adultRequired', 'At least one adult must stay.');
  end if;
  if p_adults > 99 or coalesce(p_children, 0) not between 0 and 99 or coalesce(p_pets, 0) not between 0 and 20 then
    return app.refusal('booking.partyRequired', 'Enter the number of adults, children and pets.');
  end if;
  return null;
end;
$function$;
revoke all on function app.booking_stay_refusal(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function app.booking_stay_refusal(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function app.booking_stay_refusal(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'why a guest''s dates and party cannot be searched or booked, as a refusal the booking page shows in the guest''s language (app.refusal_answer), or null';

CREATE OR REPLACE FUNCTION app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The free units that sleep the party first, then all of them priced in one statement (quote_stays).
  with free as (
    select a.id, a.name, a.description, a.beds, a.capacity, a.image_url, cl.name as class_name, coalesce(cl.booking_instant, false) as instant
    from catalog.accommodations a
    left join catalog.accommodation_classes cl on cl.id = a.class_id
    where a.org_name = p_org and not a.archive and a.inventory_count > 0
      and (a.capacity is null or a.capacity >= p_adults + coalesce(p_children, 0))
      and not exists (
        select 1 from catalog.reservations r
        where r.accommodation_id = a.id and app.reservation_is_active(r.status)
          and tstzrange(r.check_in, r.check_out, '[)') && app.booking_stay_range(p_check_in, p_check_out))
      and not exists (
        select 1 from catalog.accommodation_blocks b
        where b.accommodation_id = a.id
          and tstzrange(b.block_start, b.block_end, '[)') && app.booking_stay_range(p_check_in, p_check_out))
  ),
  priced as (
    select q.accommodation_id, q.quote
    from catalog.quote_stays((select coalesce(array_agg(f.id), '{}') from free f), p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0), current_date) q
  )
  select coalesce(jsonb_agg(x.offer order by (x.offer -> 'quote' ->> 'total')::numeric, x.offer ->> 'name'), '[]'::jsonb)
  from (
    select jsonb_build_object(
             'accommodation_id', f.id, 'name', f.name, 'description', f.description, 'class_name', f.class_name,
             'beds', f.beds, 'capacity', f.capacity, 'image_url', f.image_url,
             'instant', f.instant,
             'quote', p.quote - 'ok' - 'reason' - 'rate_id',
             'deposit_due', round((p.quote ->> 'total')::numeric * coalesce(s.deposit_percent, 0) / 100, 2)) as offer
    from free f
    join priced p on p.accommodation_id = f.id
    left join catalog.lodging_settings s on s.org_name = p_org
    where (p.quote ->> 'ok')::boolean
  ) x
$function$;
revoke all on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function app.booking_offers(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'the units of an organisation free for the dates that sleep the party, each priced by catalog.quote_stay (the desk''s quote) with the deposit due; cheapest first';

CREATE OR REPLACE FUNCTION app.booking_stay_range(p_check_in date, p_check_out date)
 RETURNS tstzrange
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select tstzrange((p_check_in + time '16:00') at time zone 'UTC', (p_check_out + time '11:00') at time zone 'UTC', '[)') $function$;
revoke all on function app.booking_stay_range(p_check_in date, p_check_out date) from public, anon, authenticated, service_role;
grant execute on function app.booking_stay_range(p_check_in date, p_check_out date) to service_role;
comment on function app.booking_stay_range(p_check_in date, p_check_out date) is 'the time an online booking holds its unit: from 16:00 on the check-in day to 11:00 on the check-out day (UTC, as the desk''s days are)';

CREATE OR REPLACE FUNCTION app.booking_link(p_org text, p_token text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select rtrim(coalesce(nullif(current_setting('steward.site_url', true), ''), 'http://localhost:3000'), '/')
         || '/book/' || app.url_segment(p_org) || '/stay/' || p_token
$function$;
revoke all on function app.booking_link(p_org text, p_token text) from public, anon, authenticated, service_role;
grant execute on function app.booking_link(p_org text, p_token text) to service_role;
comment on function app.booking_link(p_org text, p_token text) is 'the guest''s own page of an online booking, on the site steward.site_url names';

CREATE OR REPLACE FUNCTION app.booking_card_keys(p_org text)
 RETURNS app.integration_secrets
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select k.*
  from settings.integrations i
  join app.integration_secrets k on k.integration_id = i.id
  where i.org_name = p_org and i.type = 'stripe' and i.is_active and not i.archive
    and k.api_secret is not null and k.webhook_secret is not null
  order by i.last_modified_at desc, i.id
  limit 1
$function$;
revoke all on function app.booking_card_keys(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.booking_card_keys(p_org text) to service_role;
comment on function app.booking_card_keys(p_org text) is 'the organisation''s card payment keys (its active Stripe integration with a secret key and a webhook signing secret, Settings → Integrations), or null: card payment is switched on exactly when this is not null';

CREATE OR REPLACE FUNCTION app.booking_deposit_method(p_org text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when coalesce(s.deposit_method, 'on_arrival') = 'card_link' and (app.booking_card_keys(p_org)).integration_id is null then 'on_arrival'
    else coalesce(s.deposit_method, 'on_arrival')
  end
  from (select 1) one
  left join catalog.lodging_settings s on s.org_name = p_org
$function$;
revoke all on function app.booking_deposit_method(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.booking_deposit_method(p_org text) to service_role;
comment on function app.booking_deposit_method(p_org text) is 'how an online booking''s deposit is paid: the organisation''s choice (lodging_settings.deposit_method), except that a card-payment link falls back to on arrival while no card payment keys are entered';

CREATE OR REPLACE FUNCTION app.booking_mail(p_stay catalog.reservations, p_mail text, p_token text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_unit text;
  v_currency text;
  v_bank text;
  v_hold_hours integer;
  v_locale text;
  v_deposit text;
  v_payment text;
begin
  select * into v_booking from app.online_bookings b where b.reservation_id = p_stay.id;
  if v_booking is null then
    return;
  end if;
  select a.name into v_unit from catalog.accommodations a where a.id = p_stay.accommodation_id;
  select s.bank_details, s.booking_hold_hours into v_bank, v_hold_hours
  from catalog.lodging_settings s where s.org_name = p_stay.org_name;
  v_currency := coalesce((select o.currency from public.organizations o where o.name = p_stay.org_name), 'USD');
  -- The language the guest booked in (stored with the booking), else the organisation's.
  v_locale := app.mail_locale(p_stay.org_name, v_booking.language);
  v_deposit := app.mail_money(v_locale, v_booking.deposit_due, v_currency);
  v_payment := case
    when v_booking.deposit_due <= 0 then null
    when v_booking.deposit_paid_at is not null then format(app.mail_words(v_locale, 'deposit.paid'), v_deposit)
    when v_booking.payment_method = 'bank_transfer' then
      format(app.mail_words(v_locale, 'deposit.bank_transfer'), v_deposit, v_booking.payment_reference)
        || case when v_bank is not null then E'\n' || v_bank else '' end
    when v_booking.payment_method = 'card_link' then format(app.mail_words(v_locale, 'deposit.card_link'), v_deposit)
    else format(app.mail_words(v_locale, 'deposit.on_arrival'), v_deposit)
  end;
  perform app.enqueue_mail(
    v_booking.guest_email,
    format('%s (%s)', app.mail_words(v_locale, 'booking.' || p_mail || '.subject'), p_stay.confirmation),
    concat_ws(E'\n',
      case p_mail
        when 'requested' then format(app.mail_words(v_locale, 'booking.requested.intro'), p_stay.org_name, app.mail_count(v_locale, 'hour', coalesce(v_hold_hours, 24)))
        when 'paid' then format(app.mail_words(v_locale, 'booking.paid.intro'), p_stay.org_name, v_deposit)
        else format(app.mail_words(v_locale, 'booking.' || p_mail || '.intro'), p_stay.org_name)
      end,
      '',
      format(app.mail_words(v_locale, 'stay.confirmation'), p_stay.confirmation),
      format(app.mail_words(v_locale, 'stay.accommodation'), coalesce(v_unit, '—')),
      format(app.mail_words(v_locale, 'stay.check_in'), app.mail_date(v_locale, (p_stay.check_in at time zone 'UTC')::date, 'weekday')),
      format(app.mail_words(v_locale, 'stay.check_out'), app.mail_date(v_locale, (p_stay.check_out at time zone 'UTC')::date, 'weekday')),
      format(app.mail_words(v_locale, 'stay.total'), app.mail_money(v_locale, p_stay.total_amount, v_currency)),
      v_payment,
      case when p_token is not null then E'\n' || format(app.mail_words(v_locale, 'booking.link'), app.booking_link(p_stay.org_name, p_token)) end),
    null,
    'online_booking',
    p_stay.org_name,
    'catalog.reservations',
    p_stay.id);
end;
$function$;
revoke all on function app.booking_mail(p_stay catalog.reservations, p_mail text, p_token text) from public, anon, authenticated, service_role;
grant execute on function app.booking_mail(p_stay catalog.reservations, p_mail text, p_token text) to service_role;
comment on function app.booking_mail(p_stay catalog.reservations, p_mail text, p_token text) is 'an e-mail about an online booking to its guest, through the outbox, in the language the guest booked in (else the organisation''s): which mail (requested, confirmed, cancelled, lapsed, declined, paid), the stay, the total, the deposit and how it is paid, and (given the token) the link to the guest''s page';

CREATE OR REPLACE FUNCTION app.online_booking_status_mail()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from app.online_bookings b where b.reservation_id = new.id) then
    return null;
  end if;
  if new.status <> 'Tentative' then
    update app.online_bookings set hold_until = null where reservation_id = new.id and hold_until is not null;
  end if;
  if old.status = 'Tentative' and new.status = 'Cancelled' then
    if new.cancellation_reason = 'Not confirmed in time' then
      perform app.booking_mail(new, 'lapsed', null);
    elsif new.cancellation_reason is distinct from 'Cancelled by the guest' then
      perform app.booking_mail(new, 'declined', null);
    end if;
  end if;
  return null;
end;
$function$;
revoke all on function app.online_booking_status_mail() from public, anon, authenticated, service_role;
grant execute on function app.online_booking_status_mail() to service_role;
comment on function app.online_booking_status_mail() is 'after the desk answers an online booking request: the hold ends, and a declined (or lapsed) request is e-mailed to the guest (a confirmed one gets the desk''s confirmation e-mail)';

CREATE OR REPLACE FUNCTION app.lapse_booking_requests()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_count integer;
begin
  with lapsed as (
    select b.reservation_id from app.online_bookings b
    join catalog.reservations r on r.id = b.reservation_id
    where b.hold_until is not null and b.hold_until <= now() and r.status = 'Tentative'
    for update of r skip locked
  )
  update catalog.reservations r
     set status = 'Cancelled', cancellation_reason = 'Not confirmed in time'
    from lapsed l where r.id = l.reservation_id;
  get diagnostics v_count = row_count;
  return v_count;
end;
$function$;
revoke all on function app.lapse_booking_requests() from public, anon, authenticated, service_role;
grant execute on function app.lapse_booking_requests() to service_role;
comment on function app.lapse_booking_requests() is 'scheduled: online booking requests the desk has not confirmed within the organisation''s hold time are cancelled (the guest is e-mailed), freeing their unit';

CREATE OR REPLACE FUNCTION app.booking_view(p_booking app.online_bookings)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'ok', true,
    'org_name', r.org_name,
    'confirmation', r.confirmation,
    'status', r.status,
    'accommodation', a.name,
    'check_in', app.stay_day(r.check_in),
    'check_out', app.stay_day(r.check_out),
    'adults', r.adults, 'children', r.children, 'pets', r.pets,
    'quote', p_booking.quote,
    'total', r.total_amount,
    'currency', coalesce(o.currency, 'USD'),
    'deposit_due', p_booking.deposit_due,
    'payment_method', p_booking.payment_method,
    'payment_reference', p_booking.payment_reference,
    'bank_details', case when p_booking.payment_method = 'bank_transfer' then s.bank_details end,
    'hold_until', p_booking.hold_until,
    'deposit_paid_at', p_booking.deposit_paid_at,
    'can_pay', p_booking.payment_method = 'card_link' and p_booking.deposit_due > 0 and p_booking.deposit_paid_at is null
               and r.status in ('Tentative', 'Confirmed') and (app.booking_card_keys(r.org_name)).integration_id is not null,
    'cancel_until', app.stay_day(r.check_in) - coalesce(s.booking_cancel_days, 2),
    'can_cancel', r.status in ('Tentative', 'Confirmed') and current_date <= app.stay_day(r.check_in) - coalesce(s.booking_cancel_days, 2),
    -- The language the guest booked in: their page speaks it, as their mails do, on any device.
    'language', p_booking.language)
  from catalog.reservations r
  left join catalog.accommodations a on a.id = r.accommodation_id
  left join catalog.lodging_settings s on s.org_name = r.org_name
  left join public.organizations o on o.name = r.org_name
  where r.id = p_booking.reservation_id
$function$;
revoke all on function app.booking_view(p_booking app.online_bookings) from public, anon, authenticated, service_role;
grant execute on function app.booking_view(p_booking app.online_bookings) to service_role;
comment on function app.booking_view(p_booking app.online_bookings) is 'what the guest''s own page shows of an online booking';

create or replace function app.message_record_table(p_kind text)
 returns regclass
 language sql
 immutable
 set search_path to ''
as $function$
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

create or replace function app.message_records_orgs(p_kind text, p_ids uuid[])
 returns table(id uuid, org_name text)
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_table regclass := app.message_record_table(p_kind);
begin
  -- The records of a kind a message can be on that the caller may see, with their organisations, in
  -- one statement under the table's read rule (service role without a user: every one).
  if v_table is null then
    raise exception using errcode = '22023', message = format('%s is not a kind of record a message can be on', coalesce(p_kind, 'null'));
  end if;
  if auth.uid() is null and auth.role() = 'service_role' then
    return query execute format('select t.id, t.org_name from %s t where t.id = any ($1)', v_table) using p_ids;
  else
    return query execute format('select t.id, t.org_name from %s t where t.id = any ($1) and t.org_name = any (app.member_orgs()) and (%s)', v_table, app.read_rule_sql(v_table))
      using p_ids;
  end if;
end;
$function$;
revoke all on function app.message_records_orgs(p_kind text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.message_records_orgs(p_kind text, p_ids uuid[]) to service_role;
comment on function app.message_records_orgs(p_kind text, p_ids uuid[]) is 'which of these records (of a kind a message can be on) the caller may see, and their organisations: app.message_record_org for one, crm.send_to_many for its selection';

create or replace function app.message_record_org(p_kind text, p_id uuid)
 returns text
 language sql
 stable security definer
 set search_path to ''
as $function$
  select (select r.org_name from app.message_records_orgs(p_kind, array[p_id]) r)
$function$;
revoke all on function app.message_record_org(p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.message_record_org(p_kind text, p_id uuid) to service_role;

create or replace function app.is_email_address(p_value text)
 returns boolean
 language sql
 immutable
 set search_path to ''
as $function$
  select coalesce(p_value ~ '^[^@\s<>(),;:"\[\]\\]+@[^@\s<>(),;:"\[\]\\.]+(\.[^@\s<>(),;:"\[\]\\.]+)+$' and length(p_value) <= 254, false)
$function$;
revoke all on function app.is_email_address(p_value text) from public, anon, authenticated, service_role;
grant execute on function app.is_email_address(p_value text) to authenticated;
grant execute on function app.is_email_address(p_value text) to service_role;
grant execute on function app.is_email_address(p_value text) to steward_mail_writer;

create or replace function app.message_people(p_kind text, p_ids uuid[])
 returns table(id uuid, first_name text, last_name text, full_name text, email text)
 language sql
 stable security definer
 set search_path to ''
as $function$
  -- The people records of one kind are written to, in one statement: names and the e-mail address
  -- (contacts, businesses, households: their first e-mail method, primary first). A reservation's person
  -- is its guest contact.
  with contacts as (
    select c.id, coalesce(nullif(c.first_name, ''), c.name, '') as first_name, coalesce(c.last_name, '') as last_name, coalesce(c.name, '') as full_name,
           (select lower(btrim(m.value)) from crm.contact_methods m
             where m.contact_id = c.id and m.kind = 'email' and not m.archive order by m.is_primary desc, m.created_at limit 1) as email
    from crm.contacts c
    where p_kind in ('contact', 'reservation')
      and c.id = any (case when p_kind = 'contact' then p_ids else array(select r.contact_id from catalog.reservations r where r.id = any (p_ids)) end)
  )
  select c.id, c.first_name, c.last_name, c.full_name, c.email from contacts c where p_kind = 'contact'
  union all
  select r.id, coalesce(c.first_name, ''), coalesce(c.last_name, ''), coalesce(c.full_name, ''), c.email
  from catalog.reservations r left join contacts c on c.id = r.contact_id
  where p_kind = 'reservation' and r.id = any (p_ids)
  union all
  select b.id, coalesce(b.name, ''), '', coalesce(b.name, ''),
         (select lower(btrim(m.value)) from crm.contact_methods m
           where m.business_id = b.id and m.kind = 'email' and not m.archive order by m.is_primary desc, m.created_at limit 1)
  from crm.businesses b where p_kind = 'business' and b.id = any (p_ids)
  union all
  select h.id, coalesce(h.preferred_addressee, h.name, ''), '', coalesce(h.preferred_addressee, h.name, ''),
         (select lower(btrim(m.value)) from crm.contact_methods m
           where m.household_id = h.id and m.kind = 'email' and not m.archive order by m.is_primary desc, m.created_at limit 1)
  from crm.households h where p_kind = 'household' and h.id = any (p_ids)
  union all
  select u.id, coalesce(nullif(u.first_name, ''), u.name, ''), coalesce(u.last_name, ''), coalesce(u.name, ''), lower(u.email::text)
  from public.user_profiles u where p_kind = 'user' and u.id = any (p_ids)
  union all
  select s.id, coalesce(nullif(s.preferred_name, ''), s.legal_first_name, u.first_name, u.name, ''),
         coalesce(s.legal_last_name, u.last_name, ''),
         coalesce(u.name, concat_ws(' ', coalesce(nullif(s.preferred_name, ''), s.legal_first_name), s.legal_last_name)),
         lower(coalesce(s.email::text, u.email::text))
  from hr.staff_profiles s left join public.user_profiles u on u.id = s.user_profile_id
  where p_kind = 'staff' and s.id = any (p_ids)
$function$;
revoke all on function app.message_people(p_kind text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.message_people(p_kind text, p_ids uuid[]) to service_role;

create or replace function app.message_merge_values(p_kind text, p_ids uuid[], p_org text)
 returns table(id uuid, email text, merge jsonb)
 language sql
 stable security definer
 set search_path to ''
as $function$
  -- The merge fields of many records at once (one statement): the person's, the organisation's, a
  -- stay's; {{unsubscribe_url}} is empty here, each mail's own link is added by its sender.
  select p.id, p.email,
         jsonb_build_object('first_name', p.first_name, 'last_name', p.last_name, 'full_name', p.full_name,
                            'email', coalesce(p.email, ''), 'organization.name', o.label, 'unsubscribe_url', '')
         || case when p_kind = 'reservation' then jsonb_build_object(
              'stay.check_in', to_char(r.check_in at time zone coalesce(o.tz, 'UTC'), 'FMMonth FMDD, YYYY'),
              'stay.check_out', to_char(r.check_out at time zone coalesce(o.tz, 'UTC'), 'FMMonth FMDD, YYYY'),
              'stay.total', to_char(coalesce(r.total_amount, 0), 'FM999999990.00') || ' ' || coalesce(o.currency, 'USD'),
              'stay.unit', coalesce(a.name, ''))
            else '{}'::jsonb end
  from app.message_people(p_kind, p_ids) p
  cross join (select (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = p_org) as label,
                     (select o.currency from public.organizations o where o.name = p_org) as currency,
                     app.org_timezone(p_org) as tz) o
  left join catalog.reservations r on p_kind = 'reservation' and r.id = p.id
  left join catalog.accommodations a on a.id = r.accommodation_id
$function$;
revoke all on function app.message_merge_values(p_kind text, p_ids uuid[], p_org text) from public, anon, authenticated, service_role;
grant execute on function app.message_merge_values(p_kind text, p_ids uuid[], p_org text) to service_role;

create or replace function app.message_template_parts(p_text text, out parts text[], out names text[])
 returns record
 language sql
 immutable
as $function$
  -- A text with merge fields as its literal pieces and the fields' names between them: parts[i], then
  -- names[i], …, then the last part (one more part than names). No search_path of its own: see
  -- app.message_inline_html.
  select regexp_split_to_array(coalesce(p_text, ''), '\{\{\s*[^{}]*?\s*\}\}'),
         array(select m[1] from regexp_matches(coalesce(p_text, ''), '\{\{\s*([^{}]*?)\s*\}\}', 'g') m)
$function$;
revoke all on function app.message_template_parts(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.message_template_parts(p_text text) to service_role;
grant execute on function app.message_template_parts(p_text text) to steward_mail_writer;

create or replace function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean DEFAULT false)
 returns text
 language plpgsql
 immutable
as $function$
declare
  v_out text := p_parts[1];
  v_value text;
begin
  -- No search_path of its own: see app.message_inline_html.
  for i in 1 .. coalesce(array_length(p_names, 1), 0) loop
    if not (p_values ? p_names[i]) then
      perform app.refuse('22023', 'message.unknownMergeField', '{{{name}}} is not a merge field', jsonb_build_object('name', p_names[i]));
    end if;
    v_value := coalesce(p_values ->> p_names[i], '');
    if p_one_line then
      v_value := regexp_replace(v_value, '[\r\n]+', ' ', 'g');
    end if;
    v_out := v_out || v_value || p_parts[i + 1];
  end loop;
  return v_out;
end;
$function$;
revoke all on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) from public, anon, authenticated, service_role;
grant execute on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) to service_role;
grant execute on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) to steward_mail_writer;
comment on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) is 'a text with its merge fields filled, from its pieces (app.message_template_parts): a mail to many splits its text once, not once per mail; refuses a field p_values does not have';

create or replace function app.message_fill(p_text text, p_values jsonb, p_one_line boolean DEFAULT false)
 returns text
 language sql
 immutable
as $function$
  -- No search_path of its own: see app.message_inline_html.
  select app.message_fill_parts(t.parts, t.names, p_values, p_one_line) from app.message_template_parts(p_text) t
$function$;
revoke all on function app.message_fill(p_text text, p_values jsonb, p_one_line boolean) from public, anon, authenticated, service_role;
grant execute on function app.message_fill(p_text text, p_values jsonb, p_one_line boolean) to service_role;

create or replace function app.message_inline_html(p_line text)
 returns text
 language sql
 immutable
as $function$
  -- No search_path of its own (nor has app.message_html, app.message_fill): called for each line of
  -- every mail, only from functions that set it to ''; its SET clause's save and restore per call was
  -- most of a mail to many's HTML, and kept this one from being inlined. Only service_role may call it.
  select regexp_replace(regexp_replace(regexp_replace(
           replace(replace(replace(replace(replace(p_line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'),
           '\[([^\]]+)\]\(((https?://|mailto:)[^)\s]+)\)', '<a href="\2">\1</a>', 'g'),
           '\*\*([^*]+)\*\*', '<strong>\1</strong>', 'g'),
           '(^|[^A-Za-z0-9_/])_([^_]+)_($|[^A-Za-z0-9_])', '\1<em>\2</em>\3', 'g')
$function$;
revoke all on function app.message_inline_html(p_line text) from public, anon, authenticated, service_role;
grant execute on function app.message_inline_html(p_line text) to service_role;
grant execute on function app.message_inline_html(p_line text) to steward_mail_writer;

create or replace function app.message_html(p_text text)
 returns text
 language plpgsql
 immutable
as $function$
declare
  v_out text := '';
  v_open text := null;
  v_line text;
  v_para text := null;
begin
  -- No search_path of its own: see app.message_inline_html.
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
grant execute on function app.message_html(p_text text) to steward_mail_writer;

create or replace function app.message_html_template(p_text text, p_tail text DEFAULT ''::text)
 returns text
 language plpgsql
 immutable
as $function$
declare
  v_parts text[];
  v_names text[];
  v_marked text := '';
begin
  -- The HTML of a text with merge fields (then p_tail, as is), each field i drawn as the marker
  -- \x01 i \x02, so that a mail to many draws its HTML once and fills each mail's markers
  -- (app.message_html_filled). Null where a field's value could change what the text's marks mean:
  -- a field touching an underscore (emphasis looks at the characters around it), or inside a link's
  -- address (which ends at a space). No search_path of its own: see app.message_inline_html.
  select t.parts, t.names into v_parts, v_names from app.message_template_parts(p_text) t;
  for i in 1 .. coalesce(array_length(v_names, 1), 0) loop
    v_marked := v_marked || v_parts[i] || E'\x01' || i || E'\x02';
  end loop;
  v_marked := v_marked || v_parts[coalesce(array_length(v_names, 1), 0) + 1] || coalesce(p_tail, '');
  if coalesce(p_text, '') ~ '[\x01\x02]' or coalesce(p_tail, '') ~ '[\x01\x02]' or v_marked ~ '_\x01|\x02_|\]\([^)]*\x01' then
    return null;
  end if;
  return app.message_html(v_marked);
end;
$function$;
revoke all on function app.message_html_template(p_text text, p_tail text) from public, anon, authenticated, service_role;
grant execute on function app.message_html_template(p_text text, p_tail text) to service_role;
grant execute on function app.message_html_template(p_text text, p_tail text) to steward_mail_writer;
comment on function app.message_html_template(p_text text, p_tail text) is 'the HTML of a text with merge fields, each field a marker for app.message_html_filled; null where a value could change the marks around it';

create or replace function app.message_html_filled(p_html text, p_names text[], p_values jsonb)
 returns text
 language plpgsql
 immutable strict
as $function$
declare
  v_out text := p_html;
  v_value text;
begin
  -- One mail's HTML from its text's (app.message_html_template): each marker replaced by its field's
  -- value, escaped as app.message_inline_html escapes. Null (draw the filled text whole with
  -- app.message_html) when a value could itself be read as marks: empty, a line break, *, _, [, ], (,
  -- ), or starting with a space, - , * or a digit (a list item where the field starts a line). No
  -- search_path of its own: see app.message_inline_html.
  for i in 1 .. coalesce(array_length(p_names, 1), 0) loop
    v_value := coalesce(p_values ->> p_names[i], '');
    if v_value = '' or v_value ~ '^[\s*0-9-]' or v_value ~ '[\r\n*_\[\]()\x01\x02]' then
      return null;
    end if;
    v_out := replace(v_out, E'\x01' || i || E'\x02',
                     replace(replace(replace(replace(replace(v_value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'));
  end loop;
  return v_out;
end;
$function$;
revoke all on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) to service_role;
grant execute on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) to steward_mail_writer;
comment on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) is 'one mail''s HTML from app.message_html_template''s with its merge values; null when a value could be read as marks (then app.message_html of the filled text)';

create or replace function app.message_signature(p_org text)
 returns text
 language sql
 stable security definer
 set search_path to ''
as $function$
  select nullif(btrim(s.signature), '') from settings.mail_settings s where s.org_name = p_org
$function$;
revoke all on function app.message_signature(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.message_signature(p_org text) to service_role;

create or replace function app.inbound_domain()
 returns text
 language sql
 stable
 set search_path to ''
as $function$
  select lower(coalesce(nullif(current_setting('steward.inbound_domain', true), ''), 'in.steward.localhost'))
$function$;
revoke all on function app.inbound_domain() from public, anon, authenticated, service_role;
grant execute on function app.inbound_domain() to authenticated;
grant execute on function app.inbound_domain() to service_role;
grant execute on function app.inbound_domain() to steward_mail_writer;
comment on function app.inbound_domain() is 'the domain organisations receive mail at (<org slug>@<domain>): the database setting steward.inbound_domain, which the local stack sets from STEWARD_INBOUND_DOMAIN';

create or replace function app.mail_unsubscribe_link(p_token text)
 returns text
 language sql
 stable
 set search_path to ''
as $function$
  select rtrim(coalesce(nullif(current_setting('steward.site_url', true), ''), 'http://localhost:3000'), '/') || '/unsubscribe/' || p_token
$function$;
revoke all on function app.mail_unsubscribe_link(p_token text) from public, anon, authenticated, service_role;
grant execute on function app.mail_unsubscribe_link(p_token text) to service_role;
grant execute on function app.mail_unsubscribe_link(p_token text) to steward_mail_writer;
comment on function app.mail_unsubscribe_link(p_token text) is 'the unsubscribe page of a token (<site>/unsubscribe/<token>); the token is made and stored hashed by app.write_out_messages';

create or replace function app.mail_suppression_refusal(p_org text, p_email text)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select case s.reason
           when 'unsubscribed' then app.refusal('mail.unsubscribed', '{address} has unsubscribed', jsonb_build_object('address', s.email))
           else app.refusal('mail.bounced', '{address} bounced earlier', jsonb_build_object('address', s.email)) end
  from crm.mail_suppressions s where s.org_name = p_org and s.email = lower(btrim(p_email))
$function$;
revoke all on function app.mail_suppression_refusal(p_org text, p_email text) from public, anon, authenticated, service_role;
grant execute on function app.mail_suppression_refusal(p_org text, p_email text) to service_role;
comment on function app.mail_suppression_refusal(p_org text, p_email text) is 'why mail may not go to an address of the organisation''s suppression list (unsubscribed, bounced), as a refusal (app.refusal); null when it may';

create or replace function app.require_mail_quota(p_org text, p_count integer DEFAULT 1)
 returns void
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_limit integer := (select l.value from app.organization_limits l where l.name = 'mails_per_day');
begin
  if app.mail_quota_reached(p_org)
     or (p_count > 1 and v_limit is not null
         and (select count(*) from app.mail_outbox m where m.org_name = p_org and m.created_at > now() - interval '24 hours') + p_count > v_limit) then
    perform app.refuse('PT429', 'mail.dailyLimit', '{org} has reached its limit of {limit} e-mails in 24 hours; this change sends an e-mail, so it was not saved. Try again later.', jsonb_build_object('org', p_org, 'limit', v_limit));
  end if;
end;
$function$;
revoke all on function app.require_mail_quota(p_org text, p_count integer) from public, anon, authenticated, service_role;
grant execute on function app.require_mail_quota(p_org text, p_count integer) to service_role;
comment on function app.require_mail_quota(p_org text, p_count integer) is 'the one refusal of the daily mail quota (PT429) for every mail the product writes (app.enqueue_mail, the conversation senders): p_count mails more must still fit in mails_per_day';

create or replace function app.message_text(p_org text, p_subject text, p_body text, p_template_id uuid, out subject text, out body text)
 returns record
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v_template settings.mail_templates;
begin
  -- What a mail says (as written, else the template's), refused when empty or when the subject would
  -- break the header; shared by crm.send_message and crm.send_to_many.
  if p_template_id is not null then
    select * into v_template from settings.mail_templates t where t.id = p_template_id and t.org_name = p_org;
  end if;
  subject := btrim(coalesce(nullif(p_subject, ''), v_template.subject, ''));
  body := coalesce(nullif(btrim(p_body), ''), v_template.body, '');
  if subject = '' then
    perform app.refuse('22023', 'message.subjectRequired', 'Give the message a subject');
  end if;
  if body ~ '^\s*$' then
    perform app.refuse('22023', 'message.bodyRequired', 'Write the message');
  end if;
  if subject ~ '[\r\n]' then
    perform app.refuse('22023', 'mail.lineBreaks', 'An e-mail''s subject and address cannot contain line breaks');
  end if;
end;
$function$;
revoke all on function app.message_text(p_org text, p_subject text, p_body text, p_template_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.message_text(p_org text, p_subject text, p_body text, p_template_id uuid) to service_role;

create or replace function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid)
 returns void
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_slug text := lower(app.org_slug(p_org));
  v_parent crm.messages;
  v_account settings.integrations;
  v_settings settings.mail_settings;
  v_from_email text;
  v_from_name text;
  v_signature text;
  v_attachments jsonb;
  v_outbox_attachments jsonb;
  v_first uuid;
  -- Every unsubscribe link of this call starts the same (app.mail_unsubscribe_link): read once.
  v_unsubscribe text := app.mail_unsubscribe_link('');
  -- Read once, not for each mail.
  v_profile uuid := app.profile_id_in(p_org);
  v_reply_domain text := app.inbound_domain();
  -- The subject and text split at their merge fields once, and the text's HTML drawn once with a
  -- marker per field (null when a value could change its marks): each mail only fills them in.
  v_subject_parts text[];
  v_subject_names text[];
  v_body_parts text[];
  v_body_names text[];
  v_tail text;
  v_html text;
begin
  -- The one writer of outgoing conversation mail (one mail from a record, or a mail to many): the
  -- sender's account, name and signature read once; each mail's merge fields filled ("merge", plus its
  -- own unsubscribe link when it asks for one), its message, links (a reservation's guest too),
  -- attachments, unsubscribe token (stored hashed) and outbox row written in one statement.
  if p_reply_to is not null then
    select * into v_parent from crm.messages m where m.id = p_reply_to and m.org_name = p_org;
  end if;
  select * into v_account from settings.integrations i
   where i.org_name = p_org and i.type = 'smtp' and i.is_active and not i.archive
   order by i.created_at limit 1;
  select * into v_settings from settings.mail_settings s where s.org_name = p_org;
  v_signature := nullif(btrim(v_settings.signature), '');
  v_from_name := coalesce(nullif(btrim(v_settings.from_name), ''),
                          nullif(v_account.settings ->> 'from_name', ''),
                          (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = p_org));
  v_from_name := regexp_replace(v_from_name, '[\r\n<>"]', '', 'g');
  v_from_email := case when v_account.id is not null then nullif(lower(btrim(coalesce(v_account.settings ->> 'from_email', v_account.settings ->> 'user'))), '') end;
  if v_from_email is not null and not app.is_email_address(v_from_email) then
    v_from_email := null;
  end if;
  select t.parts, t.names into v_subject_parts, v_subject_names from app.message_template_parts(p_subject) t;
  select t.parts, t.names into v_body_parts, v_body_names from app.message_template_parts(p_body) t;
  v_tail := coalesce(E'\n\n-- \n' || v_signature, '');
  v_html := app.message_html_template(p_body, v_tail);
  v_attachments := coalesce(p_attachments, '[]');
  v_outbox_attachments := coalesce((select jsonb_agg(jsonb_build_object('bucket_id', coalesce(a ->> 'bucket_id', 'message-files'), 'storage_path', a ->> 'storage_path',
                                                                        'file_name', a ->> 'file_name', 'content_type', a ->> 'content_type'))
                                      from jsonb_array_elements(v_attachments) a), '[]');
  -- Every mail's rows in one statement: each mail is filled once (x) and written to each table from
  -- there. A row's references are to rows this statement writes in the caller's organisation.
  with mail as materialized (
    -- Each mail that asks for one gets its own unsubscribe token (stored hashed below).
    select m.*, case when m.unsubscribe then replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') end as token
      from rows from (jsonb_to_recordset(p_mails) as (id uuid, to_emails text[], merge jsonb, links jsonb, send_at timestamp with time zone, unsubscribe boolean))
           with ordinality as m(id, to_emails, merge, links, send_at, unsubscribe, n)
  ), x as materialized (
    select m.id, m.to_emails, m.n, f.subject, f.body,
           coalesce(app.message_html_filled(v_html, v_body_names, v.merge), app.message_html(f.body)) as html,
           coalesce(m.links, '[]') as links, coalesce(m.send_at, now()) as send_at, m.token as unsubscribe_token,
           '<' || m.id || '@' || v_slug || '.steward>' as header_id, coalesce(v_parent.thread_id, m.id) as thread_id
      from mail m
     cross join lateral (select m.merge || case when m.token is not null then jsonb_build_object('unsubscribe_url', v_unsubscribe || m.token) else '{}' end as merge) v
     cross join lateral (select app.message_fill_parts(v_subject_parts, v_subject_names, v.merge, true) as subject,
                                app.message_fill_parts(v_body_parts, v_body_names, v.merge) || v_tail as body) f
  ), messages as (
    insert into crm.messages (id, org_name, direction, thread_id, message_id, in_reply_to, subject, body_text, body_html,
                              from_email, from_name, to_emails, cc_emails, status, sent_by, campaign_id)
    select x.id, p_org, 'out', x.thread_id, x.header_id, v_parent.message_id, x.subject, x.body, x.html,
           coalesce(v_from_email, 'noreply@steward.local'), v_from_name, x.to_emails, coalesce(p_cc, '{}'), 'queued', v_profile, p_campaign
      from x
  ), links as (
    insert into crm.message_links (message_id, record_kind, record_id, org_name)
    select distinct x.id, k.kind, k.record_id, p_org
      from x
     cross join lateral (
       select l ->> 'kind' as kind, (l ->> 'id')::uuid as record_id from jsonb_array_elements(x.links) l
       union
       -- A reservation's message is its guest's too.
       select 'contact', r.contact_id from jsonb_array_elements(x.links) l join catalog.reservations r on r.id = (l ->> 'id')::uuid
        where l ->> 'kind' = 'reservation' and r.contact_id is not null) k
    on conflict do nothing
  ), attachments as (
    insert into crm.message_attachments (message_id, org_name, file_name, content_type, size_bytes, storage_path, bucket_id)
    select x.id, p_org, a ->> 'file_name', coalesce(a ->> 'content_type', 'application/octet-stream'), (a ->> 'size_bytes')::bigint,
           a ->> 'storage_path', coalesce(a ->> 'bucket_id', 'message-files')
      from x
     cross join jsonb_array_elements(v_attachments) a
  ), tokens as (
    insert into app.mail_unsubscribe_tokens (token_hash, org_name, email, message_id)
    select encode(sha256(convert_to(x.unsubscribe_token, 'UTF8')), 'hex'), p_org, x.to_emails[1], x.id
      from x
     where x.unsubscribe_token is not null
  ), outbox as (
    insert into app.mail_outbox (org_name, kind, to_email, more_to_emails, cc_emails, subject, body_text, body_html, related_table, related_id,
                                 next_attempt_at, message_id, from_email, from_name, reply_to, header_message_id, in_reply_to, attachments,
                                 integration_id, list_unsubscribe)
    select p_org, 'conversation', x.to_emails[1], x.to_emails[2:], coalesce(p_cc, '{}'), x.subject, x.body, x.html, 'crm.messages', x.id,
           x.send_at, x.id, v_from_email, v_from_name, v_slug || '+' || replace(x.thread_id::text, '-', '') || '@' || v_reply_domain,
           x.header_id, v_parent.message_id, v_outbox_attachments,
           v_account.id, case when x.unsubscribe_token is not null then v_unsubscribe || x.unsubscribe_token end
      from x
  )
  select (select x.id from x order by x.n limit 1) into v_first;
  if v_first is not null then
    perform pg_notify('mail_outbox', v_first::text);
  end if;
end;
$function$;
alter function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) owner to steward_mail_writer;
revoke all on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) from public, anon, authenticated, service_role;
grant execute on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) to service_role;
comment on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) is 'queues conversation mail (crm.send_message: one; crm.send_to_many: one per record) in one statement; p_mails = [{id, to_emails, merge, links, send_at, unsubscribe}]. Runs as steward_mail_writer, whose rows the organisation-reference guards of the mail tables skip: every reference it writes is to a row of p_org';

create or replace function app.message_file_claimed(p_name text)
 returns boolean
 language sql
 stable security definer
 set search_path to ''
as $function$
  select exists (select 1 from crm.message_attachments a where a.bucket_id = 'message-files' and a.storage_path = p_name)
$function$;
revoke all on function app.message_file_claimed(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.message_file_claimed(p_name text) to authenticated;
grant execute on function app.message_file_claimed(p_name text) to service_role;

-- A page of a record's conversation as the screens read it; crm.record_messages calls it once the
-- caller may see the record (the API does not serve the app schema).
create or replace function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid)
 returns jsonb
 language sql
 stable security definer
 set search_path to ''
as $function$
  select coalesce(jsonb_agg(
           (to_jsonb(m) - 'inbox')
           || jsonb_build_object(
                'sent_by_name', coalesce(nullif(u.display_name, ''), u.name),
                'attachments', coalesce(a.files, '[]'::jsonb),
                'links', coalesce(k.records, '[]'::jsonb),
                -- A failed message the outbox will try again: when.
                'retry_at', case when m.status = 'failed' then
                  (select min(o.next_attempt_at) from app.mail_outbox o where o.message_id = m.id and o.sent_at is null and o.attempts < 8) end)
           order by m.created_at desc, m.id desc), '[]'::jsonb)
  from (select m.* from crm.message_links l
          join crm.messages m on m.id = l.message_id
         where l.record_id = p_id and l.record_kind = p_kind
           -- Keyset: after the last message read, (created_at, id) descending; a mail to many writes
           -- many messages at one created_at, so the id breaks the tie (p_before alone: the older ones).
           and (p_before is null or m.created_at < p_before
                or (p_before_id is not null and m.created_at = p_before and m.id < p_before_id))
         order by m.created_at desc, m.id desc
         limit least(greatest(coalesce(p_limit, 50), 1), 200)) m
  left join public.user_profiles u on u.id = m.sent_by
  left join lateral (select jsonb_agg(jsonb_build_object('id', f.id, 'file_name', f.file_name, 'content_type', f.content_type, 'size_bytes', f.size_bytes,
                                                         'storage_path', f.storage_path, 'bucket_id', f.bucket_id) order by f.file_name) as files
                       from crm.message_attachments f where f.message_id = m.id) a on true
  left join lateral (select jsonb_agg(jsonb_build_object('kind', x.record_kind, 'id', x.record_id)) as records
                       from crm.message_links x where x.message_id = m.id) k on true
$function$;
revoke all on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) to authenticated;
grant execute on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) to service_role;

create or replace function app.link_thread(p_message crm.messages, p_kind text, p_id uuid)
 returns void
 language sql
 security definer
 set search_path to ''
as $function$
  insert into crm.message_links (message_id, record_kind, record_id, org_name)
  select m.id, p_kind, p_id, m.org_name from crm.messages m where m.org_name = p_message.org_name and m.thread_id = p_message.thread_id
  on conflict do nothing;
  update crm.messages m set inbox = false where m.org_name = p_message.org_name and m.thread_id = p_message.thread_id and m.inbox;
$function$;
revoke all on function app.link_thread(p_message crm.messages, p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.link_thread(p_message crm.messages, p_kind text, p_id uuid) to service_role;

create or replace function app.inbox_message_for_edit(p_message uuid)
 returns crm.messages
 language plpgsql
 stable security definer
 set search_path to ''
as $function$
declare
  v crm.messages;
begin
  select * into v from crm.messages m
   where m.id = p_message and m.direction = 'in'
     and (m.org_name = any (app.orgs_with_access('crm', 'edit', 'Organization')) or m.org_name = any (app.orgs_with_access('crm', 'edit', 'Personal')));
  if v.id is null then
    perform app.refuse('42501', 'message.fileForbidden', 'You cannot file that message');
  end if;
  return v;
end;
$function$;
revoke all on function app.inbox_message_for_edit(p_message uuid) from public, anon, authenticated, service_role;
grant execute on function app.inbox_message_for_edit(p_message uuid) to service_role;

create or replace function app.receive_mail(p_mail jsonb)
 returns uuid
 language plpgsql
 security definer
 set search_path to ''
as $function$
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
    perform app.refuse('22023', 'mail.noInbox', 'No organisation receives mail at that address');
  end if;
  if not app.is_email_address(v_from) then
    perform app.refuse('22023', 'mail.notAddress', '{address} is not an e-mail address', jsonb_build_object('address', v_from));
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
    select x.kind, x.id from crm.contact_methods cm
     cross join lateral (values ('contact', cm.contact_id), ('business', cm.business_id), ('household', cm.household_id)) x(kind, id)
     where cm.org_name = v_org and cm.kind = 'email' and lower(cm.value) = v_from and not cm.archive and x.id is not null
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
grant execute on function app.org_ref_other__crm__mail_campaigns(p_id uuid, p_org text) to steward_mail_writer;
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
grant execute on function app.org_ref_other__crm__messages(p_id uuid, p_org text) to steward_mail_writer;
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
grant execute on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) to steward_mail_writer;
comment on function app.org_ref_other__settings__integrations(p_id uuid, p_org text) is 'whether the settings.integrations record with this id exists and belongs to another organisation than the one given (platform defaults belong to every one); null when it does not exist';
