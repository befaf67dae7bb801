-- The Online Booking area's component: the catalogue row (name and title as in areas.mjs) and the
-- `_system_default_` organisation's row that offers it to every organisation. Re-running is harmless.

insert into settings.components (name, display_name, description, component_type)
values ('booking', 'Online Booking', 'Online Booking (the Online Booking area)', 'remote')
on conflict (name) do nothing;

insert into settings.org_components (org_name, component_id, enabled)
select '_system_default_', c.id, true from settings.components c where c.name = 'booking'
on conflict (org_name, component_id) do nothing;

-- Every organisation's owner role reaches the new area as it reaches every other (as a new
-- organisation's owner does); other roles start at None until an owner grants them more.
insert into settings.user_role_permissions (org_name, role_id, component_id, view_access, create_access, edit_access, delete_access)
select r.org_name, r.id, c.id, 'Organization', 'allowed', 'Organization', 'Organization'
from public.user_roles r
cross join settings.components c
where c.name = 'booking' and r.role_name = 'owner' and r.org_name <> '_system_default_'
on conflict (role_id, component_id) do nothing;
