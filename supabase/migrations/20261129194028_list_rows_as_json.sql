-- list rows as json: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

-- The views change only their custom column's expression: replaced in place, not dropped, so what
-- names them by oid (app.list_sources) keeps naming them.

drop function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]);

CREATE OR REPLACE FUNCTION public.list_page_rows(p_relation text, p_org_names text[] DEFAULT NULL::text[], p_eq jsonb DEFAULT '{}'::jsonb, p_exclude_archived boolean DEFAULT false, p_filter jsonb DEFAULT NULL::jsonb, p_sort jsonb DEFAULT '[]'::jsonb, p_offset integer DEFAULT 0, p_limit integer DEFAULT 200, p_after jsonb DEFAULT NULL::jsonb, p_count text DEFAULT NULL::text, p_columns text[] DEFAULT NULL::text[])
 RETURNS json
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_page jsonb;
  v_relation regclass := to_regclass(p_relation);
  v_row text;
  v_ids uuid[];
  v_rows json;
begin
  v_page := public.list_page(p_relation, p_org_names, p_eq, p_exclude_archived, p_filter, p_sort, p_offset, p_limit, p_after, p_count);
  if v_page is null then
    return null;
  end if;
  if p_columns is null then
    v_row := 'to_json(v)';
  else
    if cardinality(p_columns) = 0 or exists (
      select 1 from unnest(p_columns) as c
      where not exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = v_relation and a.attname = c and a.attnum > 0 and not a.attisdropped)) then
      return null;
    end if;
    -- Only the columns asked for are read (the view's joins for the others are left out). The page is
    -- built as json, not jsonb: a jsonb row takes each nested value (a record's custom fields) apart
    -- and builds it again, twice over with the aggregate; json copies its text. One object of up to 50
    -- pairs (a function takes 100 arguments at most); more are joined as jsonb objects of 40.
    if cardinality(p_columns) <= 50 then
      select 'json_build_object(' || string_agg(format('%L, v.%I', c.name, c.name), ', ' order by c.place) || ')' into v_row
      from unnest(p_columns) with ordinality as c(name, place);
    else
      select '(' || string_agg('jsonb_build_object(' || g.pairs || ')', ' || ') || ')::json' into v_row
      from (select string_agg(format('%L, v.%I', c.name, c.name), ', ' order by c.place) as pairs
            from unnest(p_columns) with ordinality as c(name, place)
            group by (c.place - 1) / 40) g;
    end if;
  end if;
  v_ids := array(select e::uuid from jsonb_array_elements_text(v_page -> 'ids') as e);
  execute format('select coalesce(json_agg(%s order by array_position($1, v.id)), ''[]'') from %s v where v.id = any ($1)', v_row, v_relation)
    into v_rows using v_ids;
  return (select json_object_agg(e.key, e.value) from (select p.key, p.value::json as value from jsonb_each(v_page) p union all select 'rows', v_rows) e);
end;
$function$;
revoke all on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) from public, anon, authenticated, service_role;
grant execute on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) to authenticated;
grant execute on function public.list_page_rows(p_relation text, p_org_names text[], p_eq jsonb, p_exclude_archived boolean, p_filter jsonb, p_sort jsonb, p_offset integer, p_limit integer, p_after jsonb, p_count text, p_columns text[]) to service_role;

create or replace view catalog.reservations_view with (security_invoker=true) as
 SELECT r.id,
    r.name,
    r.description,
    r.confirmation,
    r.status,
    r.source_channel,
    r.accommodation_id,
    a.name AS accommodation_name,
    r.check_in,
    r.check_out,
    (r.check_in AT TIME ZONE 'UTC'::text)::date AS check_in_date,
    (r.check_out AT TIME ZONE 'UTC'::text)::date AS check_out_date,
    COALESCE(r.nights, (r.check_out AT TIME ZONE 'UTC'::text)::date - (r.check_in AT TIME ZONE 'UTC'::text)::date) AS nights,
    r.all_day,
    r.adults,
    r.children,
    r.pets,
    r.rate_id,
    rt.name AS rate_name,
    rt.type_id AS rate_type_id,
    ty.name AS rate_type_name,
    ty.abbreviation AS rate_type_abbreviation,
    ty.card_color AS rate_type_card_color,
    r.contact_id,
    c.name AS contact_name,
    r.business_id,
    b.name AS business_name,
    r.total_amount,
    r.deposit_paid,
    r.org_name,
    r.archive,
    r.created_at,
    r.created_by,
    r.last_modified_at,
    r.last_modified_by,
        CASE
            WHEN cv.custom IS NULL THEN r.custom
            ELSE r.custom || cv.custom
        END AS custom
   FROM catalog.reservations r
     LEFT JOIN catalog.accommodations a ON a.id = r.accommodation_id
     LEFT JOIN catalog.accommodation_rates rt ON rt.id = r.rate_id
     LEFT JOIN catalog.accommodation_rate_types ty ON ty.id = rt.type_id
     LEFT JOIN crm.contacts c ON c.id = r.contact_id
     LEFT JOIN crm.businesses b ON b.id = r.business_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'reservation'::text AND cv.record_id = r.id;
