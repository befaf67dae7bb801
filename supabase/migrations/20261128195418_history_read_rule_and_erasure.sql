-- history read rule and erasure: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop policy history_read on public.record_history;

alter table public.record_history drop constraint record_history_action_check;

alter table public.record_history add constraint record_history_action_check CHECK (action = ANY (ARRAY['insert'::text, 'update'::text, 'archive'::text, 'restore'::text, 'delete'::text, 'merge'::text, 'erase'::text]));

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
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::catalog.accommodation_blocks, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{catalog.accommodation_blocks,catalog.accommodation_classes,catalog.accommodation_files,catalog.accommodation_rate_types,catalog.accommodation_rates,catalog.accommodation_types,catalog.accommodations,catalog.amenities,catalog.amenity_map,catalog.amenity_types,catalog.calendar_feeds,catalog.lodging_settings,catalog.reservation_items,catalog.reservation_payments,catalog.reservations,catalog.resource_classes,catalog.resource_reservations,catalog.resource_types}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('lodging'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::catalog.product_option_values, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{catalog.product_option_values,catalog.product_options,catalog.product_types,catalog.product_variants,catalog.products,catalog.supplies,catalog.unit_conversions,catalog.unit_types,catalog.variant_option_values}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('catalog'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::crm.addresses, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{crm.addresses,crm.business_types,crm.contact_method_types,crm.contact_methods,crm.contact_types,crm.crm_file_types,crm.crm_files,crm.locations,crm.note_types,crm.notes,crm.other_contact_methods,crm.relationships}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::crm.businesses, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{crm.businesses,crm.contacts,crm.households}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('crm'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND ((created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])) OR (primary_owner_id = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])) OR (secondary_owner_id = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[]))))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::hr.assignments, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{hr.assignments,hr.groups,hr.positions,hr.shift_members,hr.staff_profiles}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::hr.shifts, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{hr.shifts}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('team-portal'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND ((created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])) OR (primary_owner_id = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])) OR (secondary_owner_id = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[]))))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::ops.projects, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{ops.projects}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND ((created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])) OR (owner_id = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[]))))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::ops.subtasks, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{ops.subtasks,public.orders,public.transactions}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::ops.tasks, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{ops.tasks}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND ((created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[])) OR (assignee_id = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[]))))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::public.user_profiles, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{public.user_profiles,public.user_roles,settings.org_branding}'::text[]) t(steward_table)
    where ((((org_name = '_system_default_'::text) OR (org_name = ANY (( SELECT app.member_orgs() AS member_orgs)::text[]))))) and (true)
    union all
    select t.steward_table || '|' || g.steward_org || '|' || g.steward_mine
    from g cross join lateral jsonb_populate_record(null::settings.integrations, jsonb_build_object('org_name', g.steward_org) || case when g.steward_mine then v_owned else '{}' end) r
    cross join unnest('{settings.integrations}'::text[]) t(steward_table)
    where ((((org_name <> '_system_default_'::text) AND ((org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access)::text[])) OR ((org_name = ANY (( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access)::text[])) AND (created_by = ANY (( SELECT app.my_profile_ids() AS my_profile_ids)::uuid[]))))))) and (true)
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
comment on function app.history_read_grants() is 'table|organisation|owned for every history entry the caller may read: each table''s own read rule (evaluated on the row as history knows it: its organisation, and the caller as its owner when they are among its owners), so history is read as the rows are. Written by app.history_read_grants_sql()';

