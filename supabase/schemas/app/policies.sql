-- app: row-level security policies.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create policy editors_read on app.custom_sensitive
  as permissive
  for select
  to authenticated
  using (((record_kind || ':'::text) || org_name) = ANY ((( SELECT app.custom_sensitive_readable() AS custom_sensitive_readable))::text[]) OR ((record_kind || ':'::text) || org_name) = ANY ((( SELECT app.custom_sensitive_personal() AS custom_sensitive_personal))::text[]) AND app.custom_record_is_mine(record_kind, record_id));

create policy org_read on app.sales_by_month
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('operations'::text, 'view'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])));
