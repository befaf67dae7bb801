-- custom fields: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

-- app.list_sources names the list views by oid: they are dropped and made again below, so the rows are
-- kept by name and put back at the end.
create temporary table list_sources_by_name on commit drop as
  select relation::text as relation_name, base::text as base_name, columns from app.list_sources;

drop view ops.my_work_view;

drop view ops.tasks_view;

drop view hr.staff_profiles_view;

drop view crm.households_view;

drop view crm.contacts_view;

drop view crm.businesses_view;

drop view catalog.reservations_view;

create table app.custom_sensitive (
  record_kind text not null,
  record_id uuid not null,
  org_name text not null,
  custom jsonb default '{}'::jsonb not null
);
alter table app.custom_sensitive enable row level security;
comment on table app.custom_sensitive is 'values of sensitive custom fields (settings.custom_fields.sensitive), kept apart from the records'' own custom column: read (through the list views and public.custom_values) only by people whose role edits the record''s area; written only by the records'' custom trigger';
revoke all on table app.custom_sensitive from public, anon, authenticated, service_role;
grant select on table app.custom_sensitive to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.custom_sensitive to service_role;

create table settings.custom_fields (
  id uuid default gen_random_uuid() not null,
  org_name text not null,
  record_kind text not null,
  label text not null,
  help_text text,
  field_type text not null,
  link_kind text,
  required boolean default false not null,
  default_value jsonb,
  "position" integer not null,
  archive boolean default false not null,
  sensitive boolean default false not null,
  choices jsonb default '[]'::jsonb not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid
);
alter table settings.custom_fields enable row level security;
comment on table settings.custom_fields is 'component: settings (every member reads)';
revoke all on table settings.custom_fields from public, anon, authenticated, service_role;
grant delete, insert, select, update on table settings.custom_fields to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table settings.custom_fields to service_role;

alter table catalog.accommodations add column custom jsonb default '{}'::jsonb not null;
alter table catalog.accommodations enable row level security;
comment on table catalog.accommodations is 'component: lodging';
revoke all on table catalog.accommodations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.accommodations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.accommodations to service_role;

alter table catalog.products add column custom jsonb default '{}'::jsonb not null;
alter table catalog.products enable row level security;
comment on table catalog.products is 'component: catalog';
revoke all on table catalog.products from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.products to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.products to service_role;

alter table catalog.reservations add column custom jsonb default '{}'::jsonb not null;
alter table catalog.reservations enable row level security;
comment on table catalog.reservations is 'component: lodging';
comment on column catalog.reservations.price_overridden is 'the amounts were typed by hand: the stay is not priced from the rates';
comment on column catalog.reservations.confirmation_sent_at is 'when the confirmation e-mail was queued (set by the database)';
revoke all on table catalog.reservations from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.reservations to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservations to service_role;

alter table catalog.supplies add column custom jsonb default '{}'::jsonb not null;
alter table catalog.supplies enable row level security;
comment on table catalog.supplies is 'component: catalog';
revoke all on table catalog.supplies from public, anon, authenticated, service_role;
grant delete, insert, select, update on table catalog.supplies to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.supplies to service_role;

alter table crm.businesses add column custom jsonb default '{}'::jsonb not null;
alter table crm.businesses enable row level security;
comment on table crm.businesses is 'component: crm';
revoke all on table crm.businesses from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.businesses to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.businesses to service_role;
grant insert on table crm.businesses to steward_import_writer;

alter table crm.contacts add column custom jsonb default '{}'::jsonb not null;
alter table crm.contacts enable row level security;
comment on table crm.contacts is 'component: crm';
revoke all on table crm.contacts from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.contacts to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contacts to service_role;
grant insert on table crm.contacts to steward_import_writer;

alter table crm.households add column custom jsonb default '{}'::jsonb not null;
alter table crm.households enable row level security;
comment on table crm.households is 'component: crm';
revoke all on table crm.households from public, anon, authenticated, service_role;
grant delete, insert, select, update on table crm.households to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.households to service_role;

alter table hr.staff_profiles add column custom jsonb default '{}'::jsonb not null;
alter table hr.staff_profiles enable row level security;
comment on table hr.staff_profiles is 'component: team-portal';
revoke all on table hr.staff_profiles from public, anon, authenticated, service_role;
grant delete, insert, select, update on table hr.staff_profiles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table hr.staff_profiles to service_role;

alter table ops.projects add column custom jsonb default '{}'::jsonb not null;
alter table ops.projects enable row level security;
comment on table ops.projects is 'component: operations';
revoke all on table ops.projects from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.projects to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.projects to service_role;

alter table ops.tasks add column custom jsonb default '{}'::jsonb not null;
alter table ops.tasks enable row level security;
comment on table ops.tasks is 'component: operations';
revoke all on table ops.tasks from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.tasks to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.tasks to service_role;

alter table app.custom_sensitive add constraint custom_sensitive_pkey PRIMARY KEY (record_kind, record_id);

alter table settings.custom_fields add constraint custom_fields_choices_array CHECK (jsonb_typeof(choices) = 'array'::text);

alter table settings.custom_fields add constraint custom_fields_field_type_check CHECK (field_type = ANY (ARRAY['short_text'::text, 'long_text'::text, 'number'::text, 'currency'::text, 'date'::text, 'boolean'::text, 'single_choice'::text, 'multiple_choice'::text, 'email'::text, 'phone'::text, 'url'::text, 'link'::text]));

alter table settings.custom_fields add constraint custom_fields_label_present CHECK (btrim(label) <> ''::text AND length(label) <= 80);

