-- record component inlined: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.custom_record_component(p_kind text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
 SELECT
         CASE
             WHEN (p_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text])) THEN 'crm'::text
             WHEN (p_kind = ANY (ARRAY['accommodation'::text, 'reservation'::text])) THEN 'lodging'::text
             WHEN (p_kind = ANY (ARRAY['project'::text, 'task'::text])) THEN 'operations'::text
             WHEN (p_kind = ANY (ARRAY['product'::text, 'supply'::text])) THEN 'catalog'::text
             WHEN (p_kind = 'staff'::text) THEN 'team-portal'::text
             ELSE NULL::text
         END AS "case";
END;
revoke all on function app.custom_record_component(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.custom_record_component(p_kind text) to service_role;