revoke all on table catalog.reservations_view from public, anon, authenticated, service_role;
grant select on table catalog.reservations_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservations_view to service_role;

create or replace view crm.businesses_view with (security_invoker=true) as
 SELECT b.id,
    b.short_id,
    b.name,
    b.dba_name,
    b.description,
    b.image_link,
    b.status,
    b.type_id,
    bt.name AS type_name,
    b.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    b.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    b.org_name,
    b.archive,
    b.created_at,
    b.created_by,
    cb.name AS created_by_name,
    b.last_modified_at,
    b.last_modified_by,
    mb.name AS last_modified_by_name,
        CASE
            WHEN cv.custom IS NULL THEN b.custom
            ELSE b.custom || cv.custom
        END AS custom
   FROM crm.businesses b
     LEFT JOIN crm.business_types bt ON bt.id = b.type_id
     LEFT JOIN public.user_profiles po ON po.id = b.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = b.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = b.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = b.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = b.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'business'::text AND cv.record_id = b.id;
revoke all on table crm.businesses_view from public, anon, authenticated, service_role;
grant select on table crm.businesses_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.businesses_view to service_role;

create or replace view crm.contacts_view with (security_invoker=true) as
 SELECT c.id,
    c.short_id,
    c.name,
    c.description,
    c.image_link,
    c.status,
    c.type_id,
    ct.name AS type_name,
    c.prefix,
    c.first_name,
    c.middle_name,
    c.last_name,
    c.suffix,
    c.nickname,
    c.alternate_last_name,
    c.date_of_birth,
    c.spouse_id,
    sp.name AS spouse_name,
    sp.short_id AS spouse_short_id,
    c.food_bev_notes,
    c.activities_notes,
    c.height,
    c.weight,
    c.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    c.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    c.org_name,
    c.archive,
    c.created_at,
    c.created_by,
    cb.name AS created_by_name,
    c.last_modified_at,
    c.last_modified_by,
    mb.name AS last_modified_by_name,
        CASE
            WHEN cv.custom IS NULL THEN c.custom
            ELSE c.custom || cv.custom
        END AS custom
   FROM crm.contacts c
     LEFT JOIN crm.contact_types ct ON ct.id = c.type_id
     LEFT JOIN crm.contacts sp ON sp.id = c.spouse_id
     LEFT JOIN public.user_profiles po ON po.id = c.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = c.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = c.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = c.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = c.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'contact'::text AND cv.record_id = c.id;
revoke all on table crm.contacts_view from public, anon, authenticated, service_role;
grant select on table crm.contacts_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contacts_view to service_role;

create or replace view crm.households_view with (security_invoker=true) as
 SELECT h.id,
    h.short_id,
    h.name,
    h.description,
    h.image_link,
    h.status,
    h.preferred_addressee,
    h.preferred_salutation,
    h.primary_contact_id,
    pc.name AS primary_contact_name,
    pc.short_id AS primary_contact_short_id,
    h.secondary_contact_id,
    sc.name AS secondary_contact_name,
    sc.short_id AS secondary_contact_short_id,
    h.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    h.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    h.org_name,
    h.archive,
    h.created_at,
    h.created_by,
    cb.name AS created_by_name,
    h.last_modified_at,
    h.last_modified_by,
    mb.name AS last_modified_by_name,
        CASE
            WHEN cv.custom IS NULL THEN h.custom
            ELSE h.custom || cv.custom
        END AS custom
   FROM crm.households h
     LEFT JOIN crm.contacts pc ON pc.id = h.primary_contact_id
     LEFT JOIN crm.contacts sc ON sc.id = h.secondary_contact_id
     LEFT JOIN public.user_profiles po ON po.id = h.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = h.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = h.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = h.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = h.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'household'::text AND cv.record_id = h.id;
revoke all on table crm.households_view from public, anon, authenticated, service_role;
grant select on table crm.households_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.households_view to service_role;