CREATE OR REPLACE FUNCTION app.history_read_grants_sql()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select E'\ndeclare\n  v_mine uuid := (app.my_profile_ids())[1];\n  v_owned jsonb;\nbegin\n'
    || E'  -- Written by app.history_read_grants_sql() from the read rules of app.history_tables: regenerate it when one changes.\n'
    || E'  if v_mine is null then\n    return ''{}'';\n  end if;\n'
    || E'  v_owned := (select jsonb_object_agg(c, v_mine) from unnest(app.personal_columns()) c);\n'
    || E'  return array(\n    with g as (\n'
    || E'      select o.steward_org, m.steward_mine\n'
    || E'      from unnest(app.member_orgs() || ''_system_default_''::text) o(steward_org) cross join (values (true), (false)) m(steward_mine)\n'
    || E'    )\n'
    || string_agg(format(
         E'    select t.steward_table || ''|'' || g.steward_org || ''|'' || g.steward_mine\n' ||
         E'    from g cross join lateral jsonb_populate_record(null::%s, jsonb_build_object(''org_name'', g.steward_org) || case when g.steward_mine then v_owned else ''{}'' end) r\n' ||
         E'    cross join unnest(%L::text[]) t(steward_table)\n' ||
         E'    where %s\n', x.representative, x.tables, x.rule), E'    union all\n' order by x.representative)
    || E'  );\nend;\n'
  from (
    select r.rule, array_agg(r.t::text order by r.t::text) as tables, min(r.t::text) as representative
    from (select h.table_name as t, app.read_rule_sql(h.table_name) as rule from app.history_tables h) r
    group by r.rule) x
$function$;
revoke all on function app.history_read_grants_sql() from public, anon, authenticated, service_role;
grant execute on function app.history_read_grants_sql() to service_role;
comment on function app.history_read_grants_sql() is 'the body app.history_read_grants() must have: one branch per read rule of the history tables. When a history table or its read rule changes, put select app.history_read_grants_sql() in supabase/schemas/app/functions.sql as that function''s body (tests/model/historyAccess.test.ts checks they agree)';

