-- message upload folder case: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

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
  v_problem text;
begin
  if auth.uid() is null then
    raise exception using errcode = '42501', message = 'Sign in to send a message';
  end if;
  if jsonb_typeof(p_message) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'The message must be an object';
  end if;
  -- The thread it answers, and the records of that thread by default.
  if nullif(p_message ->> 'reply_to', '') is not null then
    select * into v_reply from crm.messages m where m.id = (p_message ->> 'reply_to')::uuid;
    if v_reply.id is null then
      raise exception using errcode = '22023', message = 'The message it answers does not exist';
    end if;
  end if;
  for v_link in select * from jsonb_array_elements(case when jsonb_typeof(p_message -> 'links') = 'array' then p_message -> 'links' else '[]' end) loop
    v_link_org := app.message_record_org(v_link ->> 'kind', nullif(v_link ->> 'id', '')::uuid);
    if v_link_org is null then
      raise exception using errcode = '42501', message = 'You cannot see that record';
    end if;
    if v_org is not null and v_org <> v_link_org then
      raise exception using errcode = '22023', message = 'A message is on records of one organisation';
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
        raise exception using errcode = '42501', message = 'You cannot see that record';
      end if;
      v_org := v_reply.org_name;
      v_links := coalesce((select jsonb_agg(jsonb_build_object('kind', l.record_kind, 'id', l.record_id)) from crm.message_links l where l.message_id = v_reply.id), '[]');
      select l.record_kind, l.record_id into v_first_kind, v_first_id from crm.message_links l where l.message_id = v_reply.id order by l.record_kind = 'reservation' desc limit 1;
    elsif v_reply.org_name <> v_org then
      raise exception using errcode = '22023', message = 'The message it answers does not exist';
    end if;
  end if;
  if v_org is null then
    raise exception using errcode = '22023', message = 'Send the message from a record';
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
    raise exception using errcode = '22023', message = 'Add an address to send it to';
  end if;
  if cardinality(v_to) + cardinality(v_cc) > 50 then
    raise exception using errcode = '22023', message = 'A message goes to at most 50 addresses';
  end if;
  foreach v_address in array v_to || v_cc loop
    if not app.is_email_address(v_address) then
      raise exception using errcode = '22023', message = format('%s is not an e-mail address', v_address);
    end if;
    v_problem := app.mail_suppression_problem(v_org, v_address);
    if v_problem is not null then
      raise exception using errcode = '22023', message = v_problem;
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
        raise exception using errcode = '22023', message = 'That file does not exist';
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
        raise exception using errcode = '22023', message = format('%s was not uploaded', coalesce(nullif(v_item ->> 'file_name', ''), 'The file'));
      end if;
      if btrim(coalesce(v_item ->> 'file_name', '')) = '' or v_item ->> 'file_name' ~ '[\r\n]' then
        raise exception using errcode = '22023', message = 'Give the file a name';
      end if;
      v_item := jsonb_build_object('file_name', v_item ->> 'file_name', 'content_type', coalesce(v_file.mimetype, v_item ->> 'content_type', 'application/octet-stream'),
                                   'size_bytes', greatest(v_file.size, coalesce((v_item ->> 'size_bytes')::bigint, 0)), 'storage_path', v_file.name, 'bucket_id', 'message-files');
    end if;
    if (v_item ->> 'size_bytes')::bigint > 10485760 then
      raise exception using errcode = '22023', message = format('%s is larger than 10 MB', v_item ->> 'file_name');
    end if;
    v_total := v_total + (v_item ->> 'size_bytes')::bigint;
    v_attachments := v_attachments || jsonb_build_array(v_item);
  end loop;
  if v_total > 20971520 then
    raise exception using errcode = '22023', message = 'The attachments are larger than 20 MB together';
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