create or replace view hr.staff_profiles_view with (security_invoker=true) as
 SELECT s.id,
    s.short_id,
    COALESCE(NULLIF(btrim(s.preferred_name), ''::text), concat_ws(' '::text, s.legal_first_name, s.legal_last_name)) AS name,
    s.preferred_name,
    s.legal_first_name,
    s.legal_middle_name,
    s.legal_last_name,
    s.avatar_url,
    s.date_of_birth,
    s.timezone,
    s.availability,
    s.certifications,
    s.phone,
    s.email,
    s.status,
    s.hire_date,
    s.document_expiry,
    s.document_expiry IS NOT NULL AND s.document_expiry < CURRENT_DATE AS document_expired,
    s.emergency_contact_name,
    s.emergency_contact_phone,
    s.notes,
    s.user_profile_id,
    up.short_id AS user_profile_short_id,
    aa.assignment_names,
    aa.position_names,
    aa.group_names,
    COALESCE(aa.active_assignment_count, 0::bigint) AS active_assignment_count,
    ns.next_shift_id,
    ns.next_shift_name,
    ns.next_shift_start,
    COALESCE(sc.upcoming_shift_count, 0::bigint) AS upcoming_shift_count,
    s.org_name,
    s.archive,
    s.created_at,
    s.created_by,
    cb.name AS created_by_name,
    s.last_modified_at,
    s.last_modified_by,
    mb.name AS last_modified_by_name,
        CASE
            WHEN cv.custom IS NULL THEN s.custom
            ELSE s.custom || cv.custom
        END AS custom
   FROM hr.staff_profiles s
     LEFT JOIN public.user_profiles up ON up.id = s.user_profile_id
     LEFT JOIN public.user_profiles cb ON cb.id = s.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = s.last_modified_by
     LEFT JOIN LATERAL ( SELECT array_agg(COALESCE(a.name, p.name) ORDER BY a.start_date DESC NULLS LAST, a.created_at DESC) AS assignment_names,
            array_agg(DISTINCT p.name) FILTER (WHERE p.name IS NOT NULL) AS position_names,
            array_agg(DISTINCT g.name) FILTER (WHERE g.name IS NOT NULL) AS group_names,
            count(*) AS active_assignment_count
           FROM hr.assignments a
             LEFT JOIN hr.positions p ON p.id = a.position_id
             LEFT JOIN hr.groups g ON g.id = p.group_id
          WHERE a.staff_id = s.id AND NOT a.archive AND app.assignment_is_active(a.status, a.end_date)) aa ON true
     LEFT JOIN LATERAL ( SELECT sh.id AS next_shift_id,
            sh.name AS next_shift_name,
            sh.start_at AS next_shift_start
           FROM hr.shift_members m
             JOIN hr.shifts sh ON sh.id = m.shift_id
          WHERE m.staff_id = s.id AND NOT sh.archive AND sh.start_at >= now()
          ORDER BY sh.start_at
         LIMIT 1) ns ON true
     LEFT JOIN LATERAL ( SELECT count(*) AS upcoming_shift_count
           FROM hr.shift_members m
             JOIN hr.shifts sh ON sh.id = m.shift_id
          WHERE m.staff_id = s.id AND NOT sh.archive AND sh.start_at >= now()) sc ON true
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'staff'::text AND cv.record_id = s.id;
revoke all on table hr.staff_profiles_view from public, anon, authenticated, service_role;
grant select on table hr.staff_profiles_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.staff_profiles_view to service_role;

create or replace view ops.tasks_view with (security_invoker=true) as
 SELECT t.id,
    t.short_id,
    t.title,
    t.description,
    t.status,
    t.priority,
    t.project_id,
    t.assignee_id,
    t.due_date,
    t."position",
    t.org_name,
    t.created_at,
    t.created_by,
    t.last_modified_at,
    t.last_modified_by,
    t.archive,
    t.contact_id,
    t.business_id,
    t.household_id,
    t.reservation_id,
    ap.name AS assignee_name,
    COALESCE('Contact: '::text || c.name, 'Business: '::text || b.name, 'Household: '::text || h.name, 'Reservation: '::text || r.name, 'Project: '::text || p.name) AS record_label,
    COALESCE('/contact/'::text || c.short_id, '/business/'::text || b.short_id, '/household/'::text || h.short_id, '/reservations?stay='::text || r.id, '/projects?project='::text || p.short_id) AS record_path,
        CASE
            WHEN cv.custom IS NULL THEN t.custom
            ELSE t.custom || cv.custom
        END AS custom
   FROM ops.tasks t
     LEFT JOIN public.user_profiles ap ON ap.id = t.assignee_id
     LEFT JOIN crm.contacts c ON c.id = t.contact_id
     LEFT JOIN crm.businesses b ON b.id = t.business_id
     LEFT JOIN crm.households h ON h.id = t.household_id
     LEFT JOIN catalog.reservations r ON r.id = t.reservation_id
     LEFT JOIN ops.projects p ON p.id = t.project_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'task'::text AND cv.record_id = t.id;
revoke all on table ops.tasks_view from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.tasks_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.tasks_view to service_role;

create or replace view ops.my_work_view with (security_invoker=true) as
 WITH days AS MATERIALIZED (
         SELECT o.name AS org_name,
            app.org_today(o.name) AS today
           FROM public.organizations o
          WHERE o.name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])
        )
 SELECT t.id,
    t.short_id,
    t.title,
    t.description,
    t.status,
    t.priority,
    t.due_date,
    t.project_id,
    t.org_name,
    t.record_label,
    t.record_path,
        CASE
            WHEN t.due_date IS NULL THEN 'later'::text
            WHEN t.due_date < d.today THEN 'overdue'::text
            WHEN t.due_date = d.today THEN 'today'::text
            ELSE 'later'::text
        END AS due_group
   FROM ops.tasks_view t
     JOIN days d ON d.org_name = t.org_name
  WHERE (t.assignee_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) AND t.status <> 'Done'::text AND NOT t.archive;
revoke all on table ops.my_work_view from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.my_work_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.my_work_view to service_role;
