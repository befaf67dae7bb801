-- custom import in one pass: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.custom_from_labels(p_org text, p_kind text, p_values jsonb);

drop function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb);

drop function crm.import_errors(p_job uuid);

CREATE OR REPLACE FUNCTION app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[])
 RETURNS TABLE(line integer, custom jsonb, cell_refusals jsonb, required_refusals jsonb)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- CSV lines' custom cells (p_cells[i] belongs to line p_lines[i]), keyed by column header = field
  -- label in any case, as records' custom objects: choices by label, yes/no, numbers and dates from
  -- their text, the defaults in the empty cells. And what is wrong with each line: every cell that
  -- does not fit (cell_refusals; custom is then null), every required field left empty
  -- (required_refusals). One statement for all lines: an import checks 100,000 lines at once.
  with fields as materialized (
    select f as field, f.id, f.label, f.field_type, f.position, f.required, f.default_value, lower(f.label) as key,
           -- The open choices by label (any case) and by id, the id winning.
           (select coalesce(jsonb_object_agg(k.key, k.id order by k.by_id), '{}')
              from jsonb_array_elements(f.choices) c
             cross join lateral (values (lower(c ->> 'label'), c ->> 'id', false), (c ->> 'id', c ->> 'id', true)) k(key, id, by_id)
             where not coalesce((c ->> 'archived')::boolean, false)) as choices
      from settings.custom_fields f
     where f.org_name = p_org and f.record_kind = p_kind and not f.archive
  ),
  defaults as (
    select coalesce(jsonb_object_agg(f.id::text, f.default_value), '{}') as custom from fields f where f.default_value is not null
  ),
  required as (
    select array_agg(f.id) as ids from fields f where f.required and f.default_value is null
  )
  select l.line,
         case when x.refusals is null then d.custom || coalesce(x.given, '{}') end,
         x.refusals,
         m.refusals
    from unnest(p_lines, p_cells) l(line, cells)
    cross join defaults d
    cross join required q
    cross join lateral (
      select jsonb_object_agg(c.id::text, v.value) filter (where v.value is not null) as given,
             array_agg(c.id) filter (where c.cell <> '') as filled,
             -- Each cell that does not fit, in the order of the columns.
             jsonb_agg(case
               when c.id is null then app.refusal('custom.unknownColumn', 'Unknown field "{field}"', jsonb_build_object('field', left(c.header, 80)))
               when c.field_type in ('single_choice', 'multiple_choice') then app.refusal('custom.noChoiceNamed', '{label} has no choice "{choice}"', jsonb_build_object('label', c.label, 'choice', left(c.cell, 80)))
               when c.field_type in ('number', 'currency') then app.refusal('custom.notNumber', '{label} must be a number', jsonb_build_object('label', c.label))
               when c.field_type = 'date' then app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', c.label))
               when c.field_type = 'boolean' then app.refusal('custom.notBoolean', '{label} must be yes or no', jsonb_build_object('label', c.label))
               else coalesce(app.custom_value_refusal(c.field, to_jsonb(c.cell), p_org),
                             app.refusal('custom.doesNotFit', '{label}: "{value}" does not fit', jsonb_build_object('label', c.label, 'value', left(c.cell, 80))))
             end) filter (where v.value is null and (c.id is null or c.cell <> '')) as refusals
        from (select e.key as header, btrim(coalesce(e.value #>> '{}', '')) as cell, f.*
                from jsonb_each(case when jsonb_typeof(l.cells) = 'object' then l.cells else '{}' end) e
                left join fields f on f.key = lower(btrim(e.key))) c
       cross join lateral (select case
         when c.id is null or c.cell = '' then null
         when c.field_type in ('number', 'currency') then
           case when c.cell ~ '^-?[0-9]+(\.[0-9]+)?$' then to_jsonb(c.cell::numeric) end
         when c.field_type = 'date' then
           case when c.cell ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and pg_catalog.pg_input_is_valid(c.cell, 'date') then to_jsonb(c.cell) end
         when c.field_type = 'boolean' then
           case when lower(c.cell) in ('yes', 'y', 'true', '1') then 'true'::jsonb when lower(c.cell) in ('no', 'n', 'false', '0') then 'false'::jsonb end
         when c.field_type = 'single_choice' then c.choices -> lower(c.cell)
         when c.field_type = 'multiple_choice' and strpos(c.cell, ',') = 0 then
           case when c.choices ? lower(c.cell) then jsonb_build_array(c.choices -> lower(c.cell)) end
         when c.field_type = 'multiple_choice' then
           -- Comma-separated labels, each a choice, each once, in the order written.
           (select case when bool_and(p.id is not null) then jsonb_agg(p.id order by p.n) end
              from (select c.choices -> lower(btrim(p.part)) as id, min(p.n) as n
                      from unnest(string_to_array(c.cell, ',')) with ordinality p(part, n) group by 1) p)
         -- Texts, e-mails, phones, web addresses and links as written, checked as any value is.
         when app.custom_value_refusal(c.field, to_jsonb(c.cell), p_org) is null then to_jsonb(c.cell)
       end as value offset 0) v
    ) x
    -- Required fields left empty (a cell that does not fit is refused already).
    left join lateral (select jsonb_agg(app.refusal('custom.required', '{label} is required', jsonb_build_object('label', f.label)) order by f.position, f.id) as refusals
                         from fields f
                        where f.id = any (q.ids) and not coalesce(f.id = any (x.filled), false)) m on q.ids is not null
$function$;
revoke all on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) from public, anon, authenticated, service_role;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to authenticated;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to service_role;
grant execute on function app.custom_import_lines(p_org text, p_kind text, p_lines integer[], p_cells jsonb[]) to steward_import_writer;

CREATE OR REPLACE FUNCTION crm.import_errors(p_job uuid, p_custom boolean DEFAULT true)
 RETURNS TABLE(line integer, message text, refusal jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with job as (
    select j.id, j.org_name, j.kind from crm.import_jobs j where j.id = p_job
  ),
  staged as materialized (
    select r.line, r.name, r.type, r.status, r.email, r.phone,
           nullif(btrim(r.type), '') as type_name,
           nullif(btrim(r.primary_owner), '') as owner1,
           nullif(btrim(r.secondary_owner), '') as owner2,
           nullif(btrim(r.status), '') as status_name,
           lower(nullif(btrim(r.email), '')) as email_key,
           r.custom
    from crm.import_rows r join job on job.id = r.job_id
  ),
  types as (
    select lower(t.name) as key from crm.contact_types t, job
     where job.kind = 'contact' and t.org_name in (job.org_name, '_system_default_') and not t.archive
    union
    select lower(t.name) from crm.business_types t, job
     where job.kind = 'business' and t.org_name in (job.org_name, '_system_default_') and not t.archive
  ),
  owners as (
    select distinct lower(p.name) as key from public.user_profiles p, job where p.org_name = job.org_name
  )
  -- Each problem names its message (app.refusal), made only for the lines that have it.
  select e.line, e.refusal ->> 'message', e.refusal from (
    select s.line, app.refusal('import.nameRequired', 'Name is required') as refusal from staged s where btrim(s.name) = ''
    union all
    select s.line, app.refusal('import.unknownType', 'Unknown type "{type}"', jsonb_build_object('type', s.type_name)) from staged s
     where s.type_name is not null and lower(s.type_name) not in (select key from types)
    union all
    select s.line, app.refusal('import.unknownOwner', 'Unknown owner "{owner}"', jsonb_build_object('owner', s.owner1)) from staged s
     where s.owner1 is not null and lower(s.owner1) not in (select key from owners)
    union all
    select s.line, app.refusal('import.unknownOwner', 'Unknown owner "{owner}"', jsonb_build_object('owner', s.owner2)) from staged s
     where s.owner2 is not null and lower(s.owner2) not in (select key from owners)
    union all
    select s.line, app.refusal('import.invalidStatus', 'Invalid status "{status}"', jsonb_build_object('status', s.status)) from staged s
     where s.status_name is not null and not pg_catalog.pg_input_is_valid(s.status_name, 'app.record_status')
    union all
    select s.line, app.refusal('import.notEmail', '"{email}" is not an e-mail address', jsonb_build_object('email', btrim(s.email))) from staged s
     where s.email_key is not null and app.contact_method_value_problem('email', s.email) is not null
    union all
    select s.line, app.refusal('import.notPhone', '"{phone}" is not a phone number: {problem}',
                               jsonb_build_object('phone', btrim(s.phone), 'problem', app.contact_method_value_refusal('phone', s.phone))) from staged s
     where nullif(btrim(s.phone), '') is not null and app.contact_method_value_problem('phone', s.phone) is not null
    union all
    -- Custom fields: columns named by their labels, choices by label; required ones filled. All
    -- lines in one call (p_custom false: the caller checks them as it reads their values).
    select c.line, x.refusal
      from job
     cross join lateral (select array_agg(s.line) as lines, array_agg(s.custom) as cells from staged s) a
     cross join lateral app.custom_import_lines(job.org_name, job.kind, a.lines, a.cells) c
     cross join lateral jsonb_array_elements(coalesce(c.cell_refusals, '[]') || coalesce(c.required_refusals, '[]')) x(refusal)
     where p_custom
  ) e
  order by 1, 2
$function$;
revoke all on function crm.import_errors(p_job uuid, p_custom boolean) from public, anon, authenticated, service_role;
grant execute on function crm.import_errors(p_job uuid, p_custom boolean) to authenticated;
grant execute on function crm.import_errors(p_job uuid, p_custom boolean) to service_role;
grant execute on function crm.import_errors(p_job uuid, p_custom boolean) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_sort_keys_upkeep()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text := tg_argv[0];
begin
  -- A record table's rows as written (after the custom check): the sort keys of the rows whose
  -- values changed are written again, those of deleted rows forgotten.
  if tg_op = 'DELETE' then
    delete from app.custom_sort_keys k using old_rows o where k.record_id = o.id;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from app.custom_sort_keys k using new_rows n join old_rows o on o.id = n.id
      where k.record_id = n.id and (o.custom is distinct from n.custom or o.org_name is distinct from n.org_name);
    insert into app.custom_sort_keys (field_id, record_id, org_name, num, txt)
      select k.field_id, k.record_id, k.org_name, k.num, k.txt
      from (select f.id as field_id, v.id as record_id, v.org_name,
                   app.custom_sort_num(f.field_type, v.value) as num, app.custom_sort_txt(f.field_type, v.value) as txt
              from (select n.id, n.org_name, e.key, e.value
                      from new_rows n
                      join old_rows o on o.id = n.id and (o.custom is distinct from n.custom or o.org_name is distinct from n.org_name)
                     cross join lateral jsonb_each(n.custom) e
                    offset 0) v
              join settings.custom_fields f on f.id::text = v.key and f.org_name = v.org_name and f.record_kind = v_kind and not f.sensitive) k
      where k.num is not null or k.txt is not null;
    return null;
  end if;
  -- Each value once, then its field (an import writes 100,000 rows here: each row's values are read
  -- once, not once per field of its organisation).
  insert into app.custom_sort_keys (field_id, record_id, org_name, num, txt)
    select k.field_id, k.record_id, k.org_name, k.num, k.txt
    from (select f.id as field_id, v.id as record_id, v.org_name,
                 app.custom_sort_num(f.field_type, v.value) as num, app.custom_sort_txt(f.field_type, v.value) as txt
            from (select n.id, n.org_name, e.key, e.value
                    from new_rows n cross join lateral jsonb_each(n.custom) e
                   where n.custom <> '{}'::jsonb
                  offset 0) v
            join settings.custom_fields f on f.id::text = v.key and f.org_name = v.org_name and f.record_kind = v_kind and not f.sensitive) k
    where k.num is not null or k.txt is not null
  on conflict (field_id, record_id) do update set org_name = excluded.org_name, num = excluded.num, txt = excluded.txt;
  return null;
end;
$function$;
revoke all on function app.custom_sort_keys_upkeep() from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_keys_upkeep() to service_role;

CREATE OR REPLACE FUNCTION app.custom_sort_num(p_type text, p_value jsonb)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
 SELECT
         CASE
             WHEN ((p_type = ANY (ARRAY['number'::text, 'currency'::text])) AND (jsonb_typeof(p_value) = 'number'::text)) THEN ((p_value #>> '{}'::text[]))::numeric
             WHEN ((p_type = 'boolean'::text) AND (jsonb_typeof(p_value) = 'boolean'::text)) THEN (
             CASE
                 WHEN ((p_value #>> '{}'::text[]))::boolean THEN 0
                 ELSE 1
             END)::numeric
             ELSE NULL::numeric
         END AS "case";
END;
revoke all on function app.custom_sort_num(p_type text, p_value jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_num(p_type text, p_value jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_sort_txt(p_type text, p_value jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
BEGIN ATOMIC
 SELECT
         CASE
             WHEN (jsonb_typeof(p_value) <> 'string'::text) THEN NULL::text
             WHEN (p_type = 'date'::text) THEN (p_value #>> '{}'::text[])
             WHEN (p_type = ANY (ARRAY['short_text'::text, 'long_text'::text, 'email'::text, 'phone'::text, 'url'::text])) THEN lower((p_value #>> '{}'::text[]))
             ELSE NULL::text
         END AS "case";
END;
revoke all on function app.custom_sort_txt(p_type text, p_value jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_sort_txt(p_type text, p_value jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.import_job_write(p_job uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_job crm.import_jobs;
  v_profile uuid;
  v_errors jsonb;
  v_count integer;
  v_phone_type uuid;
  v_email_type uuid;
  v_sensitive text[];
  v_custom jsonb;
  v_custom_errors jsonb;
begin
  -- The caller's own job, locked: staging more rows or cancelling waits until the import is done.
  -- The organisation's turn first, so that a second call (of this job or another) is refused at once.
  select * into v_job from crm.import_jobs j where j.id = p_job and j.auth_user_id = auth.uid();
  if v_job.id is not null then
    perform app.claim_import_turn(v_job.org_name);
    select * into v_job from crm.import_jobs j where j.id = p_job and j.auth_user_id = auth.uid() for update;
  end if;
  if v_job.id is null then
    perform app.refuse('P0002', 'import.gone', 'This import was cancelled or has already finished');
  end if;
  -- The organisation check (app.enforce_org_name) and the insert policy of the CRM's records, once.
  if v_job.org_name = '_system_default_' or not app.is_active_member(v_job.org_name)
     or not v_job.org_name = any (app.orgs_with_access('crm', 'create', 'allowed')) then
    perform app.refuse('42501', 'import.notMember', 'You may not add records to the organization {org}', jsonb_build_object('org', v_job.org_name));
  end if;
  -- The audit stamps' person (app.stamp_audit): the caller's Active profile in the organisation.
  v_profile := app.profile_id_in(v_job.org_name);
  if not exists (select 1 from crm.import_rows r where r.job_id = p_job) then
    perform app.refuse('22023', 'import.nothing', 'Nothing to import');
  end if;

  -- The custom values of every line (app.custom_import_lines), made once for all lines: what the
  -- records get, and what is wrong with the lines' custom cells.
  select coalesce(jsonb_object_agg(c.line::text, c.custom) filter (where c.custom <> '{}'), '{}'),
         jsonb_agg(jsonb_build_object('line', c.line, 'refusals', coalesce(c.cell_refusals, '[]') || coalesce(c.required_refusals, '[]')))
           filter (where c.cell_refusals is not null or c.required_refusals is not null)
    into v_custom, v_custom_errors
    from (select array_agg(r.line) as lines, array_agg(r.custom) as cells from crm.import_rows r where r.job_id = p_job) a
   cross join lateral app.custom_import_lines(v_job.org_name, v_job.kind, a.lines, a.cells) c;

  select jsonb_agg(jsonb_build_object('line', e.line, 'message', e.refusal ->> 'message', 'refusal', e.refusal) order by e.line, e.refusal ->> 'message')
    into v_errors
    from (select u.line, u.refusal
            from (select e.line, e.refusal from crm.import_errors(p_job, false) e
                  union all
                  select (l ->> 'line')::integer, x.refusal
                    from jsonb_array_elements(v_custom_errors) l cross join lateral jsonb_array_elements(l -> 'refusals') x(refusal)) u
           order by u.line, u.refusal ->> 'message' limit 200) e;
  if v_errors is not null then
    raise exception using errcode = '23514', message = 'Import failed: nothing was imported', detail = v_errors::text, hint = 'steward:import.failed';
  end if;

  -- History tags every row this call writes as one import batch.
  perform app.begin_batch('import');

  select t.id into v_phone_type from crm.contact_method_types t
   where t.org_name in (v_job.org_name, '_system_default_') and not t.archive and t.kind = 'phone'
   order by (t.org_name = v_job.org_name) desc, (lower(t.name) = 'phone') desc, t.name limit 1;
  select t.id into v_email_type from crm.contact_method_types t
   where t.org_name in (v_job.org_name, '_system_default_') and not t.archive and t.kind = 'email'
   order by (t.org_name = v_job.org_name) desc, (lower(t.name) = 'email') desc, t.name limit 1;

  -- Custom fields (app.custom_values_check, which skips this writer): their values were made and
  -- checked above. Sensitive values are kept apart, and written only by people who edit the area.
  v_sensitive := app.custom_sensitive_ids(v_job.org_name, v_job.kind);
  if cardinality(v_sensitive) > 0 then
    insert into app.custom_sensitive (record_kind, record_id, org_name, custom)
    select v_job.kind, r.record_id, v_job.org_name, c.custom
      from crm.import_rows r
      cross join lateral (select jsonb_object_agg(e.key, e.value) as custom
                            from jsonb_each(v_custom -> r.line::text) e where e.key = any (v_sensitive)) c
     where r.job_id = p_job and c.custom is not null;
    if found and not app.custom_may_write_sensitive(v_job.kind, v_job.org_name) then
      perform app.refuse('42501', 'import.sensitive', 'This import fills sensitive fields: only people who may edit these records can');
    end if;
  end if;

  -- Types and owners are looked up by name among the organisation's own (types: or the platform
  -- defaults, the organisation's first), once per distinct name rather than once per row.
  if v_job.kind = 'contact' then
    insert into crm.contacts (id, short_id, org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                              created_at, created_by, last_modified_at, last_modified_by, custom)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name),
           -- Without mapped first and last names they come from the name: first word, the rest.
           coalesce(nullif(btrim(r.first_name), ''), split_part(btrim(r.name), ' ', 1)),
           coalesce(nullif(btrim(r.last_name), ''), nullif(btrim(substr(btrim(r.name), length(split_part(btrim(r.name), ' ', 1)) + 1)), '')),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile, coalesce(v_custom -> r.line::text, '{}') - v_sensitive
    from crm.import_rows r
    left join (select distinct on (lower(t.name)) lower(t.name) as key, t.id from crm.contact_types t
                where t.org_name in (v_job.org_name, '_system_default_') and not t.archive
                order by lower(t.name), (t.org_name = v_job.org_name) desc, t.id) ty on ty.key = lower(nullif(btrim(r.type), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o1 on o1.key = lower(nullif(btrim(r.primary_owner), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o2 on o2.key = lower(nullif(btrim(r.secondary_owner), ''))
    where r.job_id = p_job
    order by r.line;
  else
    insert into crm.businesses (id, short_id, org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id,
                                created_at, created_by, last_modified_at, last_modified_by, custom)
    select r.record_id, app.short_id_for(r.record_id), v_job.org_name, btrim(r.name), nullif(btrim(r.dba_name), ''),
           ty.id, coalesce(nullif(btrim(r.status), ''), 'Active')::app.record_status, nullif(btrim(r.description), ''), o1.id, o2.id,
           now(), v_profile, clock_timestamp(), v_profile, coalesce(v_custom -> r.line::text, '{}') - v_sensitive
    from crm.import_rows r
    left join (select distinct on (lower(t.name)) lower(t.name) as key, t.id from crm.business_types t
                where t.org_name in (v_job.org_name, '_system_default_') and not t.archive
                order by lower(t.name), (t.org_name = v_job.org_name) desc, t.id) ty on ty.key = lower(nullif(btrim(r.type), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o1 on o1.key = lower(nullif(btrim(r.primary_owner), ''))
    left join (select distinct on (lower(p.name)) lower(p.name) as key, p.id from public.user_profiles p
                where p.org_name = v_job.org_name order by lower(p.name), p.id) o2 on o2.key = lower(nullif(btrim(r.secondary_owner), ''))
    where r.job_id = p_job
    order by r.line;
  end if;
  get diagnostics v_count = row_count;

  -- One phone and one e-mail per new record, each its primary; kind and label from the type
  -- (app.contact_method_prepare, app.contact_method_label). The values passed crm.import_errors'
  -- check, the one app.contact_method_prepare asks.
  insert into crm.contact_methods (org_name, value, label, type_id, kind, is_primary, business_id, contact_id,
                                   created_at, created_by, last_modified_at, last_modified_by)
  select v_job.org_name, m.value, coalesce(t.name, 'Other'), m.type_id, coalesce(t.kind, 'other'), true,
         case when v_job.kind = 'business' then m.record_id end, case when v_job.kind = 'contact' then m.record_id end,
         now(), v_profile, clock_timestamp(), v_profile
  from (select r.line, r.record_id, btrim(r.phone) as value, v_phone_type as type_id, 1 as part from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.phone), '') is not null
        union all
        select r.line, r.record_id, btrim(r.email), v_email_type, 2 from crm.import_rows r
         where r.job_id = p_job and nullif(btrim(r.email), '') is not null) m
  left join crm.contact_method_types t on t.id = m.type_id
  order by m.line, m.part;

  insert into crm.addresses (org_name, is_primary, business_id, contact_id, address_line_1, city, state, zip,
                             created_at, created_by, last_modified_at, last_modified_by)
  select v_job.org_name, true, case when v_job.kind = 'business' then r.record_id end, case when v_job.kind = 'contact' then r.record_id end,
         nullif(btrim(r.address_line_1), ''), nullif(btrim(r.city), ''), nullif(btrim(r.state), ''), nullif(btrim(r.zip), ''),
         now(), v_profile, clock_timestamp(), v_profile
  from crm.import_rows r
  where r.job_id = p_job and btrim(concat(r.address_line_1, r.city, r.state, r.zip)) <> ''
  order by r.line;

  -- The shown phone, e-mail and address of every new record (the statement triggers skip this writer).
  perform app.refresh_shown_contact_methods(v_job.org_name, array(select r.record_id from crm.import_rows r where r.job_id = p_job));

  perform app.end_batch();
  return v_count;
end;
$function$;
alter function app.import_job_write(p_job uuid) owner to steward_import_writer;
revoke all on function app.import_job_write(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function app.import_job_write(p_job uuid) to authenticated;
grant execute on function app.import_job_write(p_job uuid) to service_role;
comment on function app.import_job_write(p_job uuid) is 'writes an import job''s staged rows as records with the record rules applied once per statement (the per-row triggers skip its role); checks the caller, the job and its rows first';

CREATE OR REPLACE FUNCTION crm.import_records(p_org_name text, p_kind text, p_rows jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_line integer;
  v_errors jsonb := '[]'::jsonb;
  v_detail text;
  v_hint text;
  v_refusal jsonb;
  v_count integer := 0;
  v_id uuid;
  v_type_id uuid;
  v_type text;
  v_owner1 uuid;
  v_owner2 uuid;
  v_name text;
  v_first text;
  v_last text;
  v_phone_type uuid;
  v_email_type uuid;
  v_message text;
  v_index bigint;
  v_custom jsonb;
  v_cells jsonb;
begin
  if p_kind not in ('business', 'contact') then
    raise exception using errcode = '22023', message = format('Unknown import kind %s', p_kind);
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) = 0 then
    perform app.refuse('22023', 'import.nothing', 'Nothing to import');
  end if;
  if jsonb_array_length(p_rows) > 5000 then
    perform app.refuse('22023', 'import.tooManyRows', 'At most 5000 rows can be imported at once');
  end if;

  -- The phone and e-mail types new methods get: the organisation's own first, else the shared default.
  select t.id into v_phone_type from crm.contact_method_types t
   where t.org_name in (p_org_name, '_system_default_') and not t.archive and app.contact_method_kind(t.category, t.name) = 'phone'
   order by (t.org_name = p_org_name) desc, (lower(t.name) = 'phone') desc, t.name limit 1;
  select t.id into v_email_type from crm.contact_method_types t
   where t.org_name in (p_org_name, '_system_default_') and not t.archive and app.contact_method_kind(t.category, t.name) = 'email'
   order by (t.org_name = p_org_name) desc, (lower(t.name) = 'email') desc, t.name limit 1;

  -- The rows' custom cells, made and checked for all rows at once (app.custom_import_lines), by
  -- their place in p_rows: the values, or the first cell that does not fit.
  select coalesce(jsonb_object_agg(c.line::text, jsonb_build_object('custom', c.custom, 'refusal', c.cell_refusals -> 0)), '{}')
    into v_custom
    from (select array_agg(r.n::integer order by r.n) as lines, array_agg(r.value -> 'custom' order by r.n) as cells
            from jsonb_array_elements(p_rows) with ordinality r(value, n)) a
   cross join lateral app.custom_import_lines(p_org_name, p_kind, a.lines, a.cells) c;

  for v_row, v_index in select r.value, r.n from jsonb_array_elements(p_rows) with ordinality r(value, n)
  loop
    v_line := coalesce((v_row ->> 'line')::integer, v_count + 2);
    v_name := nullif(btrim(coalesce(v_row ->> 'name', '')), '');
    v_type := nullif(btrim(coalesce(v_row ->> 'type', '')), '');
    v_type_id := null;
    v_owner1 := null;
    v_owner2 := null;
    begin
      if v_name is null then
        perform app.refuse('23514', 'import.nameRequired', 'Name is required');
      end if;
      if v_type is not null then
        if p_kind = 'business' then
          select t.id into v_type_id from crm.business_types t
           where t.org_name in (p_org_name, '_system_default_') and lower(t.name) = lower(v_type) and not t.archive
           order by (t.org_name = p_org_name) desc limit 1;
        else
          select t.id into v_type_id from crm.contact_types t
           where t.org_name in (p_org_name, '_system_default_') and lower(t.name) = lower(v_type) and not t.archive
           order by (t.org_name = p_org_name) desc limit 1;
        end if;
        if v_type_id is null then
          perform app.refuse('23514', 'import.unknownType', 'Unknown type "{type}"', jsonb_build_object('type', v_type));
        end if;
      end if;
      if nullif(btrim(coalesce(v_row ->> 'primary_owner', '')), '') is not null then
        select p.id into v_owner1 from public.user_profiles p
         where p.org_name = p_org_name and lower(p.name) = lower(btrim(v_row ->> 'primary_owner')) limit 1;
        if v_owner1 is null then
          perform app.refuse('23514', 'import.unknownOwner', 'Unknown owner "{owner}"', jsonb_build_object('owner', btrim(v_row ->> 'primary_owner')));
        end if;
      end if;
      if nullif(btrim(coalesce(v_row ->> 'secondary_owner', '')), '') is not null then
        select p.id into v_owner2 from public.user_profiles p
         where p.org_name = p_org_name and lower(p.name) = lower(btrim(v_row ->> 'secondary_owner')) limit 1;
        if v_owner2 is null then
          perform app.refuse('23514', 'import.unknownOwner', 'Unknown owner "{owner}"', jsonb_build_object('owner', btrim(v_row ->> 'secondary_owner')));
        end if;
      end if;

      -- Custom cells: columns named by field labels, choices by label.
      if jsonb_typeof(v_row -> 'custom') not in ('object', 'null') then
        raise exception using errcode = '23514', message = 'Custom columns must be an object of label and text';
      end if;
      v_cells := v_custom -> v_index::text;
      if jsonb_typeof(v_cells -> 'refusal') = 'object' then
        perform app.refuse('23514', v_cells -> 'refusal');
      end if;

      if p_kind = 'business' then
        insert into crm.businesses (org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id, custom)
        values (p_org_name, v_name, nullif(btrim(coalesce(v_row ->> 'dba_name', '')), ''), v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2,
                v_cells -> 'custom')
        returning id into v_id;
      else
        -- Without mapped first and last names they come from the name: first word, the rest.
        v_first := coalesce(nullif(btrim(coalesce(v_row ->> 'first_name', '')), ''), split_part(v_name, ' ', 1));
        v_last := coalesce(nullif(btrim(coalesce(v_row ->> 'last_name', '')), ''),
                           nullif(btrim(substr(v_name, length(split_part(v_name, ' ', 1)) + 1)), ''));
        insert into crm.contacts (org_name, name, first_name, last_name, type_id, status, description, primary_owner_id, secondary_owner_id, custom)
        values (p_org_name, v_name, v_first, v_last, v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2,
                v_cells -> 'custom')
        returning id into v_id;
      end if;

      if nullif(btrim(coalesce(v_row ->> 'phone', '')), '') is not null then
        insert into crm.contact_methods (org_name, value, label, type_id, is_primary, business_id, contact_id)
        values (p_org_name, btrim(v_row ->> 'phone'), '', v_phone_type, true,
                case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end);
      end if;
      if nullif(btrim(coalesce(v_row ->> 'email', '')), '') is not null then
        if btrim(v_row ->> 'email') !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
          perform app.refuse('23514', 'import.notEmail', '"{email}" is not an e-mail address', jsonb_build_object('email', btrim(v_row ->> 'email')));
        end if;
        insert into crm.contact_methods (org_name, value, label, type_id, is_primary, business_id, contact_id)
        values (p_org_name, btrim(v_row ->> 'email'), '', v_email_type, true,
                case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end);
      end if;
      if coalesce(v_row ->> 'address_line_1', v_row ->> 'address_line_2', v_row ->> 'city', v_row ->> 'state', v_row ->> 'zip', v_row ->> 'country') is not null
         and btrim(concat(v_row ->> 'address_line_1', v_row ->> 'address_line_2', v_row ->> 'city', v_row ->> 'state', v_row ->> 'zip', v_row ->> 'country')) <> '' then
        insert into crm.addresses (org_name, is_primary, business_id, contact_id, address_line_1, address_line_2, city, state, zip, country)
        values (p_org_name, true, case when p_kind = 'business' then v_id end, case when p_kind = 'contact' then v_id end,
                nullif(btrim(coalesce(v_row ->> 'address_line_1', '')), ''), nullif(btrim(coalesce(v_row ->> 'address_line_2', '')), ''),
                nullif(btrim(coalesce(v_row ->> 'city', '')), ''), nullif(btrim(coalesce(v_row ->> 'state', '')), ''),
                nullif(btrim(coalesce(v_row ->> 'zip', '')), ''), nullif(btrim(coalesce(v_row ->> 'country', '')), ''));
      end if;
      v_count := v_count + 1;
    exception
      when others then
        get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
        -- The line's refusal as it was raised (app.refuse: its id and values), for the importer's language.
        v_refusal := app.caught_refusal(v_message, v_detail, v_hint);
        if v_message like '%app.record_status%' then
          v_refusal := app.refusal('import.invalidStatus', 'Invalid status "{status}"', jsonb_build_object('status', v_row ->> 'status'));
          v_message := v_refusal ->> 'message';
        end if;
        v_errors := v_errors || jsonb_build_object('line', v_line, 'message', v_message, 'refusal', v_refusal);
    end;
  end loop;

  if jsonb_array_length(v_errors) > 0 then
    raise exception using errcode = '23514', message = 'Import failed: nothing was imported', detail = v_errors::text, hint = 'steward:import.failed';
  end if;
  return v_count;
end;
$function$;
revoke all on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) to authenticated;
grant execute on function crm.import_records(p_org_name text, p_kind text, p_rows jsonb) to service_role;
