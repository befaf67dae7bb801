-- app: functions that columns, checks and indexes call.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

-- Bodies are checked when called: a function may name objects defined later in this folder.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.contact_method_kind(p_category text, p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when lower(coalesce(p_category, '')) = 'phone' then 'phone'
    when lower(coalesce(p_category, '')) = 'email' then 'email'
    when p_category is null and p_name ~* '(phone|mobile|cell)' then 'phone'
    when p_category is null and p_name ~* 'e-?mail' then 'email'
    else 'other'
  end
$function$;
revoke all on function app.contact_method_kind(p_category text, p_name text) from public, anon, authenticated, service_role;
grant execute on function app.contact_method_kind(p_category text, p_name text) to authenticated;
grant execute on function app.contact_method_kind(p_category text, p_name text) to service_role;
grant execute on function app.contact_method_kind(p_category text, p_name text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.org_name_key(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select lower(app.tidy_org_name(p_name))
$function$;
revoke all on function app.org_name_key(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.org_name_key(p_name text) to authenticated;
grant execute on function app.org_name_key(p_name text) to service_role;
grant execute on function app.org_name_key(p_name text) to steward_import_writer;
comment on function app.org_name_key(p_name text) is 'what makes two organisation names the same: the tidied name in lower case';

CREATE OR REPLACE FUNCTION app.org_slug(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select coalesce(
    nullif(regexp_replace(regexp_replace(coalesce(p_name, ''), '\s+', '', 'g'), '[^A-Za-z0-9_-]', '-', 'g'), ''),
    'org')
$function$;
revoke all on function app.org_slug(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.org_slug(p_name text) to authenticated;
grant execute on function app.org_slug(p_name text) to service_role;
grant execute on function app.org_slug(p_name text) to steward_mail_writer;

CREATE OR REPLACE FUNCTION app.reservation_is_active(p_status text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
AS $function$ select coalesce(p_status, '') not in ('Cancelled', 'No-show') $function$;
revoke all on function app.reservation_is_active(p_status text) from public, anon, authenticated, service_role;
grant execute on function app.reservation_is_active(p_status text) to authenticated;
grant execute on function app.reservation_is_active(p_status text) to service_role;
grant execute on function app.reservation_is_active(p_status text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.search_digits(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select regexp_replace(coalesce(p_text, ''), '[^0-9]', '', 'g')
$function$;
revoke all on function app.search_digits(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_digits(p_text text) to authenticated;
grant execute on function app.search_digits(p_text text) to service_role;
grant execute on function app.search_digits(p_text text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.search_norm(p_text text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, '')))
$function$;
revoke all on function app.search_norm(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_norm(p_text text) to authenticated;
grant execute on function app.search_norm(p_text text) to service_role;
grant execute on function app.search_norm(p_text text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.tidy_org_name(p_name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select btrim(regexp_replace(
           regexp_replace(normalize(p_name, NFKC), '[\u00ad\u180e\u200b-\u200d\u2060\ufeff]', '', 'g'),
           '[\s\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g'))
$function$;
revoke all on function app.tidy_org_name(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.tidy_org_name(p_name text) to authenticated;
grant execute on function app.tidy_org_name(p_name text) to service_role;
grant execute on function app.tidy_org_name(p_name text) to steward_import_writer;
comment on function app.tidy_org_name(p_name text) is 'an organisation name as stored: NFKC, invisible characters removed, white space collapsed to one space, trimmed';
