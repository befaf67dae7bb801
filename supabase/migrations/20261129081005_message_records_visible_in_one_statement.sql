-- message records visible in one statement: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.message_records_orgs(p_kind text, p_ids uuid[])
 RETURNS TABLE(id uuid, org_name text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_table regclass := app.message_record_table(p_kind);
begin
  -- The records of a kind a message can be on that the caller may see, with their organisations, in
  -- one statement under the table's read rule (service role without a user: every one).
  if v_table is null then
    raise exception using errcode = '22023', message = format('%s is not a kind of record a message can be on', coalesce(p_kind, 'null'));
  end if;
  if auth.uid() is null and auth.role() = 'service_role' then
    return query execute format('select t.id, t.org_name from %s t where t.id = any ($1)', v_table) using p_ids;
  else
    return query execute format('select t.id, t.org_name from %s t where t.id = any ($1) and t.org_name = any (app.member_orgs()) and (%s)', v_table, app.read_rule_sql(v_table))
      using p_ids;
  end if;
end;
$function$;
revoke all on function app.message_records_orgs(p_kind text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.message_records_orgs(p_kind text, p_ids uuid[]) to service_role;
comment on function app.message_records_orgs(p_kind text, p_ids uuid[]) is 'which of these records (of a kind a message can be on) the caller may see, and their organisations: app.message_record_org for one, crm.send_to_many for its selection';

CREATE OR REPLACE FUNCTION app.message_record_org(p_kind text, p_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select (select r.org_name from app.message_records_orgs(p_kind, array[p_id]) r)
$function$;
revoke all on function app.message_record_org(p_kind text, p_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.message_record_org(p_kind text, p_id uuid) to service_role;

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
    raise exception using errcode = '42501', message = 'Sign in to send a message';
  end if;
  if app.message_record_table(p_kind) is null then
    raise exception using errcode = '22023', message = format('%s is not a kind of record a message can be on', coalesce(p_kind, 'null'));
  end if;
  if p_filter is not null and cardinality(v_ids) = 0 then
    if p_kind not in ('contact', 'business', 'household') then
      raise exception using errcode = '22023', message = 'Choose the records to send to';
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
    raise exception using errcode = '22023', message = 'Choose the records to send to';
  end if;
  if cardinality(v_ids) > 50000 then
    raise exception using errcode = '22023', message = 'A mail to many goes to at most 50,000 records';
  end if;
  -- One organisation, every record visible to the caller.
  select count(*)::integer, array_agg(distinct r.org_name) into v_seen, v_orgs from app.message_records_orgs(p_kind, v_ids) r;
  if v_seen < cardinality(v_ids) then
    raise exception using errcode = '42501', message = 'You cannot see that record';
  end if;
  if cardinality(v_orgs) > 1 then
    raise exception using errcode = '22023', message = 'A message is on records of one organisation';
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
