-- saved views: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop policy org_delete on settings.saved_filters;

drop policy org_read on settings.saved_filters;

drop policy org_update on settings.saved_filters;

alter table settings.saved_filters add column columns jsonb;
alter table settings.saved_filters add column shared boolean default false not null;
alter table settings.saved_filters enable row level security;
comment on table settings.saved_filters is 'component: settings (a saved view: private to the owning profile, or shared with the organisation)';
comment on column settings.saved_filters.columns is 'The list columns the view shows (field names, in order); null: the view leaves the columns as they are.';
comment on column settings.saved_filters.shared is 'Every member of the organisation sees the view; its owner and Settings edit (Organization) change it.';
revoke all on table settings.saved_filters from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.saved_filters to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.saved_filters to service_role;

alter table settings.saved_filters add constraint saved_filters_columns_list CHECK (columns IS NULL OR jsonb_typeof(columns) = 'array'::text AND jsonb_array_length(columns) <= 200);

create policy org_delete on settings.saved_filters
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR shared AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))));

create policy org_read on settings.saved_filters
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR ((profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR shared) AND (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.saved_filters
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR shared AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))))
  with check (org_name <> '_system_default_'::text AND ((profile_id = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[])) OR shared AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[]))));
