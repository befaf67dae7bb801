-- hr: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view hr.positions_view with (security_invoker=true) as
 SELECT p.id,
    p.name,
    p.description,
    p.group_id,
    g.name AS group_name,
    COALESCE(ac.active_assignment_count, 0::bigint) AS active_assignment_count,
    p.org_name,
    p.archive,
    p.created_at,
    p.created_by,
    cb.name AS created_by_name,
    p.last_modified_at,
    p.last_modified_by,
    mb.name AS last_modified_by_name
   FROM hr.positions p
     LEFT JOIN hr.groups g ON g.id = p.group_id
     LEFT JOIN public.user_profiles cb ON cb.id = p.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = p.last_modified_by
     LEFT JOIN LATERAL ( SELECT count(*) AS active_assignment_count
           FROM hr.assignments a
          WHERE a.position_id = p.id AND NOT a.archive AND app.assignment_is_active(a.status, a.end_date)) ac ON true;
revoke all on table hr.positions_view from public, anon, authenticated, service_role;
grant select on table hr.positions_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.positions_view to service_role;

create view hr.shifts_view with (security_invoker=true) as
 SELECT s.id,
    s.short_id,
    s.name,
    s.description,
    s.type,
    s.status,
    s.start_at,
    s.end_at,
    s.position_id,
    p.name AS position_name,
    s.location_id,
    l.label AS location_label,
    COALESCE(s.address_line_1, l.address_line_1) AS address_line_1,
    COALESCE(s.address_line_2, l.address_line_2) AS address_line_2,
    COALESCE(s.city, l.city) AS city,
    COALESCE(s.state, l.state) AS state,
    COALESCE(s.zip, l.zip) AS zip,
    s.contact_phone,
    s.contact_email,
    s.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    s.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    COALESCE(mc.member_count, 0::bigint) AS member_count,
    mc.member_names,
    s.org_name,
    s.archive,
    s.created_at,
    s.created_by,
    cb.name AS created_by_name,
    s.last_modified_at,
    s.last_modified_by,
    mb.name AS last_modified_by_name
   FROM hr.shifts s
     LEFT JOIN hr.positions p ON p.id = s.position_id
     LEFT JOIN crm.locations l ON l.id = s.location_id
     LEFT JOIN public.user_profiles po ON po.id = s.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = s.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = s.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = s.last_modified_by
     LEFT JOIN LATERAL ( SELECT count(*) AS member_count,
            array_agg(COALESCE(NULLIF(btrim(st.preferred_name), ''::text), concat_ws(' '::text, st.legal_first_name, st.legal_last_name)) ORDER BY st.legal_last_name, st.legal_first_name) AS member_names
           FROM hr.shift_members m
             JOIN hr.staff_profiles st ON st.id = m.staff_id
          WHERE m.shift_id = s.id AND NOT m.archive) mc ON true;
revoke all on table hr.shifts_view from public, anon, authenticated, service_role;
grant select on table hr.shifts_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.shifts_view to service_role;

create view hr.staff_profiles_view with (security_invoker=true) as
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
    CASE WHEN cv.custom IS NULL THEN s.custom ELSE s.custom || cv.custom END AS custom
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

create view hr.user_groups_view with (security_invoker=true) as
 SELECT g.id,
    g.name,
    g.description,
    COALESCE(pc.position_count, 0::bigint) AS position_count,
    COALESCE(ac.active_assignment_count, 0::bigint) AS active_assignment_count,
    COALESCE(ac.active_member_count, 0::bigint) AS active_member_count,
    g.org_name,
    g.archive,
    g.created_at,
    g.created_by,
    cb.name AS created_by_name,
    g.last_modified_at,
    g.last_modified_by,
    mb.name AS last_modified_by_name
   FROM hr.groups g
     LEFT JOIN public.user_profiles cb ON cb.id = g.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = g.last_modified_by
     LEFT JOIN LATERAL ( SELECT count(*) AS position_count
           FROM hr.positions p
          WHERE p.group_id = g.id AND NOT p.archive) pc ON true
     LEFT JOIN LATERAL ( SELECT count(*) AS active_assignment_count,
            count(DISTINCT a.staff_id) AS active_member_count
           FROM hr.assignments a
             JOIN hr.positions p ON p.id = a.position_id
          WHERE p.group_id = g.id AND NOT a.archive AND app.assignment_is_active(a.status, a.end_date)) ac ON true;
revoke all on table hr.user_groups_view from public, anon, authenticated, service_role;
grant select on table hr.user_groups_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.user_groups_view to service_role;