alter table settings.custom_fields add constraint custom_fields_link_kind_check CHECK ((field_type = 'link'::text) = (link_kind IS NOT NULL) AND (link_kind IS NULL OR (link_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text]))));

alter table settings.custom_fields add constraint custom_fields_pkey PRIMARY KEY (id);

alter table settings.custom_fields add constraint custom_fields_record_kind_check CHECK (record_kind = ANY (ARRAY['contact'::text, 'business'::text, 'household'::text, 'accommodation'::text, 'reservation'::text, 'project'::text, 'task'::text, 'product'::text, 'supply'::text, 'staff'::text]));

CREATE INDEX custom_sensitive_org_name_idx ON app.custom_sensitive USING btree (org_name);

CREATE INDEX accommodations_custom_idx ON catalog.accommodations USING gin (custom);

CREATE INDEX products_custom_idx ON catalog.products USING gin (custom);

CREATE INDEX reservations_custom_idx ON catalog.reservations USING gin (custom);

CREATE INDEX supplies_custom_idx ON catalog.supplies USING gin (custom);

CREATE INDEX businesses_custom_idx ON crm.businesses USING gin (custom);

CREATE INDEX contacts_custom_idx ON crm.contacts USING gin (custom);

CREATE INDEX households_custom_idx ON crm.households USING gin (custom);

CREATE INDEX staff_profiles_custom_idx ON hr.staff_profiles USING gin (custom);

CREATE INDEX projects_custom_idx ON ops.projects USING gin (custom);

CREATE INDEX tasks_custom_idx ON ops.tasks USING gin (custom);

CREATE UNIQUE INDEX custom_fields_label_key ON settings.custom_fields USING btree (org_name, record_kind, lower(label)) WHERE (NOT archive);

CREATE INDEX custom_fields_org_kind_idx ON settings.custom_fields USING btree (org_name, record_kind, "position");

