-- refusals carry their message ids: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.booking_stay_problem(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer);

drop function app.custom_import_problem(p_org text, p_kind text, p_values jsonb);

drop function app.mail_suppression_problem(p_org text, p_email text);

drop function crm.import_errors(p_job uuid);

drop function crm.import_problems(p_job uuid);

CREATE OR REPLACE FUNCTION app.booking_stay_refusal(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_window integer;
begin
  if p_check_in is null or p_check_out is null then
    return app.refusal('booking.datesRequired', 'Choose a check-in and a check-out date.');
  end if;
  if p_check_out <= p_check_in then
    return app.refusal('booking.checkOutAfterCheckIn', 'Check-out must be after check-in.');
  end if;
  if p_check_in < current_date then
    return app.refusal('booking.checkInPast', 'Check-in cannot be in the past.');
  end if;
  if p_check_out - p_check_in > 30 then
    return app.refusal('booking.tooLong', 'A stay booked online can be at most 30 nights.');
  end if;
  select coalesce(max(r.max_advance_days), 365) into v_window
  from catalog.accommodation_rates r where r.org_name = p_org and not r.archive and r.max_advance_days is not null;
  if p_check_in > current_date + v_window then
    return app.refusal('booking.tooFarAhead', 'Bookings open at most {days} days ahead.', jsonb_build_object('days', v_window));
  end if;
  if p_adults is null or p_adults < 1 then
    return app.refusal('booking.adultRequired', 'At least one adult must stay.');
  end if;
  if p_adults > 99 or coalesce(p_children, 0) not between 0 and 99 or coalesce(p_pets, 0) not between 0 and 20 then
    return app.refusal('booking.partyRequired', 'Enter the number of adults, children and pets.');
  end if;
  return null;
end;
$function$;
revoke all on function app.booking_stay_refusal(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function app.booking_stay_refusal(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function app.booking_stay_refusal(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'why a guest''s dates and party cannot be searched or booked, as a refusal the booking page shows in the guest''s language (app.refusal_answer), or null';

CREATE OR REPLACE FUNCTION app.contact_method_value_refusal(p_kind text, p_value text)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
begin
  -- The rule is app.contact_method_value_problem's (kept a plain SQL expression: imports check every
  -- staged row with it); this names its message (the English the same, held by databaseMessages.test.ts).
  if app.contact_method_value_problem(p_kind, p_value) is null then
    return null;
  elsif p_kind = 'email' then
    return app.refusal('contactMethod.notEmail', 'Enter an e-mail address like name@example.com.');
  end if;
  return app.refusal('contactMethod.notPhone', 'Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.');
end;
$function$;
revoke all on function app.contact_method_value_refusal(p_kind text, p_value text) from public, anon, authenticated, service_role;
grant execute on function app.contact_method_value_refusal(p_kind text, p_value text) to authenticated;
grant execute on function app.contact_method_value_refusal(p_kind text, p_value text) to service_role;
grant execute on function app.contact_method_value_refusal(p_kind text, p_value text) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_import_refusal(p_org text, p_kind text, p_values jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_custom jsonb;
  v_message text;
  v_detail text;
  v_hint text;
  v_field settings.custom_fields;
begin
  -- What is wrong with a CSV line's custom cells, or null: a cell that does not fit, or a required
  -- field left empty (its default aside).
  begin
    v_custom := app.custom_from_labels(p_org, p_kind, p_values);
  exception when sqlstate '23514' then
    -- The refusal as app.refuse raised it (its id and values), or its words alone.
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
    if v_hint like 'steward:%' then
      return jsonb_build_object('id', substr(v_hint, 9), 'message', v_message, 'values', coalesce(nullif(v_detail, '')::jsonb, '{}'::jsonb));
    end if;
    return jsonb_build_object('message', v_message);
  end;
  select * into v_field from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and not f.archive and f.required
     and not v_custom ? f.id::text
   order by f.position, f.id limit 1;
  if v_field.id is not null then
    return app.refusal('custom.required', '{label} is required', jsonb_build_object('label', v_field.label));
  end if;
  return null;
end;
$function$;
revoke all on function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb) to authenticated;
grant execute on function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb) to service_role;
grant execute on function app.custom_import_refusal(p_org text, p_kind text, p_values jsonb) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
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
      return app.refusal('custom.notText', '{label} must be text', jsonb_build_object('label', v_label));
    end if;
    v_text := p_value #>> '{}';
    if p_field.field_type = 'long_text' and length(v_text) > 10000 then
      return app.refusal('custom.tooLongText', '{label} must be at most 10000 characters', jsonb_build_object('label', v_label));
    elsif p_field.field_type <> 'long_text' and length(v_text) > 500 then
      return app.refusal('custom.tooLong', '{label} must be at most 500 characters', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'email' and app.contact_method_value_problem('email', v_text) is not null then
      return app.refusal('custom.notEmail', '{label} must be an e-mail address like name@example.com', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'phone' and app.contact_method_value_problem('phone', v_text) is not null then
      return app.refusal('custom.notPhone', '{label} must be a phone number of 4 to 15 digits', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'url' and btrim(v_text) !~* '^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$' then
      return app.refusal('custom.notUrl', '{label} must be a web address starting with http:// or https://', jsonb_build_object('label', v_label));
    end if;
  when 'number', 'currency' then
    if v_type is distinct from 'number' then
      return app.refusal('custom.notNumber', '{label} must be a number', jsonb_build_object('label', v_label));
    end if;
  when 'date' then
    v_text := p_value #>> '{}';
    if v_type is distinct from 'string' or v_text !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      return app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', v_label));
    end if;
    begin
      perform v_text::date;
    exception when others then
      return app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', v_label));
    end;
  when 'boolean' then
    if v_type is distinct from 'boolean' then
      return app.refusal('custom.notBoolean', '{label} must be yes or no', jsonb_build_object('label', v_label));
    end if;
  when 'single_choice', 'multiple_choice' then
    if p_field.field_type = 'single_choice' and v_type is distinct from 'string' then
      return app.refusal('custom.notChoice', '{label} must be one of its choices', jsonb_build_object('label', v_label));
    elsif p_field.field_type = 'multiple_choice' and v_type is distinct from 'array' then
      return app.refusal('custom.notChoices', '{label} must be a list of its choices', jsonb_build_object('label', v_label));
    end if;
    for v_item in select e from jsonb_array_elements(case when v_type = 'array' then p_value else jsonb_build_array(p_value) end) e loop
      if jsonb_typeof(v_item) is distinct from 'string' then
        return app.refusal('custom.notChoices', '{label} must be a list of its choices', jsonb_build_object('label', v_label));
      end if;
      if (v_item #>> '{}') = any (v_seen) then
        return app.refusal('custom.choiceTwice', '{label} lists a choice twice', jsonb_build_object('label', v_label));
      end if;
      v_seen := v_seen || (v_item #>> '{}');
      select c into v_choice from jsonb_array_elements(p_field.choices) c where c ->> 'id' = v_item #>> '{}';
      if v_choice is null then
        return app.refusal('custom.noSuchChoice', '{label} has no such choice ({choice})', jsonb_build_object('label', v_label, 'choice', left(v_item #>> '{}', 60)));
      end if;
      -- An archived choice stays where it was; it is not chosen anew.
      if (v_choice ->> 'archived')::boolean and not coalesce(p_old = v_item or p_old @> jsonb_build_array(v_item), false) then
        return app.refusal('custom.choiceArchived', '{label}: the choice {choice} is archived', jsonb_build_object('label', v_label, 'choice', v_choice ->> 'label'));
      end if;
    end loop;
  when 'link' then
    v_text := p_value #>> '{}';
    if v_type is distinct from 'string' or v_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      return app.refusal('custom.notLink', '{label} must link to a {kind} of this organisation', jsonb_build_object('label', v_label, 'kind', p_field.link_kind));
    end if;
    v_found := case p_field.link_kind
      when 'contact' then exists (select 1 from crm.contacts r where r.id = v_text::uuid and r.org_name = p_org)
      when 'business' then exists (select 1 from crm.businesses r where r.id = v_text::uuid and r.org_name = p_org)
      when 'household' then exists (select 1 from crm.households r where r.id = v_text::uuid and r.org_name = p_org)
      else false end;
    if not v_found then
      return app.refusal('custom.notLink', '{label} must link to a {kind} of this organisation', jsonb_build_object('label', v_label, 'kind', p_field.link_kind));
    end if;
  end case;
  return null;
end;
$function$;
revoke all on function app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_value_refusal(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb) to service_role;

CREATE OR REPLACE FUNCTION app.mail_suppression_refusal(p_org text, p_email text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case s.reason
           when 'unsubscribed' then app.refusal('mail.unsubscribed', '{address} has unsubscribed', jsonb_build_object('address', s.email))
           else app.refusal('mail.bounced', '{address} bounced earlier', jsonb_build_object('address', s.email)) end
  from crm.mail_suppressions s where s.org_name = p_org and s.email = lower(btrim(p_email))
$function$;
revoke all on function app.mail_suppression_refusal(p_org text, p_email text) from public, anon, authenticated, service_role;
grant execute on function app.mail_suppression_refusal(p_org text, p_email text) to service_role;
comment on function app.mail_suppression_refusal(p_org text, p_email text) is 'why mail may not go to an address of the organisation''s suppression list (unsubscribed, bounced), as a refusal (app.refusal); null when it may';

CREATE OR REPLACE FUNCTION app.refusal(p_id text, p_message text, p_values jsonb DEFAULT '{}'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
declare
  v_message text := p_message;
  v_values text[] := '{}';
  v_entry record;
begin
  -- Each {name} of the English takes its value, in one pass (a value that holds "{other}" stays as it
  -- is); a value that is itself a refusal reads as its message.
  for v_entry in select e.key, e.value from jsonb_each(coalesce(p_values, '{}'::jsonb)) e loop
    v_values := v_values || case jsonb_typeof(v_entry.value)
      when 'null' then ''
      when 'string' then v_entry.value #>> '{}'
      when 'object' then coalesce(v_entry.value ->> 'message', '')
      else v_entry.value::text end;
    v_message := replace(v_message, '{' || v_entry.key || '}', chr(1) || cardinality(v_values) || chr(2));
  end loop;
  for v_n in 1 .. cardinality(v_values) loop
    v_message := replace(v_message, chr(1) || v_n || chr(2), v_values[v_n]);
  end loop;
  return jsonb_build_object('id', p_id, 'message', v_message, 'values', coalesce(p_values, '{}'::jsonb));
end;
$function$;
revoke all on function app.refusal(p_id text, p_message text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to authenticated;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to service_role;
grant execute on function app.refusal(p_id text, p_message text, p_values jsonb) to steward_import_writer;
comment on function app.refusal(p_id text, p_message text, p_values jsonb) is 'a message a person reads in their language: {id, message (the English with each {name} replaced by its value), values}; libs'' catalogue has it as db.<id> (docs/architecture.md, Database refusals)';

CREATE OR REPLACE FUNCTION app.refusal_answer(p_refusal jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('ok', false, 'reason', p_refusal ->> 'message', 'refusal', p_refusal)
$function$;
revoke all on function app.refusal_answer(p_refusal jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refusal_answer(p_refusal jsonb) to service_role;
comment on function app.refusal_answer(p_refusal jsonb) is 'the answer of a public page''s function that says no without raising: ok false, the reason in English and the refusal (app.refusal) the page says in the guest''s language';

CREATE OR REPLACE FUNCTION app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb DEFAULT '{}'::jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform app.refuse(p_errcode, app.refusal(p_id, p_message, p_values));
end;
$function$;
revoke all on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to authenticated;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to service_role;
grant execute on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) to steward_import_writer;
comment on function app.refuse(p_errcode text, p_id text, p_message text, p_values jsonb) is 'refuses with a message a person reads in their language: app.refuse(code, app.refusal(id, English, values)), one line at each refusal (docs/architecture.md, Database refusals)';

CREATE OR REPLACE FUNCTION app.refuse(p_errcode text, p_refusal jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  raise exception using errcode = p_errcode, message = p_refusal ->> 'message',
    hint = 'steward:' || (p_refusal ->> 'id'), detail = coalesce(p_refusal -> 'values', '{}'::jsonb)::text;
end;
$function$;
revoke all on function app.refuse(p_errcode text, p_refusal jsonb) from public, anon, authenticated, service_role;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to authenticated;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to service_role;
grant execute on function app.refuse(p_errcode text, p_refusal jsonb) to steward_import_writer;
comment on function app.refuse(p_errcode text, p_refusal jsonb) is 'refuses with a message a person reads in their language (app.refusal): the SQLSTATE as given, the English as the message, hint steward:<id> and the values as the detail, which PostgREST passes on';

CREATE OR REPLACE FUNCTION app.claim_import_turn(p_org_name text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- One long import call per organisation at a time (the check of the staged rows, up to 120 s, or
  -- the import itself, up to 600 s), until its transaction ends: a second is refused at once rather
  -- than holding another of the database's connections.
  if not pg_try_advisory_xact_lock(hashtextextended('steward:import:' || p_org_name, 0)) then
    perform app.refuse('PT409', 'import.anotherRunning', 'Another import is running for this organization; try again when it has finished.');
  end if;
end;
$function$;
revoke all on function app.claim_import_turn(p_org_name text) from public, anon, authenticated, service_role;
grant execute on function app.claim_import_turn(p_org_name text) to authenticated;
grant execute on function app.claim_import_turn(p_org_name text) to service_role;
grant execute on function app.claim_import_turn(p_org_name text) to steward_import_writer;
comment on function app.claim_import_turn(p_org_name text) is 'the organisation''s one running import (crm.import_problems, app.import_job_write) until the transaction ends; refuses a second at once';

CREATE OR REPLACE FUNCTION app.contact_method_prepare()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_refusal jsonb;
begin
  if tg_op = 'INSERT' or new.type_id is distinct from old.type_id then
    new.kind := coalesce((select t.kind from crm.contact_method_types t where t.id = new.type_id), 'other');
  end if;
  if tg_op = 'INSERT' or new.value is distinct from old.value or new.kind is distinct from old.kind then
    v_refusal := app.contact_method_value_refusal(new.kind, new.value);
    if v_refusal is not null then
      perform app.refuse('23514', v_refusal);
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.contact_method_prepare() from public, anon, authenticated, service_role;
grant execute on function app.contact_method_prepare() to service_role;

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
  v_refusal jsonb;
  v_count integer;
begin
  if tg_op = 'DELETE' then
    -- A field with values is archived, not deleted (its values would stay behind, unknown).
    execute format('select exists (select 1 from %s t where t.custom ? %L and t.org_name = %L)',
                   app.custom_record_table(old.record_kind), old.id::text, old.org_name) into v_problem;
    if v_problem::boolean or exists (select 1 from app.custom_sensitive s
                                     where s.record_kind = old.record_kind and s.org_name = old.org_name and s.custom ? old.id::text) then
      perform app.refuse('23514', 'field.hasValues', '{label} has values: archive it instead of deleting it', jsonb_build_object('label', old.label));
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
    perform app.refuse('23514', 'field.notChoice', '{label} is not a choice field: it has no choices', jsonb_build_object('label', new.label));
  end if;
  if jsonb_array_length(new.choices) > 500 then
    perform app.refuse('23514', 'field.tooManyChoices', '{label} has more than 500 choices', jsonb_build_object('label', new.label));
  end if;
  for v_choice in select c from jsonb_array_elements(new.choices) c loop
    if jsonb_typeof(v_choice) <> 'object' or jsonb_typeof(v_choice -> 'label') is distinct from 'string'
       or btrim(v_choice ->> 'label') = '' then
      perform app.refuse('23514', 'field.choiceLabel', 'Every choice of {label} needs a label', jsonb_build_object('label', new.label));
    end if;
    v_label := btrim(v_choice ->> 'label');
    if length(v_label) > 80 then
      perform app.refuse('23514', 'field.choiceTooLong', 'A choice of {label} is longer than 80 characters', jsonb_build_object('label', new.label));
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
      perform app.refuse('23514', 'field.choiceTwice', '{label} has two choices named {choice}', jsonb_build_object('label', new.label, 'choice', v_label));
    end if;
    v_ids := v_ids || lower(v_id);
    if not v_archived then
      v_labels := v_labels || lower(v_label);
    end if;
    v_choices := v_choices || jsonb_build_array(jsonb_build_object('id', lower(v_id), 'label', v_label, 'archived', v_archived));
  end loop;
  new.choices := v_choices;
  -- (A field that stops being a choice, through settings.change_field_type, leaves its choices.)
  if tg_op = 'UPDATE' and new.field_type in ('single_choice', 'multiple_choice')
     and exists (select 1 from jsonb_array_elements(old.choices) o where not ((o ->> 'id') = any (v_ids))) then
    perform app.refuse('23514', 'field.choiceRemoved', 'A choice of {label} cannot be removed: archive it instead (its values stay)', jsonb_build_object('label', new.label));
  end if;
  if app.custom_empty(new.default_value) then
    new.default_value := null;
  else
    v_refusal := app.custom_value_refusal(new, new.default_value, new.org_name, null);
    if v_refusal is not null then
      perform app.refuse('23514', 'field.defaultValue', 'Default value: {problem}', jsonb_build_object('problem', v_refusal));
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
      perform app.refuse('23514', 'field.tooMany', 'An organisation has at most 200 fields on each kind of record');
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.custom_field_check() from public, anon, authenticated, service_role;
grant execute on function app.custom_field_check() to service_role;

CREATE OR REPLACE FUNCTION app.custom_field_for_change(p_field uuid, p_new_type text)
 RETURNS settings.custom_fields
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_field settings.custom_fields;
begin
  -- The field a type change is about, once the caller may change it (Settings edit in its
  -- organisation) and the new type is one it can take.
  select * into v_field from settings.custom_fields f where f.id = p_field and f.org_name = any (app.member_orgs());
  if v_field.id is null then
    perform app.refuse('P0002', 'field.notFound', 'No such field');
  end if;
  if not v_field.org_name = any (app.orgs_with_access('settings', 'edit', 'Organization') || app.orgs_with_access('settings', 'edit', 'Personal')) then
    perform app.refuse('42501', 'field.typeChangeForbidden', 'Only people who may edit Settings change a field''s type');
  end if;
  if p_new_type is null or p_new_type not in ('short_text', 'long_text', 'number', 'currency', 'date', 'boolean', 'single_choice',
                                              'multiple_choice', 'email', 'phone', 'url', 'link') then
    raise exception using errcode = '22023', message = format('Unknown field type: %s', p_new_type);
  end if;
  if p_new_type = 'link' or v_field.field_type = 'link' and p_new_type not in ('short_text', 'long_text') then
    perform app.refuse('23514', 'field.linkType', 'A link field only becomes text, and no field becomes a link: make a new link field');
  end if;
  if p_new_type = v_field.field_type then
    perform app.refuse('23514', 'field.sameType', '{label} already has that type', jsonb_build_object('label', v_field.label));
  end if;
  return v_field;
end;
$function$;
revoke all on function app.custom_field_for_change(p_field uuid, p_new_type text) from public, anon, authenticated, service_role;
grant execute on function app.custom_field_for_change(p_field uuid, p_new_type text) to service_role;

CREATE OR REPLACE FUNCTION app.custom_from_labels(p_org text, p_kind text, p_values jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_entry record;
  v_field settings.custom_fields;
  v_text settings.custom_fields;
  v_value jsonb;
  v_custom jsonb := '{}';
  v_cell text;
begin
  -- A CSV line's custom cells, keyed by column header = field label (any case), as the record's
  -- custom object: choices by label, yes/no, numbers and dates from their text. A cell that does
  -- not fit raises 23514 naming the field (the import reports it with its line).
  if p_values is null or jsonb_typeof(p_values) = 'null' then
    p_values := '{}';
  end if;
  if jsonb_typeof(p_values) <> 'object' then
    raise exception using errcode = '23514', message = 'Custom columns must be an object of label and text';
  end if;
  for v_entry in select e.key, e.value from jsonb_each(p_values) e loop
    select * into v_field from settings.custom_fields f
     where f.org_name = p_org and f.record_kind = p_kind and not f.archive and lower(f.label) = lower(btrim(v_entry.key));
    if v_field.id is null then
      perform app.refuse('23514', 'custom.unknownColumn', 'Unknown field "{field}"', jsonb_build_object('field', left(v_entry.key, 80)));
    end if;
    v_cell := btrim(coalesce(v_entry.value #>> '{}', ''));
    continue when v_cell = '';
    v_text := v_field;
    v_text.field_type := 'long_text';
    v_text.choices := '[]';
    if v_field.field_type = 'link' then
      v_value := to_jsonb(v_cell);
    else
      v_value := app.custom_convert(to_jsonb(v_cell), v_text, v_field);
    end if;
    if v_value is null then
      perform app.refuse('23514', case
        when v_field.field_type in ('single_choice', 'multiple_choice') then app.refusal('custom.noChoiceNamed', '{label} has no choice "{choice}"', jsonb_build_object('label', v_field.label, 'choice', left(v_cell, 80)))
        when v_field.field_type in ('number', 'currency') then app.refusal('custom.notNumber', '{label} must be a number', jsonb_build_object('label', v_field.label))
        when v_field.field_type = 'date' then app.refusal('custom.notDate', '{label} must be a date (YYYY-MM-DD)', jsonb_build_object('label', v_field.label))
        when v_field.field_type = 'boolean' then app.refusal('custom.notBoolean', '{label} must be yes or no', jsonb_build_object('label', v_field.label))
        else coalesce(app.custom_value_refusal(v_field, to_jsonb(v_cell), p_org),
                      app.refusal('custom.doesNotFit', '{label}: "{value}" does not fit', jsonb_build_object('label', v_field.label, 'value', left(v_cell, 80)))) end);
    end if;
    if v_field.field_type = 'link' and app.custom_value_refusal(v_field, v_value, p_org) is not null then
      perform app.refuse('23514', app.custom_value_refusal(v_field, v_value, p_org));
    end if;
    v_custom := v_custom || jsonb_build_object(v_field.id::text, v_value);
  end loop;
  -- Defaults fill the empty cells, as on any new record.
  select v_custom || coalesce(jsonb_object_agg(f.id::text, f.default_value), '{}') into v_custom
    from settings.custom_fields f
   where f.org_name = p_org and f.record_kind = p_kind and not f.archive and f.default_value is not null and not v_custom ? f.id::text;
  return v_custom;
end;
$function$;
revoke all on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to authenticated;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to service_role;
grant execute on function app.custom_from_labels(p_org text, p_kind text, p_values jsonb) to steward_import_writer;

CREATE OR REPLACE FUNCTION app.custom_value_problem(p_field settings.custom_fields, p_value jsonb, p_org text, p_old jsonb DEFAULT NULL::jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return app.custom_value_refusal(p_field, p_value, p_org, p_old) ->> 'message';
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
  v_refusal jsonb;
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
  -- A new record without values, of a kind with no defaults or required fields: nothing to do.
  if tg_op = 'INSERT' and new.custom = '{}' and not exists (
       select 1 from settings.custom_fields f
        where f.org_name = new.org_name and f.record_kind = v_kind and not f.archive and (f.required or f.default_value is not null)) then
    return new;
  end if;
  select count(*) into v_count from jsonb_object_keys(new.custom);
  if v_count > 500 then
    perform app.refuse('23514', 'custom.tooMany', 'A record takes at most 500 custom field values ({count} sent)', jsonb_build_object('count', v_count));
  end if;
  if tg_op = 'UPDATE' then
    v_old := coalesce(old.custom, '{}');
    select s.custom into v_sens_old from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = old.id;
    v_sens_old := coalesce(v_sens_old, '{}');
  end if;
  v_sens := v_sens_old;

  for v_entry in select e.key, e.value from jsonb_each(new.custom) e order by e.key loop
    v_field := null;
    if v_entry.key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into v_field from settings.custom_fields f
       where f.id = v_entry.key::uuid and f.org_name = new.org_name and f.record_kind = v_kind;
    end if;
    if v_field.id is null then
      perform app.refuse('23514', 'custom.unknownField', 'Unknown field: {field}', jsonb_build_object('field', left(v_entry.key, 60)));
    end if;
    v_value := case when app.custom_empty(v_entry.value) then null else v_entry.value end;
    if v_field.sensitive then
      v_may_sensitive := coalesce(v_may_sensitive, app.custom_may_write_sensitive(v_kind, new.org_name));
      if not v_may_sensitive then
        perform app.refuse('42501', 'custom.sensitive', '{label} is sensitive: only people who may edit these records can change it', jsonb_build_object('label', v_field.label));
      end if;
      continue when (v_sens -> v_entry.key) is not distinct from v_value;
      if v_value is not null then
        if v_field.archive then
          perform app.refuse('23514', 'custom.archived', '{label} is archived: its value cannot be changed', jsonb_build_object('label', v_field.label));
        end if;
        v_refusal := app.custom_value_refusal(v_field, v_value, new.org_name, v_sens_old -> v_entry.key);
        if v_refusal is not null then
          perform app.refuse('23514', v_refusal);
        end if;
        v_sens := v_sens || jsonb_build_object(v_entry.key, v_value);
      else
        v_sens := v_sens - v_entry.key;
      end if;
      v_sens_touched := true;
    elsif v_value is not null then
      if (v_old -> v_entry.key) is distinct from v_value then
        if v_field.archive then
          perform app.refuse('23514', 'custom.archived', '{label} is archived: its value cannot be changed', jsonb_build_object('label', v_field.label));
        end if;
        v_refusal := app.custom_value_refusal(v_field, v_value, new.org_name, v_old -> v_entry.key);
        if v_refusal is not null then
          perform app.refuse('23514', v_refusal);
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
    if v_field.required and v_field.sensitive then
      v_may_sensitive := coalesce(v_may_sensitive, app.custom_may_write_sensitive(v_kind, new.org_name));
    end if;
    if v_field.required and not (case when v_field.sensitive then v_sens else v_new end ? v_field.id::text)
       and (not v_field.sensitive or v_may_sensitive)
       and (tg_op = 'INSERT' or (case when v_field.sensitive then v_sens_old else v_old end ? v_field.id::text)) then
      perform app.refuse('23514', 'custom.required', '{label} is required', jsonb_build_object('label', v_field.label));
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

CREATE OR REPLACE FUNCTION app.enforce_org_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if app.is_app_user() then
      if new.org_name is null then
        new.org_name := app.default_org();
        if new.org_name is null then
          perform app.refuse('42501', 'org.noActive', 'No active organization: choose an organization before creating records');
        end if;
      elsif new.org_name = '_system_default_' then
        perform app.refuse('42501', 'record.systemDefault', 'System default records cannot be changed');
      elsif not app.is_active_member(new.org_name) then
        perform app.refuse('42501', 'org.notMember', 'You are not a member of the organization {org}', jsonb_build_object('org', new.org_name));
      end if;
    end if;
  elsif new.org_name is distinct from old.org_name and app.is_app_user() then
    raise exception using errcode = '42501', message = 'org_name cannot be changed';
  end if;
  return new;
end;
$function$;
revoke all on function app.enforce_org_name() from public, anon, authenticated, service_role;
grant execute on function app.enforce_org_name() to authenticated;
grant execute on function app.enforce_org_name() to service_role;

CREATE OR REPLACE FUNCTION app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text DEFAULT NULL::text, p_kind text DEFAULT 'notice'::text, p_org_name text DEFAULT NULL::text, p_related_table text DEFAULT NULL::text, p_related_id uuid DEFAULT NULL::uuid)
 RETURNS bigint
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id bigint;
begin
  -- A line break in a header would start another header (Bcc: …) or the body.
  if p_subject ~ '[\r\n]' or p_to ~ '[\r\n]' then
    perform app.refuse('22023', 'mail.lineBreaks', 'An e-mail''s subject and address cannot contain line breaks');
  end if;
  -- Each organisation's mail counts against its own quota (app.organization_limits mails_per_day);
  -- a person waiting on the change that sends it is told, and nothing of the change is kept.
  perform app.require_mail_quota(p_org_name, 1);
  insert into app.mail_outbox (org_name, kind, to_email, subject, body_text, body_html, related_table, related_id)
  values (p_org_name, p_kind, lower(btrim(p_to)), p_subject, p_body_text, p_body_html, p_related_table, p_related_id)
  returning id into v_id;
  -- Wakes a listening sender at commit; a sender that polls finds the row anyway.
  perform pg_notify('mail_outbox', v_id::text);
  return v_id;
end;
$function$;
revoke all on function app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text, p_kind text, p_org_name text, p_related_table text, p_related_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.enqueue_mail(p_to text, p_subject text, p_body_text text, p_body_html text, p_kind text, p_org_name text, p_related_table text, p_related_id uuid) to service_role;

CREATE OR REPLACE FUNCTION app.guard_user_profile()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.email := lower(new.email);
  if app.is_app_user() then
    if tg_op = 'INSERT' then
      if new.auth_user_id is not null then
        perform app.refuse('42501', 'profile.linkOnActivate', 'A profile is linked to a login only when the invitee activates it');
      end if;
    else
      if new.auth_user_id is distinct from old.auth_user_id then
        raise exception using errcode = '42501', message = 'auth_user_id cannot be changed';
      end if;
      if old.auth_user_id = auth.uid()
         and (new.role_id is distinct from old.role_id or new.status is distinct from old.status or new.source is distinct from old.source)
         and not (old.org_name = any (app.orgs_with_access('settings', 'edit', 'Organization'))) then
        perform app.refuse('42501', 'profile.ownRoleOrStatus', 'You cannot change your own role or status');
      end if;
    end if;
  end if;
  if new.is_primary and new.auth_user_id is not null
     and (tg_op = 'INSERT' or not old.is_primary or new.auth_user_id is distinct from old.auth_user_id) then
    perform app.clear_other_primary_profiles(new.auth_user_id, new.id);
  end if;
  return new;
end;
$function$;
revoke all on function app.guard_user_profile() from public, anon, authenticated, service_role;
grant execute on function app.guard_user_profile() to authenticated;
grant execute on function app.guard_user_profile() to service_role;

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

  select jsonb_agg(jsonb_build_object('line', e.line, 'message', e.message, 'refusal', e.refusal) order by e.line)
    into v_errors
    from (select * from crm.import_errors(p_job) e order by e.line limit 200) e;
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

  -- Custom fields (app.custom_values_check, which skips this writer): cells were checked by
  -- crm.import_errors; sensitive values are kept apart, and written only by people who edit the area.
  v_sensitive := app.custom_sensitive_ids(v_job.org_name, v_job.kind);
  if cardinality(v_sensitive) > 0 then
    insert into app.custom_sensitive (record_kind, record_id, org_name, custom)
    select v_job.kind, r.record_id, v_job.org_name, c.custom
      from crm.import_rows r
      cross join lateral (select jsonb_object_agg(e.key, e.value) as custom
                            from jsonb_each(app.custom_from_labels(v_job.org_name, v_job.kind, r.custom)) e where e.key = any (v_sensitive)) c
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
           now(), v_profile, clock_timestamp(), v_profile, app.custom_from_labels(v_job.org_name, 'contact', r.custom) - v_sensitive
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
           now(), v_profile, clock_timestamp(), v_profile, app.custom_from_labels(v_job.org_name, 'business', r.custom) - v_sensitive
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

CREATE OR REPLACE FUNCTION app.inbox_message_for_edit(p_message uuid)
 RETURNS crm.messages
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v crm.messages;
begin
  select * into v from crm.messages m
   where m.id = p_message and m.direction = 'in'
     and (m.org_name = any (app.orgs_with_access('crm', 'edit', 'Organization')) or m.org_name = any (app.orgs_with_access('crm', 'edit', 'Personal')));
  if v.id is null then
    perform app.refuse('42501', 'message.fileForbidden', 'You cannot file that message');
  end if;
  return v;
end;
$function$;
revoke all on function app.inbox_message_for_edit(p_message uuid) from public, anon, authenticated, service_role;
grant execute on function app.inbox_message_for_edit(p_message uuid) to service_role;

CREATE OR REPLACE FUNCTION app.keep_organization_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.name is distinct from old.name then
    perform app.refuse('42501', 'org.nameFixed', 'The organization name cannot be changed');
  end if;
  return new;
end;
$function$;
revoke all on function app.keep_organization_name() from public, anon, authenticated, service_role;
grant execute on function app.keep_organization_name() to authenticated;
grant execute on function app.keep_organization_name() to service_role;

CREATE OR REPLACE FUNCTION app.message_fill(p_text text, p_values jsonb, p_one_line boolean DEFAULT false)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  v_out text := '';
  v_rest text := coalesce(p_text, '');
  v_match text[];
  v_name text;
  v_value text;
  v_at integer;
begin
  loop
    v_match := regexp_match(v_rest, '\{\{\s*([^{}]*?)\s*\}\}');
    exit when v_match is null;
    v_name := v_match[1];
    if not (p_values ? v_name) then
      perform app.refuse('22023', 'message.unknownMergeField', '{{{name}}} is not a merge field', jsonb_build_object('name', v_name));
    end if;
    v_value := coalesce(p_values ->> v_name, '');
    if p_one_line then
      v_value := regexp_replace(v_value, '[\r\n]+', ' ', 'g');
    end if;
    v_at := strpos(v_rest, substring(v_rest from '\{\{\s*[^{}]*?\s*\}\}'));
    v_out := v_out || left(v_rest, v_at - 1) || v_value;
    v_rest := substr(v_rest, v_at + length(substring(v_rest from '\{\{\s*[^{}]*?\s*\}\}')));
  end loop;
  return v_out || v_rest;
end;
$function$;
revoke all on function app.message_fill(p_text text, p_values jsonb, p_one_line boolean) from public, anon, authenticated, service_role;
grant execute on function app.message_fill(p_text text, p_values jsonb, p_one_line boolean) to service_role;

CREATE OR REPLACE FUNCTION app.message_text(p_org text, p_subject text, p_body text, p_template_id uuid, OUT subject text, OUT body text)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_template settings.mail_templates;
begin
  -- What a mail says (as written, else the template's), refused when empty or when the subject would
  -- break the header; shared by crm.send_message and crm.send_to_many.
  if p_template_id is not null then
    select * into v_template from settings.mail_templates t where t.id = p_template_id and t.org_name = p_org;
  end if;
  subject := btrim(coalesce(nullif(p_subject, ''), v_template.subject, ''));
  body := coalesce(nullif(btrim(p_body), ''), v_template.body, '');
  if subject = '' then
    perform app.refuse('22023', 'message.subjectRequired', 'Give the message a subject');
  end if;
  if body ~ '^\s*$' then
    perform app.refuse('22023', 'message.bodyRequired', 'Write the message');
  end if;
  if subject ~ '[\r\n]' then
    perform app.refuse('22023', 'mail.lineBreaks', 'An e-mail''s subject and address cannot contain line breaks');
  end if;
end;
$function$;
revoke all on function app.message_text(p_org text, p_subject text, p_body text, p_template_id uuid, OUT subject text, OUT body text) from public, anon, authenticated, service_role;
grant execute on function app.message_text(p_org text, p_subject text, p_body text, p_template_id uuid, OUT subject text, OUT body text) to service_role;

CREATE OR REPLACE FUNCTION app.org_component_defaults()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_component settings.components%rowtype;
begin
  select * into v_component from settings.components c where c.id = new.component_id;
  new.name := v_component.name;
  new.description := coalesce(new.description, v_component.description);
  if v_component.name = 'settings' and not new.enabled then
    perform app.refuse('23514', 'settings.componentRequired', 'The Settings component cannot be disabled');
  end if;
  return new;
end;
$function$;
revoke all on function app.org_component_defaults() from public, anon, authenticated, service_role;
grant execute on function app.org_component_defaults() to authenticated;
grant execute on function app.org_component_defaults() to service_role;

CREATE OR REPLACE FUNCTION app.receive_mail(p_mail jsonb)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_address text;
  v_local text;
  v_slug text;
  v_token text;
  v_org text;
  v_id uuid := gen_random_uuid();
  v_header_id text := nullif(btrim(p_mail ->> 'message_id'), '');
  v_refs text[];
  v_parent crm.messages;
  v_thread uuid;
  v_from text := lower(btrim(coalesce(p_mail ->> 'from', '')));
  v_existing uuid;
  v_linked integer;
begin
  -- The organisation: the first recipient at the inbound domain (<slug> or <slug>+<thread>).
  for v_address in
    select lower(btrim(e)) from jsonb_array_elements_text(
      (case when jsonb_typeof(p_mail -> 'to') = 'array' then p_mail -> 'to' when p_mail ? 'to' then jsonb_build_array(p_mail -> 'to') else '[]' end)
      || (case when jsonb_typeof(p_mail -> 'cc') = 'array' then p_mail -> 'cc' else '[]' end)) e
  loop
    if split_part(v_address, '@', 2) = app.inbound_domain() then
      v_local := split_part(v_address, '@', 1);
      v_slug := split_part(v_local, '+', 1);
      v_token := nullif(split_part(v_local, '+', 2), '');
      select o.name into v_org from public.organizations o where lower(app.org_slug(o.name)) = v_slug and o.name <> '_system_default_' limit 1;
      exit when v_org is not null;
    end if;
  end loop;
  if v_org is null then
    perform app.refuse('22023', 'mail.noInbox', 'No organisation receives mail at that address');
  end if;
  if not app.is_email_address(v_from) then
    perform app.refuse('22023', 'mail.notAddress', '{address} is not an e-mail address', jsonb_build_object('address', v_from));
  end if;
  v_header_id := coalesce(v_header_id, '<' || v_id || '@' || app.inbound_domain() || '>');
  select m.id into v_existing from crm.messages m where m.org_name = v_org and m.message_id = v_header_id;
  if v_existing is not null then
    return v_existing;
  end if;
  -- The thread: what it answers (In-Reply-To, then References, newest first), else the reply address's.
  v_refs := array_remove(array[nullif(btrim(p_mail ->> 'in_reply_to'), '')]
            || array(select r from unnest(regexp_split_to_array(coalesce(
                       case when jsonb_typeof(p_mail -> 'references') = 'array' then (select string_agg(x, ' ') from jsonb_array_elements_text(p_mail -> 'references') x)
                            else p_mail ->> 'references' end, ''), '\s+')) with ordinality as t(r, n) where r <> '' order by n desc), null);
  select m.* into v_parent from crm.messages m
   where m.org_name = v_org and m.message_id = any (v_refs)
   order by array_position(v_refs, m.message_id) limit 1;
  if v_parent.id is null and v_token ~ '^[0-9a-f]{32}$' then
    select m.* into v_parent from crm.messages m where m.org_name = v_org and m.thread_id = v_token::uuid order by m.created_at desc limit 1;
  end if;
  v_thread := coalesce(v_parent.thread_id, v_id);
  insert into crm.messages (id, org_name, direction, thread_id, message_id, in_reply_to, subject, body_text, body_html,
                            from_email, from_name, to_emails, cc_emails, status, sent_at, inbox)
  values (v_id, v_org, 'in', v_thread, left(v_header_id, 998), nullif(btrim(p_mail ->> 'in_reply_to'), ''),
          left(regexp_replace(coalesce(p_mail ->> 'subject', ''), '[\r\n]+', ' ', 'g'), 998),
          coalesce(p_mail ->> 'text', ''), p_mail ->> 'html', v_from, nullif(btrim(p_mail ->> 'from_name'), ''),
          array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_mail -> 'to') = 'array' then p_mail -> 'to' when p_mail ? 'to' then jsonb_build_array(p_mail -> 'to') else '[]' end) e),
          array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_mail -> 'cc') = 'array' then p_mail -> 'cc' else '[]' end) e),
          'received', now(), false);
  -- Its records: whose address is the sender's, and the thread's.
  insert into crm.message_links (message_id, record_kind, record_id, org_name)
  select v_id, k.kind, k.id, v_org from (
    select x.kind, x.id from crm.contact_methods cm
     cross join lateral (values ('contact', cm.contact_id), ('business', cm.business_id), ('household', cm.household_id)) x(kind, id)
     where cm.org_name = v_org and cm.kind = 'email' and lower(cm.value) = v_from and not cm.archive and x.id is not null
    union select 'user', u.id from public.user_profiles u where u.org_name = v_org and lower(u.email::text) = v_from
    union select 'staff', s.id from hr.staff_profiles s where s.org_name = v_org and lower(s.email::text) = v_from
    union select l.record_kind, l.record_id from crm.message_links l join crm.messages m on m.id = l.message_id
     where v_parent.id is not null and m.org_name = v_org and m.thread_id = v_thread) k
  on conflict do nothing;
  get diagnostics v_linked = row_count;
  if v_linked = 0 then
    update crm.messages set inbox = true where id = v_id;
  end if;
  insert into crm.message_attachments (message_id, org_name, file_name, content_type, size_bytes, storage_path, bucket_id)
  select v_id, v_org, left(regexp_replace(coalesce(nullif(btrim(a ->> 'file_name'), ''), 'attachment'), '[\r\n]+', ' ', 'g'), 255),
         coalesce(a ->> 'content_type', 'application/octet-stream'), least(coalesce((a ->> 'size_bytes')::bigint, 0), 10485760), a ->> 'storage_path', 'message-files'
  from jsonb_array_elements(case when jsonb_typeof(p_mail -> 'attachments') = 'array' then p_mail -> 'attachments' else '[]' end) a
  where nullif(a ->> 'storage_path', '') is not null;
  return v_id;
end;
$function$;
revoke all on function app.receive_mail(p_mail jsonb) from public, anon, authenticated, service_role;
grant execute on function app.receive_mail(p_mail jsonb) to service_role;
comment on function app.receive_mail(p_mail jsonb) is 'files one received e-mail (CONVERSATIONS-CONTRACT): organisation from the recipient, thread from In-Reply-To/References or the reply address, linked to the records with the sender''s address and to the thread''s, else in the inbox; a Message-ID seen before is ignored';

CREATE OR REPLACE FUNCTION app.require_mail_quota(p_org text, p_count integer DEFAULT 1)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_limit integer := (select l.value from app.organization_limits l where l.name = 'mails_per_day');
begin
  if app.mail_quota_reached(p_org)
     or (p_count > 1 and v_limit is not null
         and (select count(*) from app.mail_outbox m where m.org_name = p_org and m.created_at > now() - interval '24 hours') + p_count > v_limit) then
    perform app.refuse('PT429', 'mail.dailyLimit', '{org} has reached its limit of {limit} e-mails in 24 hours; this change sends an e-mail, so it was not saved. Try again later.', jsonb_build_object('org', p_org, 'limit', v_limit));
  end if;
end;
$function$;
revoke all on function app.require_mail_quota(p_org text, p_count integer) from public, anon, authenticated, service_role;
grant execute on function app.require_mail_quota(p_org text, p_count integer) to service_role;
comment on function app.require_mail_quota(p_org text, p_count integer) is 'the one refusal of the daily mail quota (PT429) for every mail the product writes (app.enqueue_mail, the conversation senders): p_count mails more must still fit in mails_per_day';

CREATE OR REPLACE FUNCTION app.stay_status_flow()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.status := coalesce(app.stay_status(new.status), new.status);
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    if not ((old.status = 'Tentative' and new.status in ('Confirmed', 'Cancelled'))
         or (old.status = 'Confirmed' and new.status in ('Tentative', 'Checked in', 'Cancelled', 'No-show'))
         or (old.status = 'Checked in' and new.status = 'Checked out')
         or (old.status = 'Cancelled' and new.status in ('Tentative', 'Confirmed'))
         or (old.status = 'No-show' and new.status = 'Confirmed')) then
      perform app.refuse('23514', 'stay.statusChange', 'A stay that is {from} cannot become {to}.', jsonb_build_object('from', old.status, 'to', new.status));
    end if;
    if new.status = 'Cancelled' then
      new.cancellation_at := coalesce(new.cancellation_at, now());
    end if;
  end if;
  return new;
end;
$function$;
revoke all on function app.stay_status_flow() from public, anon, authenticated, service_role;
grant execute on function app.stay_status_flow() to authenticated;
grant execute on function app.stay_status_flow() to service_role;
grant execute on function app.stay_status_flow() to steward_import_writer;

CREATE OR REPLACE FUNCTION catalog.check_in_stay(p_reservation_id uuid)
 RETURNS catalog.reservations
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row catalog.reservations;
begin
  update catalog.reservations set status = 'Checked in' where id = p_reservation_id returning * into v_row;
  if not found then
    perform app.refuse('P0002', 'stay.notFound', 'Stay not found.');
  end if;
  return v_row;
end;
$function$;
revoke all on function catalog.check_in_stay(p_reservation_id uuid) from public, anon, authenticated, service_role;
grant execute on function catalog.check_in_stay(p_reservation_id uuid) to authenticated;
grant execute on function catalog.check_in_stay(p_reservation_id uuid) to service_role;

CREATE OR REPLACE FUNCTION catalog.check_out_stay(p_reservation_id uuid)
 RETURNS catalog.reservations
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row catalog.reservations;
begin
  update catalog.reservations set status = 'Checked out' where id = p_reservation_id returning * into v_row;
  if not found then
    perform app.refuse('P0002', 'stay.notFound', 'Stay not found.');
  end if;
  return v_row;
end;
$function$;
revoke all on function catalog.check_out_stay(p_reservation_id uuid) from public, anon, authenticated, service_role;
grant execute on function catalog.check_out_stay(p_reservation_id uuid) to authenticated;
grant execute on function catalog.check_out_stay(p_reservation_id uuid) to service_role;

CREATE OR REPLACE FUNCTION catalog.create_calendar_feed(p_accommodation_id uuid, p_name text DEFAULT NULL::text)
 RETURNS TABLE(id uuid, token text)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_token text := encode(extensions.gen_random_bytes(24), 'hex');
  v_org text;
  v_id uuid;
begin
  select a.org_name into v_org from catalog.accommodations a where a.id = p_accommodation_id;
  if v_org is null then
    perform app.refuse('P0002', 'accommodation.notFound', 'Accommodation not found.');
  end if;
  perform set_config('steward.calendar_feed_token', 'on', true);
  insert into catalog.calendar_feeds (accommodation_id, name, token_hash, org_name)
  values (p_accommodation_id, nullif(btrim(p_name), ''), app.calendar_token_hash(v_token), v_org)
  returning calendar_feeds.id into v_id;
  perform set_config('steward.calendar_feed_token', '', true);
  return query select v_id, v_token;
end;
$function$;
revoke all on function catalog.create_calendar_feed(p_accommodation_id uuid, p_name text) from public, anon, authenticated, service_role;
grant execute on function catalog.create_calendar_feed(p_accommodation_id uuid, p_name text) to authenticated;
grant execute on function catalog.create_calendar_feed(p_accommodation_id uuid, p_name text) to service_role;

CREATE OR REPLACE FUNCTION crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb DEFAULT NULL::jsonb, p_phone jsonb DEFAULT NULL::jsonb, p_email jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_table regclass;
  v_owner text;
  v_unknown text;
  v_columns text;
  v_row jsonb;
  v_id uuid;
  v_part text;
  v_method jsonb;
  v_value text;
  v_type_id uuid;
  v_kind text;
  v_state text;
  v_message text;
  v_detail text;
  v_hint text;
begin
  case p_kind
    when 'business' then v_table := 'crm.businesses'; v_owner := 'business_id';
    when 'contact' then v_table := 'crm.contacts'; v_owner := 'contact_id';
    when 'household' then v_table := 'crm.households'; v_owner := 'household_id';
    when 'user' then v_table := 'public.user_profiles'; v_owner := 'user_id';
    else raise exception using errcode = '22023', message = format('Unknown record kind %s', coalesce(p_kind, 'null'));
  end case;
  if jsonb_typeof(p_record) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The record must be a JSON object';
  end if;

  -- The record's own columns only; those the database owns (id, audit, organisation) are never taken
  -- from the caller.
  select string_agg(k, ', ' order by k) into v_unknown
    from jsonb_object_keys(p_record) k
   where k in ('id', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by', 'org_name', 'short_id')
      or not exists (select 1 from pg_attribute a
                      where a.attrelid = v_table and a.attname = k and a.attnum > 0 and not a.attisdropped and a.attgenerated = '');
  if v_unknown is not null then
    raise exception using errcode = '22023', message = format('Unknown or read-only fields: %s', v_unknown);
  end if;
  select string_agg(format('%I', k), ', ' order by k) into v_columns from jsonb_object_keys(p_record) k;

  begin
    execute format(
      'insert into %s as t (org_name%s) select $1%s from jsonb_populate_record(null::%s, $2) r returning to_jsonb(t)',
      v_table,
      coalesce(', ' || v_columns, ''),
      coalesce(', ' || (select string_agg(format('r.%I', k), ', ' order by k) from jsonb_object_keys(p_record) k), ''),
      v_table)
      into v_row using p_org_name, p_record;
    v_id := (v_row ->> 'id')::uuid;

    -- The primary address, when any of its lines is filled.
    v_part := 'address';
    if jsonb_typeof(p_address) = 'object'
       and btrim(concat(p_address ->> 'address_line_1', p_address ->> 'address_line_2', p_address ->> 'city',
                        p_address ->> 'state', p_address ->> 'zip', p_address ->> 'country')) <> '' then
      insert into crm.addresses (org_name, is_primary, business_id, contact_id, household_id, user_id,
                                 address_line_1, address_line_2, city, state, zip, country)
      values (p_org_name, true,
              case when v_owner = 'business_id' then v_id end, case when v_owner = 'contact_id' then v_id end,
              case when v_owner = 'household_id' then v_id end, case when v_owner = 'user_id' then v_id end,
              nullif(btrim(p_address ->> 'address_line_1'), ''), nullif(btrim(p_address ->> 'address_line_2'), ''),
              nullif(btrim(p_address ->> 'city'), ''), nullif(btrim(p_address ->> 'state'), ''),
              nullif(btrim(p_address ->> 'zip'), ''), nullif(btrim(p_address ->> 'country'), ''));
    end if;

    -- The primary phone and e-mail, each only when both a value and a type are given; the type must
    -- be of that kind. Their label is the type's name (the contact_methods label trigger).
    foreach v_part in array array['primary phone', 'primary email'] loop
      v_method := case v_part when 'primary phone' then p_phone else p_email end;
      v_kind := case v_part when 'primary phone' then 'phone' else 'email' end;
      v_value := nullif(btrim(coalesce(v_method ->> 'value', '')), '');
      v_type_id := nullif(btrim(coalesce(v_method ->> 'type_id', '')), '')::uuid;
      continue when jsonb_typeof(v_method) is distinct from 'object' or v_value is null or v_type_id is null;
      if exists (select 1 from crm.contact_method_types t
                  where t.id = v_type_id and app.contact_method_kind(t.category, t.name) <> v_kind) then
        if v_kind = 'email' then
          perform app.refuse('23514', 'record.typeNotEmail', 'the type is not an e-mail type');
        else
          perform app.refuse('23514', 'record.typeNotPhone', 'the type is not a phone type');
        end if;
      end if;
      insert into crm.contact_methods (org_name, value, type_id, is_primary, archive, business_id, contact_id, household_id, user_id)
      values (p_org_name, v_value, v_type_id, true, false,
              case when v_owner = 'business_id' then v_id end, case when v_owner = 'contact_id' then v_id end,
              case when v_owner = 'household_id' then v_id end, case when v_owner = 'user_id' then v_id end);
    end loop;
  exception
    when others then
      get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
      -- A refusal that names its message (app.refuse) stays named, with the part that failed named too.
      if v_part is not null and v_hint like 'steward:%' then
        perform app.refuse(v_state, app.refusal('record.partRefused', '{part}: {problem}', jsonb_build_object(
          'part', case v_part when 'address' then app.refusal('record.partAddress', 'address')
                              when 'primary phone' then app.refusal('record.partPhone', 'primary phone')
                              else app.refusal('record.partEmail', 'primary email') end,
          'problem', jsonb_build_object('id', substr(v_hint, 9), 'message', v_message, 'values', coalesce(nullif(v_detail, '')::jsonb, '{}'::jsonb)))));
      end if;
      raise exception using
        errcode = v_state,
        message = case when v_part is null then v_message else v_part || ': ' || v_message end,
        detail = coalesce(v_detail, ''),
        hint = coalesce(v_hint, '');
  end;
  return v_row;
end;
$function$;
revoke all on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) to authenticated;
grant execute on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) to service_role;
comment on function crm.add_record(p_org_name text, p_kind text, p_record jsonb, p_address jsonb, p_phone jsonb, p_email jsonb) is 'Add New: one CRM record with its primary address, phone and e-mail, all or nothing; an error names the part that failed.';

CREATE OR REPLACE FUNCTION crm.attach_message(p_message uuid, p_kind text, p_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v crm.messages := app.inbox_message_for_edit(p_message);
begin
  if app.message_record_org(p_kind, p_id) is distinct from v.org_name then
    perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
  end if;
  perform app.link_thread(v, p_kind, p_id);
end;
$function$;
revoke all on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) to authenticated;
grant execute on function crm.attach_message(p_message uuid, p_kind text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.create_contact_from_message(p_message uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v crm.messages := app.inbox_message_for_edit(p_message);
  v_name text;
  v_contact uuid := gen_random_uuid();
  v_profile uuid;
begin
  if not (v.org_name = any (app.orgs_with_access('crm', 'create', 'allowed'))) then
    perform app.refuse('42501', 'record.addContactsForbidden', 'You cannot add contacts');
  end if;
  v_profile := app.profile_id_in(v.org_name);
  v_name := coalesce(nullif(btrim(v.from_name), ''), split_part(v.from_email, '@', 1));
  insert into crm.contacts (id, org_name, name, first_name, last_name, created_by, last_modified_by, primary_owner_id)
  values (v_contact, v.org_name, v_name,
          case when v_name ~ '\s' then regexp_replace(v_name, '\s+\S+$', '') else v_name end,
          case when v_name ~ '\s' then substring(v_name from '\S+$') end,
          v_profile, v_profile, v_profile);
  insert into crm.contact_methods (org_name, contact_id, value, label, type_id, is_primary, created_by, last_modified_by)
  values (v.org_name, v_contact, lower(v.from_email), 'E-mail',
          (select t.id from crm.contact_method_types t where t.kind = 'email' and t.org_name in (v.org_name, '_system_default_')
            order by t.org_name = v.org_name desc, t.created_at limit 1),
          true, v_profile, v_profile);
  perform app.link_thread(v, 'contact', v_contact);
  return v_contact;
end;
$function$;
revoke all on function crm.create_contact_from_message(p_message uuid) from public, anon, authenticated, service_role;
grant execute on function crm.create_contact_from_message(p_message uuid) to authenticated;
grant execute on function crm.create_contact_from_message(p_message uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.erase_contact(p_contact_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row jsonb;
  v_org text;
  v_allowed boolean;
  v_ids uuid[];
  v_names text[];
  v_paths text[];
  v_words text[];
  v_history bigint;
  v_search_words bigint;
  v_files bigint;
  v_objects bigint;
  v_notifications bigint;
  v_actor record;
begin
  if auth.uid() is null then
    perform app.refuse('42501', 'erase.signIn', 'Sign in to erase a contact');
  end if;
  -- The contact as it is, or, once deleted, as its deletion was recorded.
  select to_jsonb(c) into v_row from crm.contacts c where c.id = p_contact_id;
  if v_row is null then
    select h.changes || jsonb_build_object('id', h.record_id, 'org_name', h.org_name, 'created_by', h.owner_ids[1]) into v_row
      from public.record_history h
     where h.record_id = p_contact_id and h.table_name = 'crm.contacts' and h.action = 'delete'
     order by h.id desc limit 1;
  end if;
  if v_row is null then
    perform app.refuse('P0002', 'erase.notFound', 'There is no such contact to erase');
  end if;
  -- Whoever may delete the contact may erase it: the table's own delete rule, as the caller.
  execute format('select exists (select 1 from jsonb_populate_record(null::crm.contacts, $1) t where %s)', app.delete_rule_sql('crm.contacts'))
    into v_allowed using v_row;
  if not v_allowed then
    perform app.refuse('42501', 'erase.forbidden', 'You may not delete this contact, so you may not erase it');
  end if;
  v_org := v_row ->> 'org_name';

  -- What is theirs: the contact, its phones, addresses, notes, files and relationships, those still
  -- there and those whose history names the contact.
  v_ids := p_contact_id || app.attached_record_ids(p_contact_id) || array(
    select distinct h.record_id from public.record_history h
     where h.org_name = v_org and h.action in ('insert', 'delete')
       and p_contact_id::text in (h.changes ->> 'contact_id', h.changes ->> 'contact_id1', h.changes ->> 'contact_id2'));
  v_names := array(select distinct n from (
    select v_row ->> 'name' as n
    union all
    select h.changes -> 'name' ->> 1 from public.record_history h where h.record_id = p_contact_id and h.action in ('update', 'merge')
    union all
    select h.changes -> 'name' ->> 0 from public.record_history h where h.record_id = p_contact_id and h.action in ('update', 'merge')) x
    where n is not null);
  v_paths := array(select f.storage_path from crm.crm_files f where f.id = any (v_ids) and f.storage_path is not null
                   union
                   select h.changes ->> 'storage_path' from public.record_history h where h.record_id = any (v_ids) and h.changes ->> 'storage_path' is not null);
  v_files := (select count(*) from crm.crm_files f where f.id = any (v_ids));

  -- Their online bookings keep the stay's accepted quote but lose the guest's address, and the guest's
  -- link stops opening (no token hashes to this value).
  update app.online_bookings b set guest_email = '', token_hash = 'erased:' || b.reservation_id::text
   where b.reservation_id in (select r.id from catalog.reservations r where r.contact_id = p_contact_id);

  delete from crm.contacts c where c.id = p_contact_id;

  -- Their files' stored copies: queued for the storage-removal worker, which removes each through the
  -- Storage API (a SQL delete of storage.objects leaves the bytes in the store, and hosted Storage
  -- refuses it). From now on no one reads them: app.record_file_claimed counts the queued removal.
  with queued as (
    insert into app.storage_removals (bucket_id, name, org_name, reason)
    select o.bucket_id, o.name, v_org, 'erasure' from storage.objects o
     where o.bucket_id = 'record-files' and o.name = any (v_paths)
       and not exists (select 1 from app.storage_removals r where r.bucket_id = o.bucket_id and r.name = o.name and r.removed_at is null)
    returning 1)
  select count(*) into v_objects from queued;

  -- Every history entry of theirs (written before, and by the deletion just now).
  perform set_config('steward.erasing', 'on', true);
  with gone as (delete from public.record_history h where h.record_id = any (v_ids) returning 1)
  select count(*) into v_history from gone;
  perform set_config('steward.erasing', 'off', true);

  with gone as (delete from public.notifications n where n.record_id = any (v_ids) returning 1)
  select count(*) into v_notifications from gone;

  -- The words of their names that no other contact, business or household of the organisation uses.
  v_words := array(select distinct w from unnest(v_names) n cross join lateral app.search_text_words(n) w);
  v_search_words := app.forget_search_words(v_org, v_words);

  -- The erasure itself is recorded, without anything that names the person.
  select a.actor_id, a.actor_name into v_actor from app.history_actor(v_org) a;
  insert into public.record_history (org_name, component, table_name, record_id, action, via, changes, record_label, actor_id, actor_name)
  values (v_org, 'crm', 'crm.contacts', p_contact_id, 'erase', 'screen',
          jsonb_build_object('history_entries', v_history, 'search_words', v_search_words, 'files', v_files, 'stored_files', v_objects, 'notifications', v_notifications),
          'Erased contact', v_actor.actor_id, v_actor.actor_name);
  return jsonb_build_object('erased', p_contact_id, 'history_entries', v_history, 'search_words', v_search_words, 'files', v_files,
                            'stored_files', v_objects, 'notifications', v_notifications);
end;
$function$;
revoke all on function crm.erase_contact(p_contact_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.erase_contact(p_contact_id uuid) to authenticated;
grant execute on function crm.erase_contact(p_contact_id uuid) to service_role;
comment on function crm.erase_contact(p_contact_id uuid) is 'GDPR Art. 17: deletes a contact with its phones, addresses, notes, files and relationships, their history entries, stored files, notifications and search words no one else uses, and records one erase entry naming no one; the stored files'' bytes are removed through the Storage API by the storage-removal worker (app.storage_removals); for whoever may delete the contact';

CREATE OR REPLACE FUNCTION crm.import_errors(p_job uuid)
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
    -- Custom fields: columns named by their labels, choices by label; required ones filled.
    select c.line, c.problem from (select s.line, app.custom_import_refusal(job.org_name, job.kind, s.custom) as problem from staged s, job) c
     where c.problem is not null
  ) e
  order by 1, 2
$function$;
revoke all on function crm.import_errors(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_errors(p_job uuid) to authenticated;
grant execute on function crm.import_errors(p_job uuid) to service_role;
grant execute on function crm.import_errors(p_job uuid) to steward_import_writer;

CREATE OR REPLACE FUNCTION crm.import_job(p_job uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_count integer;
begin
  if not exists (select 1 from crm.import_jobs j where j.id = p_job) then
    perform app.refuse('P0002', 'import.gone', 'This import was cancelled or has already finished');
  end if;
  v_count := app.import_job_write(p_job);
  delete from crm.import_jobs j where j.id = p_job;
  return v_count;
end;
$function$;
revoke all on function crm.import_job(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_job(p_job uuid) to authenticated;
grant execute on function crm.import_job(p_job uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.import_problems(p_job uuid)
 RETURNS TABLE(line integer, kind text, message text, refusal jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The organisation's one running import: a check of up to 120 s is one.
  select app.claim_import_turn(j.org_name) from crm.import_jobs j where j.id = p_job;
  with job as (
    select j.id, j.org_name, j.kind from crm.import_jobs j where j.id = p_job
  ),
  staged as materialized (
    select r.line,
           lower(nullif(btrim(r.email), '')) as email_key,
           nullif(app.search_digits(nullif(btrim(r.phone), '')), '') as phone_key
    from crm.import_rows r join job on job.id = r.job_id
  ),
  existing as materialized (
    -- The organisation's phones and e-mails of records of the imported kind, keyed as the file's are.
    select case when cm.kind = 'email' then lower(btrim(cm.value)) else app.search_digits(cm.value) end as key,
           cm.kind, coalesce(c.name, b.name) as record_name
    from job
    join crm.contact_methods cm on cm.org_name = job.org_name and not cm.archive and cm.kind in ('phone', 'email')
    left join crm.contacts c on job.kind = 'contact' and c.id = cm.contact_id
    left join crm.businesses b on job.kind = 'business' and b.id = cm.business_id
    where coalesce(c.name, b.name) is not null
      and (cm.kind = 'email' and lower(btrim(cm.value)) in (select email_key from staged)
           or cm.kind = 'phone' and app.search_digits(cm.value) in (select phone_key from staged))
  ),
  duplicates as (
    select s.line, app.refusal('import.sameEmailAs', 'Same e-mail as {record}', jsonb_build_object('record', min(e.record_name))) as refusal
      from staged s join existing e on e.kind = 'email' and e.key = s.email_key group by s.line
    union all
    select s.line, app.refusal('import.samePhoneAs', 'Same phone as {record}', jsonb_build_object('record', min(e.record_name)))
      from staged s join existing e on e.kind = 'phone' and e.key = s.phone_key group by s.line
    union all
    select s.line, app.refusal('import.sameEmailAsLine', 'Same e-mail as line {line}', jsonb_build_object('line', s.first_line))
      from (select st.line, min(st.line) over (partition by st.email_key) as first_line from staged st where st.email_key is not null) s
     where s.line <> s.first_line
    union all
    select s.line, app.refusal('import.samePhoneAsLine', 'Same phone as line {line}', jsonb_build_object('line', s.first_line))
      from (select st.line, min(st.line) over (partition by st.phone_key) as first_line from staged st where st.phone_key is not null) s
     where s.line <> s.first_line
  )
  select e.line, 'error', e.message, e.refusal from crm.import_errors(p_job) e
  union all
  select line, 'duplicate', refusal ->> 'message', refusal from duplicates
  order by 1, 2 desc, 3
$function$;
revoke all on function crm.import_problems(p_job uuid) from public, anon, authenticated, service_role;
grant execute on function crm.import_problems(p_job uuid) to authenticated;
grant execute on function crm.import_problems(p_job uuid) to service_role;

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

  for v_row in select value from jsonb_array_elements(p_rows)
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

      if p_kind = 'business' then
        insert into crm.businesses (org_name, name, dba_name, type_id, status, description, primary_owner_id, secondary_owner_id, custom)
        values (p_org_name, v_name, nullif(btrim(coalesce(v_row ->> 'dba_name', '')), ''), v_type_id,
                coalesce(nullif(btrim(coalesce(v_row ->> 'status', '')), ''), 'Active')::app.record_status,
                nullif(btrim(coalesce(v_row ->> 'description', '')), ''), v_owner1, v_owner2,
                app.custom_from_labels(p_org_name, p_kind, v_row -> 'custom'))
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
                app.custom_from_labels(p_org_name, p_kind, v_row -> 'custom'))
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
        v_refusal := case when v_hint like 'steward:%'
                          then jsonb_build_object('id', substr(v_hint, 9), 'message', v_message, 'values', coalesce(nullif(v_detail, '')::jsonb, '{}'::jsonb)) end;
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

CREATE OR REPLACE FUNCTION crm.import_rows_limit()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if (select count(*) from crm.import_rows r where r.job_id in (select distinct n.job_id from new_rows n)) > 100000 then
    perform app.refuse('22023', 'import.tooManyStaged', 'At most 100,000 rows can be imported at once');
  end if;
  return null;
end;
$function$;
revoke all on function crm.import_rows_limit() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION crm.limit_open_import_jobs()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_limit integer := (select l.value from app.organization_limits l where l.name = 'open_import_jobs');
begin
  -- Counted with the organisation's other jobs being started at the same moment.
  perform pg_advisory_xact_lock(hashtextextended('steward:import-jobs:' || new.org_name, 0));
  if v_limit is not null and (select count(*) from crm.import_jobs j where j.org_name = new.org_name) >= v_limit then
    perform app.refuse('PT429', 'import.tooManyRunning', 'This organization already has {limit} imports in progress, the most it may have; finish or cancel one first (an import left unfinished is removed after a day).', jsonb_build_object('limit', v_limit));
  end if;
  return new;
end;
$function$;
revoke all on function crm.limit_open_import_jobs() from public, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb DEFAULT '{}'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := app.merge_kind(p_kind);
  v_batch uuid := gen_random_uuid();
  v_survivor jsonb;
  v_merged jsonb;
  v_field text;
  v_sets text := '';
  v_fk record;
  v_count integer;
  v_moved integer := 0;
  v_fields jsonb := '{}';
  v_custom jsonb;
  v_link record;
  v_kind text := case p_kind when 'contacts' then 'contact' when 'businesses' then 'business' when 'households' then 'household' end;
begin
  if v_rel is null then
    raise exception using errcode = '22023', message = 'Only contacts, businesses and households can be merged';
  end if;
  if p_survivor is null or p_merged is null or p_survivor = p_merged then
    perform app.refuse('22023', 'merge.twoRecords', 'Choose two different records to merge');
  end if;
  execute format('select to_jsonb(t) from %s t where id = $1', v_rel) into v_survivor using p_survivor;
  execute format('select to_jsonb(t) from %s t where id = $1', v_rel) into v_merged using p_merged;
  if v_survivor is null or v_merged is null then
    perform app.refuse('P0002', 'merge.gone', 'One of the records to merge no longer exists');
  end if;
  if v_survivor ->> 'org_name' = '_system_default_' or v_merged ->> 'org_name' = '_system_default_' then
    perform app.refuse('42501', 'record.systemDefault', 'System default records cannot be changed');
  end if;
  if v_survivor ->> 'org_name' <> v_merged ->> 'org_name' then
    perform app.refuse('42501', 'merge.sameOrg', 'Only records of the same organization can be merged');
  end if;
  if (v_merged ->> 'archive')::boolean then
    perform app.refuse('22023', 'merge.archived', 'The record to merge is archived; restore it first');
  end if;

  perform app.begin_batch('merge', v_batch);

  -- Custom fields: the survivor keeps its values and takes the merged record's where it has none
  -- (sensitive ones too, where the caller may see them: app.custom_sensitive's policy); values chosen
  -- in p_values.custom (by field id) win.
  select coalesce(v_merged -> 'custom', '{}') || coalesce((select s.custom from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = p_merged), '{}')
         || coalesce(v_survivor -> 'custom', '{}') || coalesce((select s.custom from app.custom_sensitive s where s.record_kind = v_kind and s.record_id = p_survivor), '{}')
         || case when jsonb_typeof(p_values -> 'custom') = 'object' then p_values -> 'custom' else '{}' end
    into v_custom;
  if v_custom is distinct from coalesce(v_survivor -> 'custom', '{}') then
    execute format('with changed as (update %s t set custom = $2 where t.id = $1 returning 1) select count(*) from changed', v_rel)
      into v_count using p_survivor, v_custom;
    if v_count <> 1 then
      perform app.refuse('42501', 'record.changeForbidden', 'You do not have permission to change this record.');
    end if;
    v_fields := v_fields || jsonb_build_object('custom', jsonb_build_array(v_survivor -> 'custom', v_custom));
  end if;
  p_values := coalesce(p_values, '{}') - 'custom';
  -- Link fields that named the merged record name the survivor.
  for v_link in select f.id, f.record_kind from settings.custom_fields f
                 where f.org_name = v_survivor ->> 'org_name' and f.field_type = 'link' and f.link_kind = v_kind and not f.sensitive loop
    execute format('with moved as (update %s t set custom = t.custom || jsonb_build_object(%L, $1::text) where t.org_name = $3 and t.custom @> jsonb_build_object(%L, $2::text) returning 1) '
                   'select count(*) from moved', app.custom_record_table(v_link.record_kind), v_link.id::text, v_link.id::text)
      into v_count using p_survivor, p_merged, v_survivor ->> 'org_name';
    v_moved := v_moved + v_count;
  end loop;

  -- The survivor takes the chosen values.
  for v_field in select jsonb_object_keys(coalesce(p_values, '{}')) loop
    if app.history_ignored(v_field) or v_field in ('archive') or not exists (
      select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = v_field and not attisdropped and attnum > 0 and attgenerated = '') then
      raise exception using errcode = '22023', message = format('%s cannot be chosen in a merge', v_field);
    end if;
    v_sets := v_sets || format('%s%I = r.%I', case when v_sets = '' then '' else ', ' end, v_field, v_field);
    v_fields := v_fields || jsonb_build_object(v_field, jsonb_build_array(v_survivor -> v_field, p_values -> v_field));
  end loop;
  if v_sets <> '' then
    execute format('with changed as (update %1$s t set %2$s from jsonb_populate_record(null::%1$s, $2) r where t.id = $1 returning 1) '
                   'select count(*) from changed', v_rel, v_sets)
      into v_count using p_survivor, p_values;
    if v_count <> 1 then
      perform app.refuse('42501', 'record.changeForbidden', 'You do not have permission to change this record.');
    end if;
  end if;

  -- A primary contact method or address of the merged record stays primary only where the survivor
  -- has none of that kind.
  update crm.contact_methods m set is_primary = false
  from crm.contact_method_types t
  where t.id = m.type_id and m.is_primary and not m.archive
    and p_merged in (m.contact_id, m.business_id, m.household_id)
    and exists (select 1 from crm.contact_methods s join crm.contact_method_types st on st.id = s.type_id
                where p_survivor in (s.contact_id, s.business_id, s.household_id) and s.is_primary and not s.archive and st.kind = t.kind);
  if exists (select 1 from pg_catalog.pg_attribute where attrelid = 'crm.addresses'::regclass and attname = 'is_primary' and not attisdropped) then
    execute 'update crm.addresses a set is_primary = false
             where a.is_primary and not a.archive and $2 in (a.contact_id, a.business_id, a.household_id)
               and exists (select 1 from crm.addresses s where $1 in (s.contact_id, s.business_id, s.household_id) and s.is_primary and not s.archive)'
      using p_survivor, p_merged;
  end if;

  -- Everything that points at the merged record now points at the survivor.
  for v_fk in
    select con.conrelid::regclass as rel, a.attname as col
    from pg_catalog.pg_constraint con
    join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
    where con.contype = 'f' and con.confrelid = v_rel and array_length(con.conkey, 1) = 1
      and exists (select 1 from app.history_tables h where h.table_name = con.conrelid)
    order by 1, 2
  loop
    execute format('with moved as (update %s set %I = $1 where %I = $2 and id <> $1 returning 1) select count(*) from moved',
                   v_fk.rel, v_fk.col, v_fk.col)
      into v_count using p_survivor, p_merged;
    v_moved := v_moved + v_count;
  end loop;

  -- A relationship between the two records would now relate the survivor to itself: archive it.
  update crm.relationships r set archive = true
  where not r.archive
    and ((r.contact_id1 = p_survivor and r.contact_id2 = p_survivor)
      or (r.business_id1 = p_survivor and r.business_id2 = p_survivor)
      or (r.household_id1 = p_survivor and r.household_id2 = p_survivor));
  if v_rel = 'crm.contacts'::regclass then
    update crm.contacts set spouse_id = null where id = p_survivor and spouse_id = p_survivor;
  end if;

  execute format('with archived as (update %s set archive = true where id = $1 returning 1) select count(*) from archived', v_rel)
    into v_count using p_merged;
  if v_count <> 1 then
    perform app.refuse('42501', 'record.changeForbidden', 'You do not have permission to change this record.');
  end if;

  perform app.record_merge(v_rel, p_survivor, p_merged, v_batch, v_fields);
  perform app.end_batch();
  return jsonb_build_object('batch_id', v_batch, 'moved', v_moved);
end;
$function$;
revoke all on function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.merge_records(p_kind text, p_survivor uuid, p_merged uuid, p_values jsonb) to authenticated;

CREATE OR REPLACE FUNCTION crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text := app.message_record_org(p_kind, p_id);
  v_values jsonb;
  v_body text;
  v_signature text;
begin
  if v_org is null then
    perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
  end if;
  select m.merge || jsonb_build_object('unsubscribe_url', app.mail_unsubscribe_link('preview')) into v_values
    from app.message_merge_values(p_kind, array[p_id], v_org) m;
  v_body := app.message_fill(p_body, v_values);
  v_signature := app.message_signature(v_org);
  return jsonb_build_object(
    'subject', app.message_fill(p_subject, v_values, true),
    'body', v_body,
    'signature', v_signature,
    'html', app.message_html(v_body || coalesce(E'\n\n-- \n' || v_signature, '')),
    'to', v_values ->> 'email');
end;
$function$;
revoke all on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) to authenticated;
grant execute on function crm.render_message(p_subject text, p_body text, p_kind text, p_id uuid) to service_role;

CREATE OR REPLACE FUNCTION crm.send_message(p_message jsonb)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id uuid := gen_random_uuid();
  v_links jsonb := '[]';
  v_link jsonb;
  v_org text;
  v_link_org text;
  v_first_kind text;
  v_first_id uuid;
  v_to text[];
  v_cc text[];
  v_address text;
  v_subject text;
  v_body text;
  v_reply crm.messages;
  v_values jsonb;
  v_attachments jsonb := '[]';
  v_item jsonb;
  v_file record;
  v_total bigint := 0;
  v_refusal jsonb;
begin
  if auth.uid() is null then
    perform app.refuse('42501', 'message.signIn', 'Sign in to send a message');
  end if;
  if jsonb_typeof(p_message) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The message must be an object';
  end if;
  -- The thread it answers, and the records of that thread by default.
  if nullif(p_message ->> 'reply_to', '') is not null then
    select * into v_reply from crm.messages m where m.id = (p_message ->> 'reply_to')::uuid;
    if v_reply.id is null then
      perform app.refuse('22023', 'message.replyGone', 'The message it answers does not exist');
    end if;
  end if;
  for v_link in select * from jsonb_array_elements(case when jsonb_typeof(p_message -> 'links') = 'array' then p_message -> 'links' else '[]' end) loop
    v_link_org := app.message_record_org(v_link ->> 'kind', nullif(v_link ->> 'id', '')::uuid);
    if v_link_org is null then
      perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
    end if;
    if v_org is not null and v_org <> v_link_org then
      perform app.refuse('22023', 'message.oneOrg', 'A message is on records of one organisation');
    end if;
    v_org := v_link_org;
    v_links := v_links || jsonb_build_array(jsonb_build_object('kind', v_link ->> 'kind', 'id', v_link ->> 'id'));
    if v_first_kind is null then
      v_first_kind := v_link ->> 'kind';
      v_first_id := (v_link ->> 'id')::uuid;
    end if;
  end loop;
  if v_reply.id is not null then
    if v_org is null then
      -- Answering from the thread: the caller must see the message it answers.
      if not exists (select 1 from crm.messages m where m.id = v_reply.id and m.org_name = any (app.member_orgs())
                       and (m.inbox and (m.org_name = any (app.orgs_with_access('crm', 'edit', 'Organization')) or m.org_name = any (app.orgs_with_access('crm', 'edit', 'Personal')))
                            or exists (select 1 from crm.message_links l where l.message_id = m.id and app.message_record_org(l.record_kind, l.record_id) is not null))) then
        perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
      end if;
      v_org := v_reply.org_name;
      v_links := coalesce((select jsonb_agg(jsonb_build_object('kind', l.record_kind, 'id', l.record_id)) from crm.message_links l where l.message_id = v_reply.id), '[]');
      select l.record_kind, l.record_id into v_first_kind, v_first_id from crm.message_links l where l.message_id = v_reply.id order by l.record_kind = 'reservation' desc limit 1;
    elsif v_reply.org_name <> v_org then
      perform app.refuse('22023', 'message.replyGone', 'The message it answers does not exist');
    end if;
  end if;
  if v_org is null then
    perform app.refuse('22023', 'message.fromRecord', 'Send the message from a record');
  end if;
  select t.subject, t.body into v_subject, v_body
    from app.message_text(v_org, p_message ->> 'subject', p_message ->> 'body', nullif(p_message ->> 'template_id', '')::uuid) t;
  -- Merge fields, for the first record (the reservation when there is one).
  if v_first_kind is not null then
    select m.merge into v_values from app.message_merge_values(v_first_kind, array[v_first_id], v_org) m;
  end if;
  -- Addresses.
  v_to := array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_message -> 'to') = 'array' then p_message -> 'to' else '[]' end) e where btrim(e) <> '');
  v_cc := array(select lower(btrim(e)) from jsonb_array_elements_text(case when jsonb_typeof(p_message -> 'cc') = 'array' then p_message -> 'cc' else '[]' end) e where btrim(e) <> '');
  if cardinality(v_to) = 0 then
    v_to := array_remove(array[nullif(v_values ->> 'email', '')], null);
  end if;
  if cardinality(v_to) = 0 and v_reply.id is not null then
    v_to := array[lower(v_reply.from_email)];
  end if;
  if cardinality(v_to) = 0 then
    perform app.refuse('22023', 'message.addressRequired', 'Add an address to send it to');
  end if;
  if cardinality(v_to) + cardinality(v_cc) > 50 then
    perform app.refuse('22023', 'message.tooManyAddresses', 'A message goes to at most 50 addresses');
  end if;
  foreach v_address in array v_to || v_cc loop
    if not app.is_email_address(v_address) then
      perform app.refuse('22023', 'mail.notAddress', '{address} is not an e-mail address', jsonb_build_object('address', v_address));
    end if;
    v_refusal := app.mail_suppression_refusal(v_org, v_address);
    if v_refusal is not null then
      perform app.refuse('22023', v_refusal);
    end if;
  end loop;
  v_values := coalesce(v_values, jsonb_build_object('first_name', '', 'last_name', '', 'full_name', coalesce(v_reply.from_name, ''), 'email', v_to[1],
                                                    'organization.name', (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = v_org),
                                                    'unsubscribe_url', ''));
  -- Every field must exist before anything is written (app.write_out_messages fills them).
  perform app.message_fill(v_subject || ' ' || v_body, v_values);
  -- Attachments: a record file the caller may see, or a file they uploaded into message-files.
  for v_item in select * from jsonb_array_elements(case when jsonb_typeof(p_message -> 'attachments') = 'array' then p_message -> 'attachments' else '[]' end) loop
    if nullif(v_item ->> 'file_id', '') is not null then
      execute format('select f.name, f.content_type, f.size_bytes, f.storage_path from crm.crm_files f where f.id = $1 and f.org_name = $2 and not f.archive and f.storage_path is not null and (%s)',
                     app.read_rule_sql('crm.crm_files'))
        into v_file using (v_item ->> 'file_id')::uuid, v_org;
      if v_file.storage_path is null then
        perform app.refuse('22023', 'message.fileGone', 'That file does not exist');
      end if;
      v_item := jsonb_build_object('file_name', v_file.name, 'content_type', coalesce(v_file.content_type, 'application/octet-stream'),
                                   'size_bytes', coalesce(v_file.size_bytes, 0), 'storage_path', v_file.storage_path, 'bucket_id', 'record-files');
    else
      select o.name, coalesce((o.metadata ->> 'size')::bigint, 0) as size, o.metadata ->> 'mimetype' as mimetype into v_file
        from storage.objects o
       where o.bucket_id = 'message-files' and o.name = v_item ->> 'storage_path'
         and lower(split_part(o.name, '/', 1)) = lower(app.org_slug(v_org))  -- the composer names the folder as app.org_slug spells it, inbound mail in lower case
         and o.owner_id = auth.uid()::text and not app.message_file_claimed(o.name);
      if v_file.name is null then
        perform app.refuse('22023', 'message.fileNotUploaded', '{file} was not uploaded', jsonb_build_object('file', coalesce(nullif(v_item ->> 'file_name', ''), 'The file')));
      end if;
      if btrim(coalesce(v_item ->> 'file_name', '')) = '' or v_item ->> 'file_name' ~ '[\r\n]' then
        perform app.refuse('22023', 'message.fileName', 'Give the file a name');
      end if;
      v_item := jsonb_build_object('file_name', v_item ->> 'file_name', 'content_type', coalesce(v_file.mimetype, v_item ->> 'content_type', 'application/octet-stream'),
                                   'size_bytes', greatest(v_file.size, coalesce((v_item ->> 'size_bytes')::bigint, 0)), 'storage_path', v_file.name, 'bucket_id', 'message-files');
    end if;
    if (v_item ->> 'size_bytes')::bigint > 10485760 then
      perform app.refuse('22023', 'message.fileTooLarge', '{file} is larger than 10 MB', jsonb_build_object('file', v_item ->> 'file_name'));
    end if;
    v_total := v_total + (v_item ->> 'size_bytes')::bigint;
    v_attachments := v_attachments || jsonb_build_array(v_item);
  end loop;
  if v_total > 20971520 then
    perform app.refuse('22023', 'message.attachmentsTooLarge', 'The attachments are larger than 20 MB together');
  end if;
  perform app.require_mail_quota(v_org, 1);
  perform app.write_out_messages(v_org, v_subject, v_body,
    jsonb_build_array(jsonb_build_object('id', v_id, 'to_emails', to_jsonb(v_to), 'merge', v_values, 'links', v_links,
                                         'unsubscribe', strpos(v_body, 'unsubscribe_url') > 0)),
    v_cc, v_attachments, v_reply.id, null);
  return v_id;
end;
$function$;
revoke all on function crm.send_message(p_message jsonb) from public, anon, authenticated, service_role;
grant execute on function crm.send_message(p_message jsonb) to authenticated;
grant execute on function crm.send_message(p_message jsonb) to service_role;
comment on function crm.send_message(p_message jsonb) is 'sends one e-mail from records (CONVERSATIONS-CONTRACT): fills merge fields, adds the signature, renders the HTML, queues it in the outbox; any refusal writes nothing';

CREATE OR REPLACE FUNCTION crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_ids uuid[] := coalesce(p_ids, '{}');
  v_page jsonb;
  v_offset integer := 0;
  v_seen integer;
  v_orgs text[];
  v_org text;
  v_subject text;
  v_body text;
  v_campaign uuid := gen_random_uuid();
  v_rate integer := coalesce((select l.value from app.organization_limits l where l.name = 'bulk_mails_per_minute'), 60);
  v_mails jsonb;
begin
  if auth.uid() is null then
    perform app.refuse('42501', 'message.signIn', 'Sign in to send a message');
  end if;
  if app.message_record_table(p_kind) is null then
    raise exception using errcode = '22023', message = format('%s is not a kind of record a message can be on', coalesce(p_kind, 'null'));
  end if;
  if p_filter is not null and cardinality(v_ids) = 0 then
    if p_kind not in ('contact', 'business', 'household') then
      perform app.refuse('22023', 'message.recordsRequired', 'Choose the records to send to');
    end if;
    -- "All matching": the list's own filter, read page by page as the list reads it (the caller's rule).
    loop
      v_page := public.list_page(coalesce(p_filter ->> 'relation', 'crm.' || case p_kind when 'contact' then 'contacts' when 'business' then 'businesses' else 'households' end || '_view'),
                                 array(select jsonb_array_elements_text(coalesce(p_filter -> 'org_names', 'null'::jsonb))) ,
                                 coalesce(p_filter -> 'eq', '{}'), coalesce((p_filter ->> 'exclude_archived')::boolean, false),
                                 p_filter -> 'filter', '[]', v_offset, 1000, null, null);
      exit when v_page is null or jsonb_array_length(v_page -> 'ids') = 0;
      v_ids := v_ids || array(select e::uuid from jsonb_array_elements_text(v_page -> 'ids') e);
      exit when jsonb_array_length(v_page -> 'ids') < 1000;
      v_offset := v_offset + 1000;
    end loop;
  end if;
  -- Each record once, in the order given.
  v_ids := array(select u.id from unnest(v_ids) with ordinality u(id, n) where u.id is not null group by u.id order by min(u.n));
  if cardinality(v_ids) = 0 then
    perform app.refuse('22023', 'message.recordsRequired', 'Choose the records to send to');
  end if;
  if cardinality(v_ids) > 50000 then
    perform app.refuse('22023', 'message.tooManyRecords', 'A mail to many goes to at most 50,000 records');
  end if;
  -- One organisation, every record visible to the caller.
  select count(*)::integer, array_agg(distinct r.org_name) into v_seen, v_orgs from app.message_records_orgs(p_kind, v_ids) r;
  if v_seen < cardinality(v_ids) then
    perform app.refuse('42501', 'record.notVisible', 'You cannot see that record');
  end if;
  if cardinality(v_orgs) > 1 then
    perform app.refuse('22023', 'message.oneOrg', 'A message is on records of one organisation');
  end if;
  v_org := v_orgs[1];
  select t.subject, t.body into v_subject, v_body from app.message_text(v_org, p_subject, p_body, p_template_id) t;
  if v_body !~ '\{\{\s*unsubscribe_url\s*\}\}' then
    v_body := v_body || E'\n\nUnsubscribe: {{unsubscribe_url}}';
  end if;
  -- Every field must exist before anything is written.
  perform app.message_fill(v_subject || ' ' || v_body, (select m.merge from app.message_merge_values(p_kind, v_ids[1:1], v_org) m));
  -- Who gets one (an address, not suppressed), each a minute's share of the rate after the one before.
  select coalesce(jsonb_agg(jsonb_build_object('id', gen_random_uuid(), 'to_emails', jsonb_build_array(q.email), 'merge', q.merge,
                                               'links', jsonb_build_array(jsonb_build_object('kind', p_kind, 'id', q.id)),
                                               'send_at', now() + make_interval(secs => ((q.n - 1) * 60.0) / greatest(v_rate, 1)),
                                               'unsubscribe', true) order by q.n), '[]')
    into v_mails
    from (select m.id, m.email, m.merge, row_number() over (order by u.n) as n
            from unnest(v_ids) with ordinality u(id, n)
            join app.message_merge_values(p_kind, v_ids, v_org) m on m.id = u.id
           where app.is_email_address(m.email)
             and not exists (select 1 from crm.mail_suppressions s where s.org_name = v_org and s.email = m.email)) q;
  perform app.require_mail_quota(v_org, jsonb_array_length(v_mails));
  insert into crm.mail_campaigns (id, org_name, subject, body, record_kind, total, queued, skipped, created_by)
  values (v_campaign, v_org, v_subject, v_body, p_kind, cardinality(v_ids), jsonb_array_length(v_mails), cardinality(v_ids) - jsonb_array_length(v_mails), app.profile_id_in(v_org));
  perform app.write_out_messages(v_org, v_subject, v_body, v_mails, '{}', '[]', null, v_campaign);
  return jsonb_build_object('campaign_id', v_campaign, 'total', cardinality(v_ids), 'queued', jsonb_array_length(v_mails), 'skipped', cardinality(v_ids) - jsonb_array_length(v_mails));
end;
$function$;
revoke all on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) to authenticated;
grant execute on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) to service_role;
comment on function crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid) is 'mail to many (CONVERSATIONS-CONTRACT): one personalised message per record with an unsubscribe link, spaced by bulk_mails_per_minute; suppressed and address-less records skipped and counted';

CREATE OR REPLACE FUNCTION public.booking_cancel(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_view jsonb;
  v_stay catalog.reservations;
begin
  perform app.require_request('booking_requests');
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return app.refusal_answer(app.refusal('booking.linkInvalid', 'This booking link is not valid.'));
  end if;
  perform 1 from catalog.reservations r where r.id = v_booking.reservation_id for update;
  v_view := app.booking_view(v_booking);
  if v_view ->> 'status' not in ('Tentative', 'Confirmed') then
    return v_view || jsonb_build_object('ok', false, 'reason', format('This booking is %s.', lower(v_view ->> 'status')));
  end if;
  if not (v_view ->> 'can_cancel')::boolean then
    return v_view || jsonb_build_object('ok', false,
      'reason', format('This booking can be cancelled online only until %s. Please contact %s.',
                       to_char((v_view ->> 'cancel_until')::date, 'FMMonth FMDD, YYYY'), v_view ->> 'org_name'));
  end if;
  update catalog.reservations set status = 'Cancelled', cancellation_reason = 'Cancelled by the guest'
  where id = v_booking.reservation_id
  returning * into v_stay;
  perform app.booking_mail(v_stay, 'cancelled', null);
  return app.booking_view(v_booking);
end;
$function$;
revoke all on function public.booking_cancel(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_cancel(p_token text) to anon;
grant execute on function public.booking_cancel(p_token text) to authenticated;
grant execute on function public.booking_cancel(p_token text) to service_role;
comment on function public.booking_cancel(p_token text) is 'The guest cancels their online booking from their link, within the organisation''s cancellation rule (lodging_settings.booking_cancel_days); the guest is e-mailed. Counted against the booking_requests request limit.';

CREATE OR REPLACE FUNCTION public.booking_page(p_org text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
begin
  perform app.require_request('booking_searches');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return app.refusal_answer(app.refusal('booking.notAvailable', 'Online booking is not available here.'));
  end if;
  return (
    select jsonb_build_object(
      'ok', true,
      'org_name', o.org_name,
      'display_name', coalesce(nullif(btrim(o.display_name), ''), o.org_name),
      'language', nullif(btrim(o.language), ''),
      'logo_url', coalesce(b.logo_url, o.logo_url),
      'branding', jsonb_strip_nulls(jsonb_build_object(
        'primary_color', b.primary_color, 'background_color', b.background_color, 'text_color', b.text_color,
        'button_color', b.button_color, 'button_text_color', b.button_text_color, 'link_color', b.link_color,
        'font_family', b.font_family)),
      'currency', coalesce(s.currency, 'USD'),
      'deposit_percent', coalesce(s.deposit_percent, 0),
      'deposit_method', app.booking_deposit_method(o.org_name),
      'cancel_days', coalesce(s.booking_cancel_days, 2),
      'hold_hours', coalesce(s.booking_hold_hours, 24),
      'pets', exists (select 1 from catalog.accommodation_rates r where r.org_name = o.org_name and not r.archive and r.additional_pet is not null))
    from public.organizations o
    left join settings.org_branding b on b.org_name = o.org_name and not b.archive
    left join catalog.lodging_settings s on s.org_name = o.org_name
    where o.org_name = v_org
    limit 1);
end;
$function$;
revoke all on function public.booking_page(p_org text) from public, anon, authenticated, service_role;
grant execute on function public.booking_page(p_org text) to anon;
grant execute on function public.booking_page(p_org text) to authenticated;
grant execute on function public.booking_page(p_org text) to service_role;
comment on function public.booking_page(p_org text) is 'The public booking page of an organisation that enabled online booking: its name, language, logo and colours, currency, deposit and cancellation rule; nothing else. Counted against the booking_searches request limit.';

CREATE OR REPLACE FUNCTION public.booking_payment_start(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
  v_stay catalog.reservations;
  v_keys app.integration_secrets;
begin
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return app.refusal_answer(app.refusal('booking.linkInvalid', 'This booking link is not valid.'));
  end if;
  select * into v_stay from catalog.reservations r where r.id = v_booking.reservation_id;
  if v_booking.payment_method <> 'card_link' or v_booking.deposit_due <= 0 then
    return jsonb_build_object('ok', false, 'reason', 'This booking has no deposit to pay by card.');
  end if;
  if v_booking.deposit_paid_at is not null then
    return jsonb_build_object('ok', false, 'reason', 'The deposit for this booking is already paid.');
  end if;
  if v_stay.status not in ('Tentative', 'Confirmed') then
    return jsonb_build_object('ok', false, 'reason', format('This booking is %s.', lower(v_stay.status)));
  end if;
  v_keys := app.booking_card_keys(v_stay.org_name);
  if v_keys.integration_id is null then
    return jsonb_build_object('ok', false, 'reason', format('Card payment is not available at the moment. Please contact %s.', v_stay.org_name));
  end if;
  return jsonb_build_object(
    'ok', true,
    'reservation_id', v_stay.id,
    'org_name', v_stay.org_name,
    'confirmation', v_stay.confirmation,
    'description', format('Deposit for %s, %s – %s (%s)', coalesce((select a.name from catalog.accommodations a where a.id = v_stay.accommodation_id), 'your stay'),
                          to_char(app.stay_day(v_stay.check_in), 'FMMon FMDD'), to_char(app.stay_day(v_stay.check_out), 'FMMon FMDD, YYYY'), v_stay.confirmation),
    'amount', v_booking.deposit_due,
    'currency', coalesce((select s.currency from catalog.lodging_settings s where s.org_name = v_stay.org_name), 'USD'),
    'email', v_booking.guest_email,
    'return_url', app.booking_link(v_stay.org_name, p_token),
    'secret_key', v_keys.api_secret,
    'webhook_secret', v_keys.webhook_secret);
end;
$function$;
revoke all on function public.booking_payment_start(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_payment_start(p_token text) to service_role;
comment on function public.booking_payment_start(p_token text) is 'Server side only (the payments function, as service role): what a card payment of an online booking''s deposit needs (amount, currency, description, the guest''s page to return to) and the organisation''s payment keys; or why the deposit cannot be paid by card.';

CREATE OR REPLACE FUNCTION public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_refusal jsonb;
  v_unit record;
  v_settings record;
  v_quote jsonb;
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_contact uuid;
  v_status text;
  v_stay catalog.reservations;
  v_token text := encode(extensions.gen_random_bytes(24), 'hex');
  v_deposit numeric(12, 2);
  v_range tstzrange;
begin
  perform app.require_request('booking_requests');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return app.refusal_answer(app.refusal('booking.notAvailable', 'Online booking is not available here.'));
  end if;
  v_refusal := app.booking_stay_refusal(v_org, p_check_in, p_check_out, p_adults, p_children, p_pets);
  if v_refusal is not null then
    return app.refusal_answer(v_refusal);
  end if;
  if v_name = '' or length(v_name) > 200 then
    return app.refusal_answer(app.refusal('booking.nameRequired', 'Enter your name.')) || jsonb_build_object('field', 'name');
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or length(v_email) > 254 then
    return app.refusal_answer(app.refusal('booking.emailInvalid', 'Enter a valid e-mail address.')) || jsonb_build_object('field', 'email');
  end if;
  if v_phone is not null and v_phone !~ '^\+?[0-9 ().-]{5,40}$' then
    return app.refusal_answer(app.refusal('booking.phoneInvalid', 'Enter a valid phone number, or leave it empty.')) || jsonb_build_object('field', 'phone');
  end if;
  if length(coalesce(v_note, '')) > 2000 then
    return app.refusal_answer(app.refusal('booking.noteTooLong', 'A note can be at most 2000 characters.')) || jsonb_build_object('field', 'note');
  end if;
  select a.id, a.name, a.capacity, a.class_id, coalesce(cl.booking_instant, false) as instant into v_unit
  from catalog.accommodations a left join catalog.accommodation_classes cl on cl.id = a.class_id
  where a.id = p_accommodation_id and a.org_name = v_org and not a.archive and a.inventory_count > 0;
  if v_unit.id is null then
    return app.refusal_answer(app.refusal('booking.unitNotBookable', 'This unit cannot be booked here.'));
  end if;
  if v_unit.capacity is not null and p_adults + coalesce(p_children, 0) > v_unit.capacity then
    return app.refusal_answer(app.refusal('booking.overCapacity', '{unit} sleeps at most {capacity} guests.', jsonb_build_object('unit', v_unit.name, 'capacity', v_unit.capacity)));
  end if;
  -- One booking of a unit at a time: the second of two guests racing for it waits here, then finds it taken.
  perform app.lock_accommodation(v_unit.id);
  v_range := app.booking_stay_range(p_check_in, p_check_out);
  if exists (select 1 from catalog.reservations r
             where r.accommodation_id = v_unit.id and app.reservation_is_active(r.status)
               and tstzrange(r.check_in, r.check_out, '[)') && v_range)
     or exists (select 1 from catalog.accommodation_blocks b
                where b.accommodation_id = v_unit.id and tstzrange(b.block_start, b.block_end, '[)') && v_range) then
    return app.refusal_answer(app.refusal('booking.justBooked', 'Sorry, {unit} has just been booked for those dates. Here is what is still free.', jsonb_build_object('unit', v_unit.name)))
      || jsonb_build_object('gone', true,
      'offers', app.booking_offers(v_org, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0)));
  end if;
  v_quote := catalog.quote_stay(v_unit.id, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0), current_date);
  if not (v_quote ->> 'ok')::boolean then
    return jsonb_build_object('ok', false, 'reason', v_quote ->> 'reason');
  end if;
  if p_total is null or p_total <> (v_quote ->> 'total')::numeric then
    return app.refusal_answer(app.refusal('booking.priceChanged', 'The price for these dates is {total} {currency}; check it and confirm again.',
             jsonb_build_object('total', to_char((v_quote ->> 'total')::numeric, 'FM999999990.00'), 'currency', v_quote ->> 'currency')))
           || jsonb_build_object('price_changed', true, 'quote', v_quote - 'ok' - 'reason' - 'rate_id');
  end if;
  select s.deposit_percent, app.booking_deposit_method(v_org) as deposit_method, s.booking_hold_hours into v_settings
  from (select 1) one left join catalog.lodging_settings s on s.org_name = v_org;
  v_deposit := round((v_quote ->> 'total')::numeric * coalesce(v_settings.deposit_percent, 0) / 100, 2);

  -- The guest as a contact: the organisation's contact with this e-mail address, else a new one.
  select m.contact_id into v_contact
  from crm.contact_methods m join crm.contacts c on c.id = m.contact_id
  where m.org_name = v_org and lower(btrim(m.value)) = v_email and not m.archive and not c.archive
  order by m.is_primary desc, m.created_at
  limit 1;
  if v_contact is null then
    insert into crm.contacts (org_name, name, description)
    values (v_org, v_name, 'Booked online') returning id into v_contact;
    insert into crm.contact_methods (org_name, contact_id, value, label, is_primary)
    values (v_org, v_contact, v_email, 'Email', true);
    if v_phone is not null then
      insert into crm.contact_methods (org_name, contact_id, value, label, is_primary)
      values (v_org, v_contact, v_phone, 'Phone', false);
    end if;
  end if;

  v_status := case when v_unit.instant then 'Confirmed' else 'Tentative' end;
  insert into catalog.reservations (org_name, name, accommodation_id, rate_id, source_channel, status, status_notes, contact_id,
    check_in, check_out, nights, adults, children, pets, subtotal, tax_amount, fees_amount, total_amount, deposit_amount,
    other_notes, confirmation_sent_at, confirmation_sent_to)
  values (v_org, v_name, v_unit.id, (v_quote ->> 'rate_id')::uuid, 'Online booking', v_status,
    case when v_status = 'Tentative' then 'Booked online: waiting for the desk to confirm' else 'Booked online' end,
    v_contact, lower(v_range), upper(v_range), (v_quote ->> 'night_count')::integer, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0),
    (v_quote ->> 'subtotal')::numeric, (v_quote ->> 'tax')::numeric, (v_quote ->> 'fees')::numeric, (v_quote ->> 'total')::numeric,
    v_deposit, v_note,
    case when v_status = 'Confirmed' then now() end, case when v_status = 'Confirmed' then v_email end)
  returning * into v_stay;
  -- The language the guest booked in, when Steward speaks it (else the organisation's): every mail of the booking is in it.
  insert into app.online_bookings (reservation_id, token_hash, guest_email, quote, deposit_due, payment_method, payment_reference, hold_until, language)
  values (v_stay.id, app.calendar_token_hash(v_token), v_email, v_quote - 'ok' - 'reason', v_deposit,
    coalesce(v_settings.deposit_method, 'on_arrival'),
    case when coalesce(v_settings.deposit_method, 'on_arrival') = 'bank_transfer' then 'BOOKING ' || v_stay.confirmation end,
    case when v_status = 'Tentative' then now() + make_interval(hours => coalesce(v_settings.booking_hold_hours, 24)) end,
    app.mail_locale(v_org, p_language));
  if v_status = 'Confirmed' then
    perform app.booking_mail(v_stay, 'confirmed', v_token);
  else
    perform app.booking_mail(v_stay, 'requested', v_token);
  end if;
  return app.booking_view((select b from app.online_bookings b where b.reservation_id = v_stay.id)) || jsonb_build_object('token', v_token);
end;
$function$;
revoke all on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) from public, anon, authenticated, service_role;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to anon;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to authenticated;
grant execute on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) to service_role;
comment on function public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text) is 'A guest books a unit from the public page: checked again (dates, party, contact details, the unit is the organisation''s and still free, the price the guest saw is the quote''s), then a stay (Tentative, or Confirmed for an instant class) with the guest as a contact (by e-mail, else new), the quote stored, and the guest e-mailed a link to their booking, in the language they booked in (p_language: en or es; any other, the organisation''s). A unit taken meanwhile answers gone=true with what is still free. Counted against the booking_requests request limit.';

CREATE OR REPLACE FUNCTION public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer DEFAULT 1, p_children integer DEFAULT 0, p_pets integer DEFAULT 0)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_org text;
  v_refusal jsonb;
  v_offers jsonb;
begin
  perform app.require_request('booking_searches');
  v_org := app.booking_org(p_org);
  if v_org is null then
    return app.refusal_answer(app.refusal('booking.notAvailable', 'Online booking is not available here.'));
  end if;
  v_refusal := app.booking_stay_refusal(v_org, p_check_in, p_check_out, p_adults, p_children, p_pets);
  if v_refusal is not null then
    return app.refusal_answer(v_refusal);
  end if;
  v_offers := app.booking_offers(v_org, p_check_in, p_check_out, p_adults, coalesce(p_children, 0), coalesce(p_pets, 0));
  if jsonb_array_length(v_offers) = 0 then
    return app.refusal_answer(app.refusal('booking.nothingFree', 'Nothing is free for those dates and guests. Try other dates or fewer guests.'))
           || jsonb_build_object('ok', true, 'offers', v_offers);
  end if;
  return jsonb_build_object('ok', true, 'offers', v_offers, 'reason', null);
end;
$function$;
revoke all on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) from public, anon, authenticated, service_role;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to anon;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to authenticated;
grant execute on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) to service_role;
comment on function public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer) is 'The units free for the dates that sleep the party, priced as the desk prices them (catalog.quote_stay), with the deposit due; or the reason the search is refused. Counted against the booking_searches request limit.';

CREATE OR REPLACE FUNCTION public.booking_stay(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_booking app.online_bookings;
begin
  perform app.require_request('booking_searches');
  if p_token ~ '^[0-9a-f]{48}$' then
    select * into v_booking from app.online_bookings b where b.token_hash = app.calendar_token_hash(p_token);
  end if;
  if v_booking.reservation_id is null then
    return app.refusal_answer(app.refusal('booking.linkInvalid', 'This booking link is not valid.'));
  end if;
  return app.booking_view(v_booking);
end;
$function$;
revoke all on function public.booking_stay(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.booking_stay(p_token text) to anon;
grant execute on function public.booking_stay(p_token text) to authenticated;
grant execute on function public.booking_stay(p_token text) to service_role;
comment on function public.booking_stay(p_token text) is 'The guest''s own page of an online booking, for the holder of the link''s token; no account.';

CREATE OR REPLACE FUNCTION public.bulk_delete(p_table text, p_ids uuid[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := app.history_table(p_table);
  v_ids uuid[] := array(select distinct unnest(p_ids));
  v_system integer;
  v_live integer;
  v_deleted integer;
  v_batch uuid := gen_random_uuid();
begin
  execute format('select count(*) filter (where org_name = ''_system_default_''), count(*) filter (where org_name <> ''_system_default_'' and not archive) '
                 'from %s where id = any($1)', v_rel)
    into v_system, v_live using v_ids;
  if v_live > 0 then
    perform app.refuse('22023', 'bulk.notArchived', '{count} of the selected records are not archived: archive them before deleting for good', jsonb_build_object('count', v_live));
  end if;
  perform app.begin_batch('bulk', v_batch);
  execute format('with gone as (delete from %s where id = any($1) and org_name <> ''_system_default_'' and archive returning 1) select count(*) from gone', v_rel)
    into v_deleted using v_ids;
  perform app.end_batch();
  if v_deleted + v_system <> coalesce(array_length(v_ids, 1), 0) then
    perform app.refuse('42501', 'bulk.deleteForbidden', '{count} of the selected records cannot be deleted by you; nothing was deleted', jsonb_build_object('count', coalesce(array_length(v_ids, 1), 0) - v_deleted - v_system));
  end if;
  return jsonb_build_object('deleted', v_deleted, 'skipped', v_system, 'batch_id', v_batch);
end;
$function$;
revoke all on function public.bulk_delete(p_table text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.bulk_delete(p_table text, p_ids uuid[]) to authenticated;
grant execute on function public.bulk_delete(p_table text, p_ids uuid[]) to service_role;

CREATE OR REPLACE FUNCTION public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_rel regclass := app.history_table(p_table);
  v_ids uuid[] := array(select distinct unnest(p_ids));
  v_batch uuid := gen_random_uuid();
  v_field text;
  v_sets text := '';
  v_system integer;
  v_changed integer;
begin
  if p_changes is null or jsonb_typeof(p_changes) <> 'object' or p_changes = '{}'::jsonb then
    perform app.refuse('22023', 'bulk.nothingChosen', 'Choose what to change');
  end if;
  for v_field in select jsonb_object_keys(p_changes) loop
    -- Custom fields: {"custom": {"<field id>": value, ...}} sets those keys (null empties one) and
    -- leaves the others; the records' custom trigger checks each value as any write.
    if v_field = 'custom' and exists (select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = 'custom' and not attisdropped) then
      if jsonb_typeof(p_changes -> 'custom') is distinct from 'object' or p_changes -> 'custom' = '{}'::jsonb then
        perform app.refuse('22023', 'bulk.noFields', 'Choose the fields to set');
      end if;
      v_sets := v_sets || format('%scustom = t.custom || $3', case when v_sets = '' then '' else ', ' end);
      continue;
    end if;
    if not app.bulk_field_allowed(v_field) or not exists (
      select 1 from pg_catalog.pg_attribute where attrelid = v_rel and attname = v_field and not attisdropped) then
      raise exception using errcode = '22023', message = format('%s cannot be changed in bulk here', v_field);
    end if;
    v_sets := v_sets || format('%s%I = r.%I', case when v_sets = '' then '' else ', ' end, v_field, v_field);
  end loop;
  execute format('select count(*) from %s where id = any($1) and org_name = ''_system_default_''', v_rel)
    into v_system using v_ids;
  perform app.begin_batch('bulk', v_batch);
  execute format('with changed as (update %1$s t set %2$s from jsonb_populate_record(null::%1$s, $2) r '
                 'where t.id = any($1) and t.org_name <> ''_system_default_'' returning 1) select count(*) from changed',
                 v_rel, v_sets)
    into v_changed using v_ids, p_changes - 'custom', p_changes -> 'custom';
  perform app.end_batch();
  if v_changed + v_system <> coalesce(array_length(v_ids, 1), 0) then
    perform app.refuse('42501', 'bulk.changeForbidden', '{count} of the selected records cannot be changed by you; nothing was changed', jsonb_build_object('count', coalesce(array_length(v_ids, 1), 0) - v_changed - v_system));
  end if;
  return jsonb_build_object('changed', v_changed, 'skipped', v_system, 'batch_id', v_batch);
end;
$function$;
revoke all on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) from public, anon, authenticated, service_role;
grant execute on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) to authenticated;
grant execute on function public.bulk_update(p_table text, p_ids uuid[], p_changes jsonb) to service_role;

CREATE OR REPLACE FUNCTION public.mail_unsubscribe(p_token text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v app.mail_unsubscribe_tokens;
begin
  select * into v from app.mail_unsubscribe_tokens t
   where t.token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
   for update;
  if not found then
    perform app.refuse('22023', 'unsubscribe.invalid', 'This unsubscribe link is not valid');
  end if;
  if v.used_at is not null then
    perform app.refuse('22023', 'unsubscribe.used', 'This unsubscribe link has already been used');
  end if;
  update app.mail_unsubscribe_tokens set used_at = now() where token_hash = v.token_hash;
  insert into crm.mail_suppressions (org_name, email, reason, message_id)
  values (v.org_name, v.email, 'unsubscribed', v.message_id)
  on conflict (org_name, email) do update set reason = 'unsubscribed', created_at = now(), message_id = excluded.message_id;
  return jsonb_build_object('org_name', v.org_name, 'email', v.email);
end;
$function$;
revoke all on function public.mail_unsubscribe(p_token text) from public, anon, authenticated, service_role;
grant execute on function public.mail_unsubscribe(p_token text) to anon;
grant execute on function public.mail_unsubscribe(p_token text) to authenticated;
grant execute on function public.mail_unsubscribe(p_token text) to service_role;
comment on function public.mail_unsubscribe(p_token text) is 'the unsubscribe link of a mail (<site>/unsubscribe/<token>): puts its address on the organisation''s suppression list; works once';

CREATE OR REPLACE FUNCTION public.undo_batch(p_batch_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_entry record;
  v_sets text;
  v_old jsonb;
  v_restored integer := 0;
  v_kept integer := 0;
  v_count integer;
  v_undo uuid := gen_random_uuid();
begin
  if not exists (select 1 from public.record_history where batch_id = p_batch_id) then
    perform app.refuse('P0002', 'undo.nothing', 'There is nothing to undo');
  end if;
  if exists (select 1 from public.record_history where batch_id = p_batch_id and action = 'delete') then
    perform app.refuse('22023', 'undo.deleted', 'Records deleted for good cannot be brought back');
  end if;
  if exists (select 1 from public.record_history where batch_id = p_batch_id and via = 'merge' and created_at < now() - interval '24 hours') then
    perform app.refuse('22023', 'undo.mergeExpired', 'A merge can be undone for 24 hours only');
  end if;
  if app.batch_undone(p_batch_id) then
    perform app.refuse('22023', 'undo.already', 'This change was already undone');
  end if;
  -- Undone whole or not at all: a caller who cannot read every entry of it cannot undo it.
  if app.batch_size(p_batch_id) <> (select count(*) from public.record_history where batch_id = p_batch_id) then
    perform app.refuse('42501', 'undo.notVisible', 'Part of this change is not yours to see, so you cannot undo it');
  end if;
  perform app.begin_batch('undo', v_undo);
  for v_entry in
    select h.* from public.record_history h
    where h.batch_id = p_batch_id and h.action in ('update', 'archive', 'restore')
    order by h.id desc
  loop
    select string_agg(format('%I = r.%I', key, key), ', '), jsonb_object_agg(key, value -> 0)
      into v_sets, v_old
      from jsonb_each(v_entry.changes);
    execute format('with undone as (update %1$s t set %2$s from jsonb_populate_record(null::%1$s, $2) r '
                   'where t.id = $1 and to_jsonb(t) @> $3 returning 1) select count(*) from undone',
                   v_entry.table_name, v_sets)
      into v_count using v_entry.record_id, v_old,
        (select jsonb_object_agg(key, value -> 1) from jsonb_each(v_entry.changes));
    if v_count = 1 then v_restored := v_restored + 1; else v_kept := v_kept + 1; end if;
  end loop;
  perform app.mark_batch_undone(p_batch_id, v_undo);
  perform app.end_batch();
  return jsonb_build_object('restored', v_restored, 'kept', v_kept, 'batch_id', v_undo);
end;
$function$;
revoke all on function public.undo_batch(p_batch_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.undo_batch(p_batch_id uuid) to authenticated;
grant execute on function public.undo_batch(p_batch_id uuid) to service_role;
