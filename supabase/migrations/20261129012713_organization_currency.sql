-- organization currency: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

alter table public.organizations add column currency text default 'USD'::text not null;
alter table public.organizations enable row level security;
comment on table public.organizations is 'component: settings (members read their organisation; created by apply_for_access)';
revoke all on table public.organizations from public, anon, authenticated, service_role;
grant select on table public.organizations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.organizations to service_role;
grant update (display_name) on table public.organizations to authenticated;
grant update (description) on table public.organizations to authenticated;
grant update (type) on table public.organizations to authenticated;
grant update (email) on table public.organizations to authenticated;
grant update (phone) on table public.organizations to authenticated;
grant update (address_line_1) on table public.organizations to authenticated;
grant update (address_line_2) on table public.organizations to authenticated;
grant update (city) on table public.organizations to authenticated;
grant update (state) on table public.organizations to authenticated;
grant update (zip) on table public.organizations to authenticated;
grant update (country) on table public.organizations to authenticated;
grant update (website) on table public.organizations to authenticated;
grant update (timezone) on table public.organizations to authenticated;
grant update (language) on table public.organizations to authenticated;
grant update (logo_url) on table public.organizations to authenticated;
grant update (archive) on table public.organizations to authenticated;
grant update (currency) on table public.organizations to authenticated;

alter table public.organizations add constraint organizations_currency_format CHECK (currency ~ '^[A-Z]{3}$'::text);