alter table app.custom_sensitive add constraint custom_sensitive_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table settings.custom_fields add constraint custom_fields_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.custom_fields add constraint custom_fields_last_modified_by_fkey FOREIGN KEY (last_modified_by) REFERENCES public.user_profiles(id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

alter table settings.custom_fields add constraint custom_fields_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

CREATE OR REPLACE FUNCTION app.custom_empty(p_value jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select p_value is null or p_value in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
$function$;
revoke all on function app.custom_empty(p_value jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_empty(p_value jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_field_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_choice jsonb;
  v_id text;
  v_label text;
  v_archived boolean;
  v_ids text[] := '{}';
  v_labels text[] := '{}';
  v_choices jsonb := '[]';
  v_problem text;
  v_count integer;
begin
  if tg_op = 'DELETE' then
    -- A field with values is archived, not deleted (its values would stay behind, unknown).
    execute format('select exists (select 1 from %s t where t.custom ? %L and t.org_name = %L)',
                   app.custom_record_table(old.record_kind), old.id::text, old.org_name) into v_problem;
    if v_problem::boolean or exists (select 1 from app.custom_sensitive s
                                     where s.record_kind = old.record_kind and s.org_name = old.org_name and s.custom ? old.id::text) then
      raise exception using errcode = '23514', message = format('%s has values: archive it instead of deleting it', old.label);
    end if;
    return old;
  end if;
  new.label := btrim(new.label);
  new.help_text := nullif(btrim(new.help_text), '');
  if tg_op = 'UPDATE' then
    if new.record_kind is distinct from old.record_kind then
      raise exception using errcode = '23514', message = 'A field''s kind of record cannot be changed';
    end if;
    if (new.field_type is distinct from old.field_type or new.link_kind is distinct from old.link_kind)
       and current_setting('steward.custom_type_change', true) is distinct from new.id::text then
      raise exception using errcode = '23514', message = 'A field''s type is changed with settings.change_field_type, which converts its values';
    end if;
  end if;
  if new.choices is null or jsonb_typeof(new.choices) <> 'array' then
    raise exception using errcode = '23514', message = 'Choices must be a list';
  end if;
  if new.field_type not in ('single_choice', 'multiple_choice') and new.choices <> '[]' then
    raise exception using errcode = '23514', message = format('%s is not a choice field: it has no choices', new.label);
  end if;
  if jsonb_array_length(new.choices) > 500 then
    raise exception using errcode = '23514', message = format('%s has more than 500 choices', new.label);
  end if;
  for v_choice in select c from jsonb_array_elements(new.choices) c loop
    if jsonb_typeof(v_choice) <> 'object' or jsonb_typeof(v_choice -> 'label') is distinct from 'string'
       or btrim(v_choice ->> 'label') = '' then
      raise exception using errcode = '23514', message = format('Every choice of %s needs a label', new.label);
    end if;
    v_label := btrim(v_choice ->> 'label');
    if length(v_label) > 80 then
      raise exception using errcode = '23514', message = format('A choice of %s is longer than 80 characters', new.label);
    end if;
    v_id := coalesce(v_choice ->> 'id', gen_random_uuid()::text);
    if v_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      raise exception using errcode = '23514', message = format('A choice id of %s is not a UUID', new.label);
    end if;
    if jsonb_typeof(v_choice -> 'archived') not in ('boolean', 'null') then
      raise exception using errcode = '23514', message = format('A choice''s archived flag of %s must be true or false', new.label);
    end if;
    v_archived := coalesce((v_choice ->> 'archived')::boolean, false);
    if lower(v_id) = any (v_ids) then
      raise exception using errcode = '23514', message = format('%s has two choices with the same id', new.label);
    end if;
    if not v_archived and lower(v_label) = any (v_labels) then
      raise exception using errcode = '23514', message = format('%s has two choices named %s', new.label, v_label);
    end if;
    v_ids := v_ids || lower(v_id);
    if not v_archived then
      v_labels := v_labels || lower(v_label);
    end if;
    v_choices := v_choices || jsonb_build_array(jsonb_build_object('id', lower(v_id), 'label', v_label, 'archived', v_archived));
  end loop;
  new.choices := v_choices;
  if tg_op = 'UPDATE' and exists (select 1 from jsonb_array_elements(old.choices) o where not ((o ->> 'id') = any (v_ids))) then
    raise exception using errcode = '23514', message = format('A choice of %s cannot be removed: archive it instead (its values stay)', new.label);
  end if;
  if app.custom_empty(new.default_value) then
    new.default_value := null;
  else
    v_problem := app.custom_value_problem(new, new.default_value, new.org_name, null);
    if v_problem is not null then
      raise exception using errcode = '23514', message = 'Default value: ' || v_problem;
    end if;
  end if;
  if new.position is null then
    select coalesce(max(f.position), 0) + 1 into new.position from settings.custom_fields f
     where f.org_name = new.org_name and f.record_kind = new.record_kind;
  end if;
  if tg_op = 'INSERT' or (old.archive and not new.archive) then
    select count(*) into v_count from settings.custom_fields f
     where f.org_name = new.org_name and f.record_kind = new.record_kind and not f.archive and f.id <> new.id;
    if v_count >= 200 then
      raise exception using errcode = '23514', message = 'An organisation has at most 200 fields on each kind of record';
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.custom_field_check() from public, anon, authenticated, service_role;
grant execute on function app.custom_field_check() to service_role;

CREATE OR REPLACE FUNCTION app.custom_field_moved()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_table regclass := app.custom_record_table(new.record_kind);
  v_key text := new.id::text;
begin
  -- A field made sensitive takes its values out of the records into app.custom_sensitive, and back
  -- when it stops being sensitive: the values never change, only where they are kept.
  perform set_config('steward.custom_moving', 'on', true);
  if new.sensitive then
    execute format('insert into app.custom_sensitive as s (record_kind, record_id, org_name, custom) '
                   'select %L, t.id, t.org_name, jsonb_build_object(%L, t.custom -> %L) from %s t where t.org_name = %L and t.custom ? %L '
                   'on conflict (record_kind, record_id) do update set custom = s.custom || excluded.custom',
                   new.record_kind, v_key, v_key, v_table, new.org_name, v_key);
    execute format('update %s t set custom = t.custom - %L where t.org_name = %L and t.custom ? %L', v_table, v_key, new.org_name, v_key);
  else
    execute format('update %s t set custom = t.custom || jsonb_build_object(%L, s.custom -> %L) from app.custom_sensitive s '
                   'where s.record_kind = %L and s.org_name = %L and s.custom ? %L and t.id = s.record_id',
                   v_table, v_key, v_key, new.record_kind, new.org_name, v_key);
    update app.custom_sensitive s set custom = s.custom - v_key
     where s.record_kind = new.record_kind and s.org_name = new.org_name and s.custom ? v_key;
    delete from app.custom_sensitive s where s.record_kind = new.record_kind and s.org_name = new.org_name and s.custom = '{}';
  end if;
  perform set_config('steward.custom_moving', 'off', true);
  return null;
end;
$function$;
revoke all on function app.custom_field_moved() from public, anon, authenticated, service_role;
grant execute on function app.custom_field_moved() to service_role;

CREATE OR REPLACE FUNCTION app.custom_record_component(p_kind text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when p_kind in ('contact', 'business', 'household') then 'crm'
    when p_kind in ('accommodation', 'reservation') then 'lodging'
    when p_kind in ('project', 'task') then 'operations'
    when p_kind in ('product', 'supply') then 'catalog'
    when p_kind = 'staff' then 'team-portal'
  end
$function$;
revoke all on function app.custom_record_component(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.custom_record_component(p_kind text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_record_table(p_kind text)
 RETURNS regclass
 LANGUAGE sql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case p_kind
    when 'contact' then 'crm.contacts'::regclass
    when 'business' then 'crm.businesses'::regclass
    when 'household' then 'crm.households'::regclass
    when 'accommodation' then 'catalog.accommodations'::regclass
    when 'reservation' then 'catalog.reservations'::regclass
    when 'project' then 'ops.projects'::regclass
    when 'task' then 'ops.tasks'::regclass
    when 'product' then 'catalog.products'::regclass
    when 'supply' then 'catalog.supplies'::regclass
    when 'staff' then 'hr.staff_profiles'::regclass
  end
$function$;
revoke all on function app.custom_record_table(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.custom_record_table(p_kind text) to authenticated;
grant execute on function app.custom_record_table(p_kind text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_sensitive_readable()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- 'kind:organisation' for every record kind whose area the caller edits (Organization or Personal)
  -- in that organisation: the sensitive values they may read and write.
  select coalesce(array_agg(k.kind || ':' || o.org), '{}')
  from unnest(array['contact', 'business', 'household', 'accommodation', 'reservation', 'project', 'task',
                    'product', 'supply', 'staff']) as k(kind)
  cross join lateral unnest(app.orgs_with_access(app.custom_record_component(k.kind), 'edit', 'Organization')
                            || app.orgs_with_access(app.custom_record_component(k.kind), 'edit', 'Personal')) as o(org)
$function$;
revoke all on function app.custom_sensitive_readable() from public, anon, authenticated, service_role;
grant execute on function app.custom_sensitive_readable() to authenticated;
grant execute on function app.custom_sensitive_readable() to service_role;

CREATE OR REPLACE FUNCTION app.custom_value_problem(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb DEFAULT NULL::jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_label text := p_field.label;
  v_type text := jsonb_typeof(p_value);
  v_text text;
  v_item jsonb;
  v_choice jsonb;
  v_seen text[] := '{}';
  v_found boolean;
begin
  case p_field.field_type
  when 'short_text', 'long_text', 'email', 'phone', 'url' then
    if v_type is distinct from 'string' then
      return format('%s must be text', v_label);
    end if;
    v_text := p_value #>> '{}';
    if p_field.field_type = 'long_text' and length(v_text) > 10000 then
      return format('%s must be at most 10000 characters', v_label);
    elsif p_field.field_type <> 'long_text' and length(v_text) > 500 then
      return format('%s must be at most 500 characters', v_label);
    elsif p_field.field_type = 'email' and app.contact_method_value_problem('email', v_text) is not null then
      return format('%s must be an e-mail address like name@example.com', v_label);
    elsif p_field.field_type = 'phone' and app.contact_method_value_problem('phone', v_text) is not null then
      return format('%s must be a phone number of 4 to 15 digits', v_label);
    elsif p_field.field_type = 'url' and btrim(v_text) !~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' then
      return format('%s must be a web address starting with http:// or https://', v_label);
    end if;
  when 'number', 'currency' then
    if v_type is distinct from 'number' then
      return format('%s must be a number', v_label);
    end if;
  when 'date' then
    v_text := p_value #>> '{}';
    if v_type is distinct from 'string' or v_text !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      return format('%s must be a date (YYYY-MM-DD)', v_label);
    end if;
    begin
      perform v_text::date;
    exception when others then
      return format('%s must be a date (YYYY-MM-DD)', v_label);
    end;
  when 'boolean' then
    if v_type is distinct from 'boolean' then
      return format('%s must be yes or no', v_label);
    end if;
  when 'single_choice', 'multiple_choice' then
    if p_field.field_type = 'single_choice' and v_type is distinct from 'string' then
      return format('%s must be one of its choices', v_label);
    elsif p_field.field_type = 'multiple_choice' and v_type is distinct from 'array' then
      return format('%s must be a list of its choices', v_label);
    end if;
    for v_item in select e from jsonb_array_elements(case when v_type = 'array' then p_value else jsonb_build_array(p_value) end) e loop
      if jsonb_typeof(v_item) is distinct from 'string' then
        return format('%s must be a list of its choices', v_label);
      end if;
      if (v_item #>> '{}') = any (v_seen) then
        return format('%s lists a choice twice', v_label);
      end if;
      v_seen := v_seen || (v_item #>> '{}');
      select c into v_choice from jsonb_array_elements(p_field.choices) c where c ->> 'id' = v_item #>> '{}';
      if v_choice is null then
        return format('%s has no such choice (%s)', v_label, left(v_item #>> '{}', 60));
      end if;
      -- An archived choice stays where it was; it is not chosen anew.
      if (v_choice ->> 'archived')::boolean and not coalesce(p_old = v_item or p_old @> jsonb_build_array(v_item), false) then
        return format('%s: the choice %s is archived', v_label, v_choice ->> 'label');
      end if;
    end loop;
  when 'link' then
    v_text := p_value #>> '{}';
    if v_type is distinct from 'string' or v_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      return format('%s must link to a %s of this organisation', v_label, p_field.link_kind);
    end if;
    v_found := case p_field.link_kind
      when 'contact' then exists (select 1 from crm.contacts r where r.id = v_text::uuid and r.org_name = p_org)
      when 'business' then exists (select 1 from crm.businesses r where r.id = v_text::uuid and r.org_name = p_org)
      when 'household' then exists (select 1 from crm.households r where r.id = v_text::uuid and r.org_name = p_org)
      else false end;
    if not v_found then
      return format('%s must link to a %s of this organisation', v_label, p_field.link_kind);
    end if;
  end case;
  return null;
end;
$function$;
revoke all on function app.custom_value_problem(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_value_problem(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.custom_values_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text := tg_argv[0];
  v_old jsonb := '{}';
  v_new jsonb := '{}';
  v_sens_old jsonb := '{}';
  v_sens jsonb;
  v_sens_touched boolean := false;
  v_field settings.custom_fields;
  v_entry record;
  v_value jsonb;
  v_problem text;
  v_may_sensitive boolean;
  v_count integer;
begin
  -- A field made sensitive or not moves its values (app.custom_field_moved): already checked.
  if current_setting('steward.custom_moving', true) = 'on' then
    return new;
  end if;
  if new.custom is null then
    new.custom := '{}';
  end if;
  if jsonb_typeof(new.custom) <> 'object' then
    raise exception using errcode = '23514', message = 'Custom field values must be a JSON object keyed by field id';
  end if;
  select count(*) into v_count from jsonb_object_keys(new.custom);
  if v_count > 500 then
    raise exception using errcode = '23514', message = format('A record takes at most 500 custom field values (%s sent)', v_count);
  end if;
  if tg_op = 'UPDATE' then
    v_old := coalesce(old.custom, '{}');
    select s.custom into v_sens_old from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = old.id;
    v_sens_old := coalesce(v_sens_old, '{}');
  end if;
  v_sens := v_sens_old;
  -- The person asking (this function runs as its owner): nobody signed in is the platform itself
  -- (service role, migrations); a signed-in person, the import's writer included, needs edit rights.
  v_may_sensitive := auth.uid() is null or (v_kind || ':' || new.org_name) = any (app.custom_sensitive_readable());

  for v_entry in select e.key, e.value from jsonb_each(new.custom) e order by e.key loop
    v_field := null;
    if v_entry.key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into v_field from settings.custom_fields f
       where f.id = v_entry.key::uuid and f.org_name = new.org_name and f.record_kind = v_kind;
    end if;
    if v_field.id is null then
      raise exception using errcode = '23514', message = format('Unknown field: %s', left(v_entry.key, 60));
    end if;
    v_value := case when app.custom_empty(v_entry.value) then null else v_entry.value end;
    if v_field.sensitive then
      if not v_may_sensitive then
        raise exception using errcode = '42501',
          message = format('%s is sensitive: only people who may edit these records can change it', v_field.label);
      end if;
      continue when (v_sens -> v_entry.key) is not distinct from v_value;
      if v_value is not null then
        if v_field.archive then
          raise exception using errcode = '23514', message = format('%s is archived: its value cannot be changed', v_field.label);
        end if;
        v_problem := app.custom_value_problem(v_field, v_value, new.org_name, v_sens_old -> v_entry.key);
        if v_problem is not null then
          raise exception using errcode = '23514', message = v_problem;
        end if;
        v_sens := v_sens || jsonb_build_object(v_entry.key, v_value);
      else
        v_sens := v_sens - v_entry.key;
      end if;
      v_sens_touched := true;
    elsif v_value is not null then
      if (v_old -> v_entry.key) is distinct from v_value then
        if v_field.archive then
          raise exception using errcode = '23514', message = format('%s is archived: its value cannot be changed', v_field.label);
        end if;
        v_problem := app.custom_value_problem(v_field, v_value, new.org_name, v_old -> v_entry.key);
        if v_problem is not null then
          raise exception using errcode = '23514', message = v_problem;
        end if;
      end if;
      v_new := v_new || jsonb_build_object(v_entry.key, v_value);
    end if;
  end loop;

  for v_field in select * from settings.custom_fields f
                  where f.org_name = new.org_name and f.record_kind = v_kind and not f.archive
                    and (f.required or (tg_op = 'INSERT' and f.default_value is not null))
                  order by f.position, f.id loop
    -- Defaults fill what an insert leaves empty.
    if tg_op = 'INSERT' and v_field.default_value is not null then
      if v_field.sensitive and not (v_sens ? v_field.id::text) then
        v_sens := v_sens || jsonb_build_object(v_field.id::text, v_field.default_value);
        v_sens_touched := true;
      elsif not v_field.sensitive and not (v_new ? v_field.id::text) then
        v_new := v_new || jsonb_build_object(v_field.id::text, v_field.default_value);
      end if;
    end if;
    -- Required: a new record has it; a change does not empty it (records made before the field
    -- became required keep going without it until someone fills it).
    if v_field.required and not (case when v_field.sensitive then v_sens else v_new end ? v_field.id::text)
       and (not v_field.sensitive or v_may_sensitive)
       and (tg_op = 'INSERT' or (case when v_field.sensitive then v_sens_old else v_old end ? v_field.id::text)) then
      raise exception using errcode = '23514', message = format('%s is required', v_field.label);
    end if;
  end loop;

  new.custom := v_new;
  if v_sens_touched then
    if v_sens = '{}' then
      delete from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = new.id;
    else
      insert into app.custom_sensitive as s (record_kind, record_id, org_name, custom)
      values (v_kind, new.id, new.org_name, v_sens)
      on conflict (record_kind, record_id) do update set custom = excluded.custom, org_name = excluded.org_name;
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.custom_values_check() from public, anon, authenticated, service_role;
grant execute on function app.custom_values_check() to service_role;
comment on function app.custom_values_check() is 'checks a record''s custom values against its organisation''s definitions of its kind (tg_argv[0]): known field ids, types, choices, links in the organisation, required; fills defaults on insert; moves sensitive values to app.custom_sensitive (refused to callers who may not edit the area); an empty value (null, "", []) removes the key';

CREATE OR REPLACE FUNCTION app.custom_values_forget()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from app.custom_sensitive s using old_rows o where s.record_kind = tg_argv[0] and s.record_id = o.id;
  return null;
end;
$function$;
revoke all on function app.custom_values_forget() from public, anon, authenticated, service_role;
grant execute on function app.custom_values_forget() to service_role;

CREATE OR REPLACE FUNCTION public.custom_values(p_kind text, p_ids uuid[])
 RETURNS TABLE(id uuid, custom jsonb)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_table regclass := app.custom_record_table(p_kind);
begin
  -- A record's custom values as the caller may see them: the record's own (its policies decide
  -- which records), and its sensitive ones where the caller edits the area (app.custom_sensitive's
  -- policy). For the kinds whose lists read the table rather than a view that carries them.
  if v_table is null then
    raise exception using errcode = '22023', message = format('No such kind of record: %s', p_kind);
  end if;
  if cardinality(p_ids) > 1000 then
    raise exception using errcode = '22023', message = 'custom_values: at most 1000 records at a time';
  end if;
  return query execute format(
    'select t.id, t.custom || coalesce(s.custom, ''{}''::jsonb) from %s t '
    'left join app.custom_sensitive s on s.record_kind = %L and s.record_id = t.id '
    'where t.id = any ($1) order by array_position($1, t.id)', v_table, p_kind)
    using p_ids;
end;
$function$;
revoke all on function public.custom_values(p_kind text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.custom_values(p_kind text, p_ids uuid[]) to authenticated;
grant execute on function public.custom_values(p_kind text, p_ids uuid[]) to service_role;

CREATE OR REPLACE FUNCTION app.write_history()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_component text := tg_argv[0];
  v_table text := tg_table_schema || '.' || tg_table_name;
  v_via text := app.history_via();
  v_batch uuid := app.history_batch();
  v_fields record;
  v_orgs bigint;
  v_org text;
  v_actor_id uuid;
  v_actor_name text;
begin
  -- A custom field made sensitive or not moves its values between the records and
  -- app.custom_sensitive (app.custom_field_moved): nothing changed, and no sensitive value is written
  -- into the history its readers see.
  if current_setting('steward.custom_moving', true) = 'on' then
    return null;
  end if;
  -- Written set-wise, with the per-row work inline: a bulk change of 10,000 rows is one statement.
  if tg_op = 'UPDATE' then
    insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
    -- Materialised, so each row becomes jsonb once rather than once per field compared.
    with pair as materialized (
      select to_jsonb(o) as oj, to_jsonb(n) as nj from new_rows n join old_rows o on o.id = n.id
    ),
    changed as materialized (
      select nj ->> 'org_name' as org_name, (nj ->> 'id')::uuid as id, oj, nj,
             (select jsonb_object_agg(f.key, jsonb_build_array(oj -> f.key, f.value))
                from jsonb_each(nj) f
               where (oj -> f.key) is distinct from f.value and not app.history_ignored(f.key)) as diff
      from pair
    ),
    actors as (
      select o.org_name, a.actor_id, a.actor_name
      from (select distinct org_name from changed) o
      left join lateral app.history_actor(o.org_name) a on true
    )
    select c.org_name, v_component, v_table, c.id,
           case when (c.oj ->> 'archive') is distinct from (c.nj ->> 'archive')
                then case when (c.nj ->> 'archive')::boolean then 'archive' else 'restore' end
                else 'update' end,
           v_via, v_batch, c.diff, app.record_label(c.nj), a.actor_id, a.actor_name,
           app.record_owner_ids(c.nj)
    from changed c join actors a on a.org_name = c.org_name
    where c.diff is not null;
  else
    -- An inserted or deleted row: its fields, less those never shown and the empty ones.
    v_fields := app.history_table_fields(tg_relid);
    -- The person is the same for every row of an organisation: looked up first. Nearly every
    -- statement writes in one organisation; its rows are then written in one pass, without gathering
    -- them (as jsonb) twice. A row without an organisation has no history, as before.
    if v_fields.org_column then
      if tg_op = 'INSERT' then
        select count(*), min(o.org_name) into v_orgs, v_org from (select distinct n.org_name::text as org_name from new_rows n where n.org_name is not null) o;
      else
        select count(*), min(o.org_name) into v_orgs, v_org from (select distinct n.org_name::text as org_name from old_rows n where n.org_name is not null) o;
      end if;
      if v_orgs = 0 then
        return null;
      end if;
    end if;
    if v_orgs = 1 then
      select a.actor_id, a.actor_name into v_actor_id, v_actor_name from app.history_actor(v_org) a;
      if tg_op = 'INSERT' then
        insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
        select v_org, v_component, v_table, (r.j ->> 'id')::uuid, 'insert', v_via, v_batch,
               case when v_fields.plain then jsonb_strip_nulls(r.j) - v_fields.ignored else app.history_row(r.j) end,
               app.record_label(r.j), v_actor_id, v_actor_name, app.record_owner_ids(r.j)
        -- offset 0: each row becomes jsonb once (a subquery pulled up would repeat it per use).
        from (select to_jsonb(n) as j from new_rows n where n.org_name is not null offset 0) r;
      else
        insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
        select v_org, v_component, v_table, (r.j ->> 'id')::uuid, 'delete', v_via, v_batch,
               case when v_fields.plain then jsonb_strip_nulls(r.j) - v_fields.ignored else app.history_row(r.j) end,
               app.record_label(r.j), v_actor_id, v_actor_name, app.record_owner_ids(r.j)
        from (select to_jsonb(o) as j from old_rows o where o.org_name is not null offset 0) r;
      end if;
    elsif tg_op = 'INSERT' then
      insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
      with touched as (select j ->> 'org_name' as org_name, (j ->> 'id')::uuid as id, j from (select to_jsonb(n) as j from new_rows n) r),
      actors as (
        select o.org_name, a.actor_id, a.actor_name
        from (select distinct org_name from touched) o
        left join lateral app.history_actor(o.org_name) a on true
      )
      select t.org_name, v_component, v_table, t.id, 'insert', v_via, v_batch,
             case when v_fields.plain then jsonb_strip_nulls(t.j) - v_fields.ignored else app.history_row(t.j) end,
             app.record_label(t.j), a.actor_id, a.actor_name, app.record_owner_ids(t.j)
      from touched t join actors a on a.org_name = t.org_name;
    else
      insert into public.record_history (org_name, component, table_name, record_id, action, via, batch_id, changes, record_label, actor_id, actor_name, owner_ids)
      with touched as (select j ->> 'org_name' as org_name, (j ->> 'id')::uuid as id, j from (select to_jsonb(o) as j from old_rows o) r),
      actors as (
        select o.org_name, a.actor_id, a.actor_name
        from (select distinct org_name from touched) o
        left join lateral app.history_actor(o.org_name) a on true
      )
      select t.org_name, v_component, v_table, t.id, 'delete', v_via, v_batch,
             case when v_fields.plain then jsonb_strip_nulls(t.j) - v_fields.ignored else app.history_row(t.j) end,
             app.record_label(t.j), a.actor_id, a.actor_name, app.record_owner_ids(t.j)
      from touched t join actors a on a.org_name = t.org_name;
    end if;
  end if;
  return null;
end;
$function$;
revoke all on function app.write_history() from public, anon, authenticated, service_role;
grant execute on function app.write_history() to authenticated;
grant execute on function app.write_history() to service_role;
grant execute on function app.write_history() to steward_import_writer;

create view catalog.reservations_view with (security_invoker=true) as
 SELECT r.id,
    r.name,
    r.description,
    r.confirmation,
    r.status,
    r.source_channel,
    r.accommodation_id,
    a.name AS accommodation_name,
    r.check_in,
    r.check_out,
    (r.check_in AT TIME ZONE 'UTC'::text)::date AS check_in_date,
    (r.check_out AT TIME ZONE 'UTC'::text)::date AS check_out_date,
    COALESCE(r.nights, (r.check_out AT TIME ZONE 'UTC'::text)::date - (r.check_in AT TIME ZONE 'UTC'::text)::date) AS nights,
    r.all_day,
    r.adults,
    r.children,
    r.pets,
    r.rate_id,
    rt.name AS rate_name,
    rt.type_id AS rate_type_id,
    ty.name AS rate_type_name,
    ty.abbreviation AS rate_type_abbreviation,
    ty.card_color AS rate_type_card_color,
    r.contact_id,
    c.name AS contact_name,
    r.business_id,
    b.name AS business_name,
    r.total_amount,
    r.deposit_paid,
    r.org_name,
    r.archive,
    r.created_at,
    r.created_by,
    r.last_modified_at,
    r.last_modified_by,
    r.custom || COALESCE(cv.custom, '{}'::jsonb) AS custom
   FROM catalog.reservations r
     LEFT JOIN catalog.accommodations a ON a.id = r.accommodation_id
     LEFT JOIN catalog.accommodation_rates rt ON rt.id = r.rate_id
     LEFT JOIN catalog.accommodation_rate_types ty ON ty.id = rt.type_id
     LEFT JOIN crm.contacts c ON c.id = r.contact_id
     LEFT JOIN crm.businesses b ON b.id = r.business_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'reservation'::text AND cv.record_id = r.id;
revoke all on table catalog.reservations_view from public, anon, authenticated, service_role;
grant select on table catalog.reservations_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservations_view to service_role;

create view crm.businesses_view with (security_invoker=true) as
 SELECT b.id,
    b.short_id,
    b.name,
    b.dba_name,
    b.description,
    b.image_link,
    b.status,
    b.type_id,
    bt.name AS type_name,
    b.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    b.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    b.org_name,
    b.archive,
    b.created_at,
    b.created_by,
    cb.name AS created_by_name,
    b.last_modified_at,
    b.last_modified_by,
    mb.name AS last_modified_by_name,
    b.custom || COALESCE(cv.custom, '{}'::jsonb) AS custom
   FROM crm.businesses b
     LEFT JOIN crm.business_types bt ON bt.id = b.type_id
     LEFT JOIN public.user_profiles po ON po.id = b.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = b.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = b.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = b.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = b.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'business'::text AND cv.record_id = b.id;
revoke all on table crm.businesses_view from public, anon, authenticated, service_role;
grant select on table crm.businesses_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.businesses_view to service_role;

create view crm.contacts_view with (security_invoker=true) as
 SELECT c.id,
    c.short_id,
    c.name,
    c.description,
    c.image_link,
    c.status,
    c.type_id,
    ct.name AS type_name,
    c.prefix,
    c.first_name,
    c.middle_name,
    c.last_name,
    c.suffix,
    c.nickname,
    c.alternate_last_name,
    c.date_of_birth,
    c.spouse_id,
    sp.name AS spouse_name,
    sp.short_id AS spouse_short_id,
    c.food_bev_notes,
    c.activities_notes,
    c.height,
    c.weight,
    c.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    c.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    c.org_name,
    c.archive,
    c.created_at,
    c.created_by,
    cb.name AS created_by_name,
    c.last_modified_at,
    c.last_modified_by,
    mb.name AS last_modified_by_name,
    c.custom || COALESCE(cv.custom, '{}'::jsonb) AS custom
   FROM crm.contacts c
     LEFT JOIN crm.contact_types ct ON ct.id = c.type_id
     LEFT JOIN crm.contacts sp ON sp.id = c.spouse_id
     LEFT JOIN public.user_profiles po ON po.id = c.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = c.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = c.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = c.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = c.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'contact'::text AND cv.record_id = c.id;
revoke all on table crm.contacts_view from public, anon, authenticated, service_role;
grant select on table crm.contacts_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contacts_view to service_role;

create view crm.households_view with (security_invoker=true) as
 SELECT h.id,
    h.short_id,
    h.name,
    h.description,
    h.image_link,
    h.status,
    h.preferred_addressee,
    h.preferred_salutation,
    h.primary_contact_id,
    pc.name AS primary_contact_name,
    pc.short_id AS primary_contact_short_id,
    h.secondary_contact_id,
    sc.name AS secondary_contact_name,
    sc.short_id AS secondary_contact_short_id,
    h.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    h.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    h.org_name,
    h.archive,
    h.created_at,
    h.created_by,
    cb.name AS created_by_name,
    h.last_modified_at,
    h.last_modified_by,
    mb.name AS last_modified_by_name,
    h.custom || COALESCE(cv.custom, '{}'::jsonb) AS custom
   FROM crm.households h
     LEFT JOIN crm.contacts pc ON pc.id = h.primary_contact_id
     LEFT JOIN crm.contacts sc ON sc.id = h.secondary_contact_id
     LEFT JOIN public.user_profiles po ON po.id = h.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = h.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = h.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = h.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = h.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'household'::text AND cv.record_id = h.id;
revoke all on table crm.households_view from public, anon, authenticated, service_role;
grant select on table crm.households_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.households_view to service_role;

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
    s.custom || COALESCE(cv.custom, '{}'::jsonb) AS custom
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
    t.custom || COALESCE(cv.custom, '{}'::jsonb) AS custom
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

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON catalog.accommodations FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('accommodation');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON catalog.accommodations FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('accommodation');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON catalog.accommodations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('accommodation');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON catalog.products FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('product');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON catalog.products FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('product');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON catalog.products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('product');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON catalog.reservations FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('reservation');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON catalog.reservations FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('reservation');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON catalog.reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('reservation');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON catalog.supplies FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('supply');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON catalog.supplies FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('supply');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON catalog.supplies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('supply');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON crm.businesses FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('business');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON crm.businesses FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('business');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON crm.businesses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('business');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON crm.contacts FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('contact');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON crm.contacts FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('contact');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON crm.contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('contact');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON crm.households FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('household');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON crm.households FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('household');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON crm.households REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('household');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON hr.staff_profiles FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('staff');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON hr.staff_profiles FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('staff');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON hr.staff_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('staff');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON ops.projects FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('project');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON ops.projects FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('project');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON ops.projects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('project');

CREATE TRIGGER steward_15_custom_insert BEFORE INSERT ON ops.tasks FOR EACH ROW EXECUTE FUNCTION app.custom_values_check('task');

CREATE TRIGGER steward_15_custom_update BEFORE UPDATE ON ops.tasks FOR EACH ROW WHEN (old.custom IS DISTINCT FROM new.custom) EXECUTE FUNCTION app.custom_values_check('task');

CREATE TRIGGER steward_90_custom_forget AFTER DELETE ON ops.tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.custom_values_forget('task');

CREATE CONSTRAINT TRIGGER org_ref_guard_custom_fields_created_by_fkey AFTER INSERT OR UPDATE OF created_by, org_name ON settings.custom_fields DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.created_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.created_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('created_by', 'public.user_profiles', 'id', 'uuid', 'custom_fields_created_by_fkey', 'user_profiles');

CREATE CONSTRAINT TRIGGER org_ref_guard_custom_fields_last_modified_by_fkey AFTER INSERT OR UPDATE OF last_modified_by, org_name ON settings.custom_fields DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.last_modified_by IS NOT NULL AND NOT app.is_app_user() AND app.org_ref_other__public__user_profiles(new.last_modified_by, new.org_name) IS NOT FALSE) EXECUTE FUNCTION app.org_reference_guard('last_modified_by', 'public.user_profiles', 'id', 'uuid', 'custom_fields_last_modified_by_fkey', 'user_profiles');

CREATE TRIGGER steward_10_org_name BEFORE INSERT OR UPDATE ON settings.custom_fields FOR EACH ROW EXECUTE FUNCTION app.enforce_org_name();

CREATE TRIGGER steward_15_custom_field BEFORE INSERT OR DELETE OR UPDATE ON settings.custom_fields FOR EACH ROW EXECUTE FUNCTION app.custom_field_check();

CREATE TRIGGER steward_20_audit BEFORE INSERT OR UPDATE ON settings.custom_fields FOR EACH ROW EXECUTE FUNCTION app.stamp_audit();

CREATE TRIGGER steward_80_custom_field_moved AFTER UPDATE OF sensitive ON settings.custom_fields FOR EACH ROW WHEN (old.sensitive IS DISTINCT FROM new.sensitive) EXECUTE FUNCTION app.custom_field_moved();

CREATE TRIGGER steward_90_history_delete AFTER DELETE ON settings.custom_fields REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_insert AFTER INSERT ON settings.custom_fields REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

CREATE TRIGGER steward_90_history_update AFTER UPDATE ON settings.custom_fields REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app.write_history('settings');

create policy editors_read on app.custom_sensitive
  as permissive
  for select
  to authenticated
  using (((record_kind || ':'::text) || org_name) = ANY ((( SELECT app.custom_sensitive_readable() AS custom_sensitive_readable))::text[]));

create policy org_delete on settings.custom_fields
  as permissive
  for delete
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'delete'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

create policy org_insert on settings.custom_fields
  as permissive
  for insert
  to authenticated
  with check (org_name <> '_system_default_'::text AND (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'create'::text, 'allowed'::text) AS orgs_with_access))::text[])));

create policy org_read on settings.custom_fields
  as permissive
  for select
  to authenticated
  using (org_name = '_system_default_'::text OR (org_name = ANY ((( SELECT app.member_orgs() AS member_orgs))::text[])));

create policy org_update on settings.custom_fields
  as permissive
  for update
  to authenticated
  using (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))))
  with check (org_name <> '_system_default_'::text AND ((org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Organization'::text) AS orgs_with_access))::text[])) OR (org_name = ANY ((( SELECT app.orgs_with_access('settings'::text, 'edit'::text, 'Personal'::text) AS orgs_with_access))::text[])) AND (created_by = ANY ((( SELECT app.my_profile_ids() AS my_profile_ids))::uuid[]))));

-- Definitions keep a history like the other settings tables (app.attach_history's list).
insert into app.history_tables (table_name, component) values ('settings.custom_fields', 'settings')
on conflict (table_name) do update set component = excluded.component;

delete from app.list_sources;
insert into app.list_sources (relation, base, columns)
select relation_name::regclass, base_name::regclass, columns from list_sources_by_name;
