-- An organisation always keeps someone who can manage it.
--
-- Users leave through their status, and the users list can set the status of many at once: an owner
-- who selected every user (themselves included) and chose Inactive, or who lowered their own role's
-- Settings rights, locked the whole organisation out of its users, roles and settings with no way
-- back on screen. A member "manages" the organisation when they are Active, have a login, and their
-- role edits Settings at Organization level (what inviting, editing users and changing roles need).
-- A signed-in person's change that would leave an organisation with no such member is refused as a
-- whole (a bulk change included). Operators (the service role, migrations) are not held by it: they
-- may remove an account, and deleting an organisation deletes its members.

create or replace function app.manages_organization(p_role_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (
    select 1
      from settings.user_role_permissions rp
      join settings.components c on c.id = rp.component_id and c.name = 'settings'
     where rp.role_id = p_role_id and rp.edit_access = 'Organization')
$$;

create or replace function app.organization_has_manager(p_org text) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select not exists (select 1 from public.organizations o where o.name = p_org)
      or exists (
        select 1
          from public.user_profiles p
         where p.org_name = p_org
           and p.status = 'Active'
           and p.auth_user_id is not null
           and app.manages_organization(p.role_id))
$$;

-- Refuses the statement when an organisation that had a manager among the changed rows has none left.
create or replace function app.keep_an_organization_manager() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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
    if not app.organization_has_manager(v_org) then
      raise exception using
        errcode = 'ST013',
        message = 'This change would leave the organization with no active member who can manage users and roles',
        hint = 'Give another active member a role that edits Settings first.';
    end if;
  end loop;
  return null;
end;
$$;

create trigger steward_90_keep_manager_on_update after update on public.user_profiles
  referencing old table as old_rows for each statement execute function app.keep_an_organization_manager();
create trigger steward_90_keep_manager_on_delete after delete on public.user_profiles
  referencing old table as old_rows for each statement execute function app.keep_an_organization_manager();
create trigger steward_90_keep_manager_on_update after update on settings.user_role_permissions
  referencing old table as old_rows for each statement execute function app.keep_an_organization_manager();
create trigger steward_90_keep_manager_on_delete after delete on settings.user_role_permissions
  referencing old table as old_rows for each statement execute function app.keep_an_organization_manager();

revoke all on function app.keep_an_organization_manager() from public;
revoke all on function app.manages_organization(uuid) from public;
revoke all on function app.organization_has_manager(text) from public;