CREATE OR REPLACE FUNCTION crm.erase_contact(p_contact_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_org text;
  v_allowed boolean;
  v_ids uuid[];
  v_names text[];
  v_paths text[];
  v_words text[];
  v_history bigint;
  v_search_words bigint;
  v_files bigint;
  v_objects bigint;
  v_notifications bigint;
  v_actor record;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to erase a contact';
  end if;
  -- The contact as it is, or, once deleted, as its deletion was recorded.
  select to_jsonb(c) into v_row from crm.contacts c where c.id = p_contact_id;
  if v_row is null then
    select h.changes || jsonb_build_object('id', h.record_id, 'org_name', h.org_name, 'created_by', h.owner_ids[1]) into v_row
      from public.record_history h
     where h.record_id = p_contact_id and h.table_name = 'crm.contacts' and h.action = 'delete'
     order by h.id desc limit 1;
  end if;
  if v_row is null then
    raise exception using errcode = 'P0002', message = 'There is no such contact to erase';
  end if;
  -- Whoever may delete the contact may erase it: the table's own delete rule, as the caller.
  execute format('select exists (select 1 from jsonb_populate_record(null::crm.contacts, $1) t where %s)', app.delete_rule_sql('crm.contacts'))
    into v_allowed using v_row;
  if not v_allowed then
    raise exception using errcode = '42501', message = 'You may not delete this contact, so you may not erase it';
  end if;
  v_org := v_row ->> 'org_name';

  -- What is theirs: the contact, its phones, addresses, notes, files and relationships, those still
  -- there and those whose history names the contact.
  v_ids := p_contact_id || app.attached_record_ids(p_contact_id) || array(
    select distinct h.record_id from public.record_history h
     where h.org_name = v_org and h.action in ('insert', 'delete')
       and p_contact_id::text in (h.changes ->> 'contact_id', h.changes ->> 'contact_id1', h.changes ->> 'contact_id2'));
  v_names := array(select distinct n from (
    select v_row ->> 'name' as n
    union all
    select h.changes -> 'name' ->> 1 from public.record_history h where h.record_id = p_contact_id and h.action in ('update', 'merge')
    union all
    select h.changes -> 'name' ->> 0 from public.record_history h where h.record_id = p_contact_id and h.action in ('update', 'merge')) x
    where n is not null);
  v_paths := array(select f.storage_path from crm.crm_files f where f.id = any (v_ids) and f.storage_path is not null
                   union
                   select h.changes ->> 'storage_path' from public.record_history h where h.record_id = any (v_ids) and h.changes ->> 'storage_path' is not null);
  v_files := (select count(*) from crm.crm_files f where f.id = any (v_ids));

  delete from crm.contacts c where c.id = p_contact_id;

  -- Their files' stored copies.
  with gone as (delete from storage.objects o where o.bucket_id = 'record-files' and o.name = any (v_paths) returning 1)
  select count(*) into v_objects from gone;

  -- Every history entry of theirs (written before, and by the deletion just now).
  perform set_config('steward.erasing', 'on', true);
  with gone as (delete from public.record_history h where h.record_id = any (v_ids) returning 1)
  select count(*) into v_history from gone;
  perform set_config('steward.erasing', 'off', true);

  with gone as (delete from public.notifications n where n.record_id = any (v_ids) returning 1)
  select count(*) into v_notifications from gone;

  -- The words of their names that no other contact, business or household of the organisation uses.
  v_words := array(select distinct w from unnest(v_names) n cross join lateral app.search_text_words(n) w);
  -- (The names still there are read once, not once per word.)
  v_words := array(select unnest(v_words) except (
    select w from crm.contacts c cross join lateral app.search_text_words(c.name) w where c.org_name = v_org
    union
    select w from crm.businesses b cross join lateral app.search_text_words(b.name || ' ' || coalesce(b.dba_name, '')) w where b.org_name = v_org
    union
    select w from crm.households h cross join lateral app.search_text_words(h.name) w where h.org_name = v_org));
  with gone as (
    delete from app.search_words s
     where s.org_name = v_org and s.word = any (v_words)
    returning 1)
  select count(*) into v_search_words from gone;

  -- The erasure itself is recorded, without anything that names the person.
  select a.actor_id, a.actor_name into v_actor from app.history_actor(v_org) a;
  insert into public.record_history (org_name, component, table_name, record_id, action, via, changes, record_label, actor_id, actor_name)
  values (v_org, 'crm', 'crm.contacts', p_contact_id, 'erase', 'screen',
          jsonb_build_object('history_entries', v_history, 'search_words', v_search_words, 'files', v_files, 'stored_files', v_objects, 'notifications', v_notifications),
          'Erased contact', v_actor.actor_id, v_actor.actor_name);
  return jsonb_build_object('erased', p_contact_id, 'history_entries', v_history, 'search_words', v_search_words, 'files', v_files,
                            'stored_files', v_objects, 'notifications', v_notifications);
end;
$function$;
revoke all on function crm.erase_contact(p_contact_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.erase_contact(p_contact_id uuid) to authenticated;
grant execute on function crm.erase_contact(p_contact_id uuid) to service_role;
comment on function crm.erase_contact(p_contact_id uuid) is 'GDPR Art. 17: deletes a contact with its phones, addresses, notes, files and relationships, their history entries, stored files, notifications and search words no one else uses, and records one erase entry naming no one; for whoever may delete the contact';

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

create policy history_read on public.record_history
  as permissive
  for select
  to authenticated
  using (((((org_name || '|'::text) || component) = ANY ((( SELECT app.view_grants('Organization'::text) AS view_grants))::text[])) OR (((org_name || '|'::text) || component) = ANY ((( SELECT app.view_grants('Personal'::text) AS view_grants))::text[])) AND owner_ids && (( SELECT app.my_profile_ids() AS my_profile_ids))) AND (((((table_name || '|'::text) || org_name) || '|'::text) || (owner_ids && (( SELECT app.my_profile_ids() AS my_profile_ids)))::text) = ANY ((( SELECT app.history_read_grants() AS history_read_grants))::text[])));
