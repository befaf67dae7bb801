-- ops: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view ops.tasks_view with (security_invoker=true) as
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
    CASE WHEN cv.custom IS NULL THEN t.custom ELSE t.custom || cv.custom END AS custom
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

create view ops.my_work_view with (security_invoker=true) as
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

create view ops.open_tasks_view with (security_invoker=true) as
 SELECT t.id,
    t.short_id,
    t.title,
    t.status,
    t.priority,
    t.due_date,
    t.assignee_id,
    p.name AS assignee_name,
    t.contact_id,
    t.business_id,
    t.household_id,
    t.reservation_id,
    t.project_id,
    t.org_name
   FROM ops.tasks t
     LEFT JOIN public.user_profiles p ON p.id = t.assignee_id
  WHERE t.status <> 'Done'::text AND NOT t.archive;
revoke all on table ops.open_tasks_view from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.open_tasks_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.open_tasks_view to service_role;
