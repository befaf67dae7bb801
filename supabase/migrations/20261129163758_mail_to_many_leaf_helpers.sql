-- mail to many leaf helpers: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.message_fill(p_text text, p_values jsonb, p_one_line boolean DEFAULT false)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
declare
  v_out text := '';
  v_rest text := coalesce(p_text, '');
  v_match text[];
  v_name text;
  v_value text;
  v_at integer;
begin
  -- No search_path of its own: see app.message_inline_html.
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

CREATE OR REPLACE FUNCTION app.message_html(p_text text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
declare
  v_out text := '';
  v_open text := null;
  v_line text;
  v_para text := null;
begin
  -- No search_path of its own: see app.message_inline_html.
  foreach v_line in array regexp_split_to_array(replace(coalesce(p_text, ''), E'\r', ''), E'\n') loop
    if v_line ~ '^\s*[-*]\s+' or v_line ~ '^\s*[0-9]+[.)]\s+' then
      if v_para is not null then v_out := v_out || '<p>' || v_para || '</p>'; v_para := null; end if;
      if v_open is distinct from (case when v_line ~ '^\s*[-*]\s+' then 'ul' else 'ol' end) then
        if v_open is not null then v_out := v_out || '</' || v_open || '>'; end if;
        v_open := case when v_line ~ '^\s*[-*]\s+' then 'ul' else 'ol' end;
        v_out := v_out || '<' || v_open || '>';
      end if;
      v_out := v_out || '<li>' || app.message_inline_html(regexp_replace(v_line, '^\s*([-*]|[0-9]+[.)])\s+', '')) || '</li>';
    elsif btrim(v_line) = '' then
      if v_open is not null then v_out := v_out || '</' || v_open || '>'; v_open := null; end if;
      if v_para is not null then v_out := v_out || '<p>' || v_para || '</p>'; v_para := null; end if;
    else
      if v_open is not null then v_out := v_out || '</' || v_open || '>'; v_open := null; end if;
      v_para := case when v_para is null then '' else v_para || '<br>' end || app.message_inline_html(v_line);
    end if;
  end loop;
  if v_open is not null then v_out := v_out || '</' || v_open || '>'; end if;
  if v_para is not null then v_out := v_out || '<p>' || v_para || '</p>'; end if;
  return v_out;
end;
$function$;
revoke all on function app.message_html(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.message_html(p_text text) to service_role;

CREATE OR REPLACE FUNCTION app.message_inline_html(p_line text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- No search_path of its own (nor has app.message_html, app.message_fill): called for each line of
  -- every mail, only from functions that set it to ''; its SET clause's save and restore per call was
  -- most of a mail to many's HTML, and kept this one from being inlined. Only service_role may call it.
  select regexp_replace(regexp_replace(regexp_replace(
           replace(replace(replace(replace(replace(p_line, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'),
           '\[([^\]]+)\]\(((https?://|mailto:)[^)\s]+)\)', '<a href="\2">\1</a>', 'g'),
           '\*\*([^*]+)\*\*', '<strong>\1</strong>', 'g'),
           '(^|[^A-Za-z0-9_/])_([^_]+)_($|[^A-Za-z0-9_])', '\1<em>\2</em>\3', 'g')
$function$;
revoke all on function app.message_inline_html(p_line text) from public, anon, authenticated, service_role;
grant execute on function app.message_inline_html(p_line text) to service_role;

CREATE OR REPLACE FUNCTION app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_slug text := lower(app.org_slug(p_org));
  v_parent crm.messages;
  v_account settings.integrations;
  v_settings settings.mail_settings;
  v_from_email text;
  v_from_name text;
  v_signature text;
  v_mails jsonb;
  -- Every unsubscribe link of this call starts the same (app.mail_unsubscribe_link): read once.
  v_unsubscribe text := app.mail_unsubscribe_link('');
  -- Read once, not for each mail.
  v_profile uuid := app.profile_id_in(p_org);
  v_reply_domain text := app.inbound_domain();
begin
  -- The one writer of outgoing conversation mail (one mail from a record, or a mail to many): the
  -- sender's account, name and signature read once; each mail's merge fields filled ("merge", plus its
  -- own unsubscribe link when it asks for one), its message, links (a reservation's guest too),
  -- attachments, unsubscribe token (stored hashed) and outbox row written in one statement per table.
  if p_reply_to is not null then
    select * into v_parent from crm.messages m where m.id = p_reply_to and m.org_name = p_org;
  end if;
  select * into v_account from settings.integrations i
   where i.org_name = p_org and i.type = 'smtp' and i.is_active and not i.archive
   order by i.created_at limit 1;
  select * into v_settings from settings.mail_settings s where s.org_name = p_org;
  v_signature := nullif(btrim(v_settings.signature), '');
  v_from_name := coalesce(nullif(btrim(v_settings.from_name), ''),
                          nullif(v_account.settings ->> 'from_name', ''),
                          (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = p_org));
  v_from_name := regexp_replace(v_from_name, '[\r\n<>"]', '', 'g');
  v_from_email := case when v_account.id is not null then nullif(lower(btrim(coalesce(v_account.settings ->> 'from_email', v_account.settings ->> 'user'))), '') end;
  if v_from_email is not null and not app.is_email_address(v_from_email) then
    v_from_email := null;
  end if;
  -- Each mail that asks for one gets its own unsubscribe token (a plain select list: one per row).
  select jsonb_agg(m || case when (m ->> 'unsubscribe')::boolean
                             then jsonb_build_object('unsubscribe_token', replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))
                             else '{}' end)
    into v_mails
    from jsonb_array_elements(p_mails) m;
  select jsonb_agg(jsonb_build_object('id', x.id, 'to_emails', x.to_emails, 'subject', f.subject, 'body', f.body, 'html', app.message_html(f.body),
                                      'links', coalesce(x.links, '[]'), 'send_at', coalesce(x.send_at, now()), 'unsubscribe_token', x.unsubscribe_token,
                                      'header_id', '<' || x.id || '@' || v_slug || '.steward>', 'thread_id', coalesce(v_parent.thread_id, x.id)))
    into v_mails
    from jsonb_to_recordset(v_mails) as x(id uuid, to_emails text[], merge jsonb, links jsonb, send_at timestamp with time zone, unsubscribe_token text)
   cross join lateral (select x.merge || case when x.unsubscribe_token is not null then jsonb_build_object('unsubscribe_url', v_unsubscribe || x.unsubscribe_token) else '{}' end as merge) v
   cross join lateral (select app.message_fill(p_subject, v.merge, true) as subject,
                              app.message_fill(p_body, v.merge) || coalesce(E'\n\n-- \n' || v_signature, '') as body) f;
  if v_mails is null then
    return;
  end if;
  insert into crm.messages (id, org_name, direction, thread_id, message_id, in_reply_to, subject, body_text, body_html,
                            from_email, from_name, to_emails, cc_emails, status, sent_by, campaign_id)
  select x.id, p_org, 'out', x.thread_id, x.header_id, v_parent.message_id, x.subject, x.body, x.html,
         coalesce(v_from_email, 'noreply@steward.local'), v_from_name, x.to_emails, coalesce(p_cc, '{}'), 'queued', v_profile, p_campaign
    from jsonb_to_recordset(v_mails) as x(id uuid, thread_id uuid, header_id text, subject text, body text, html text, to_emails text[]);
  insert into crm.message_links (message_id, record_kind, record_id, org_name)
  select distinct x.id, k.kind, k.record_id, p_org
    from jsonb_to_recordset(v_mails) as x(id uuid, links jsonb)
   cross join lateral (
     select l ->> 'kind' as kind, (l ->> 'id')::uuid as record_id from jsonb_array_elements(x.links) l
     union
     -- A reservation's message is its guest's too.
     select 'contact', r.contact_id from jsonb_array_elements(x.links) l join catalog.reservations r on r.id = (l ->> 'id')::uuid
      where l ->> 'kind' = 'reservation' and r.contact_id is not null) k
  on conflict do nothing;
  insert into crm.message_attachments (message_id, org_name, file_name, content_type, size_bytes, storage_path, bucket_id)
  select x.id, p_org, a ->> 'file_name', coalesce(a ->> 'content_type', 'application/octet-stream'), (a ->> 'size_bytes')::bigint,
         a ->> 'storage_path', coalesce(a ->> 'bucket_id', 'message-files')
    from jsonb_to_recordset(v_mails) as x(id uuid)
   cross join jsonb_array_elements(coalesce(p_attachments, '[]')) a;
  insert into app.mail_unsubscribe_tokens (token_hash, org_name, email, message_id)
  select encode(sha256(convert_to(x.unsubscribe_token, 'UTF8')), 'hex'), p_org, x.to_emails[1], x.id
    from jsonb_to_recordset(v_mails) as x(id uuid, to_emails text[], unsubscribe_token text)
   where x.unsubscribe_token is not null;
  insert into app.mail_outbox (org_name, kind, to_email, more_to_emails, cc_emails, subject, body_text, body_html, related_table, related_id,
                               next_attempt_at, message_id, from_email, from_name, reply_to, header_message_id, in_reply_to, attachments,
                               integration_id, list_unsubscribe)
  select p_org, 'conversation', x.to_emails[1], x.to_emails[2:], coalesce(p_cc, '{}'), x.subject, x.body, x.html, 'crm.messages', x.id,
         x.send_at, x.id, v_from_email, v_from_name, v_slug || '+' || replace(x.thread_id::text, '-', '') || '@' || v_reply_domain,
         x.header_id, v_parent.message_id,
         coalesce((select jsonb_agg(jsonb_build_object('bucket_id', coalesce(a ->> 'bucket_id', 'message-files'), 'storage_path', a ->> 'storage_path',
                                                       'file_name', a ->> 'file_name', 'content_type', a ->> 'content_type'))
                   from jsonb_array_elements(coalesce(p_attachments, '[]')) a), '[]'),
         v_account.id, case when x.unsubscribe_token is not null then v_unsubscribe || x.unsubscribe_token end
    from jsonb_to_recordset(v_mails) as x(id uuid, thread_id uuid, header_id text, subject text, body text, html text, to_emails text[],
                                          send_at timestamp with time zone, unsubscribe_token text);
  perform pg_notify('mail_outbox', v_mails -> 0 ->> 'id');
end;
$function$;
revoke all on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) from public, anon, authenticated, service_role;
grant execute on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) to service_role;
comment on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) is 'queues conversation mail (crm.send_message: one; crm.send_to_many: one per record) in set-based statements; p_mails = [{id, to_emails, merge, links, send_at, unsubscribe}]';
