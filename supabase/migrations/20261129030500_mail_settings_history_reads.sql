-- mail settings history reads: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

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
