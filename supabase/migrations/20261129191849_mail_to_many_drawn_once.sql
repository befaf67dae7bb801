-- mail to many drawn once: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean DEFAULT false)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
declare
  v_out text := p_parts[1];
  v_value text;
begin
  -- No search_path of its own: see app.message_inline_html.
  for i in 1 .. coalesce(array_length(p_names, 1), 0) loop
    if not (p_values ? p_names[i]) then
      perform app.refuse('22023', 'message.unknownMergeField', '{{{name}}} is not a merge field', jsonb_build_object('name', p_names[i]));
    end if;
    v_value := coalesce(p_values ->> p_names[i], '');
    if p_one_line then
      v_value := regexp_replace(v_value, '[\r\n]+', ' ', 'g');
    end if;
    v_out := v_out || v_value || p_parts[i + 1];
  end loop;
  return v_out;
end;
$function$;
revoke all on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) from public, anon, authenticated, service_role;
grant execute on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) to service_role;
comment on function app.message_fill_parts(p_parts text[], p_names text[], p_values jsonb, p_one_line boolean) is 'a text with its merge fields filled, from its pieces (app.message_template_parts): a mail to many splits its text once, not once per mail; refuses a field p_values does not have';

CREATE OR REPLACE FUNCTION app.message_html_filled(p_html text, p_names text[], p_values jsonb)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE STRICT
AS $function$
declare
  v_out text := p_html;
  v_value text;
begin
  -- One mail's HTML from its text's (app.message_html_template): each marker replaced by its field's
  -- value, escaped as app.message_inline_html escapes. Null (draw the filled text whole with
  -- app.message_html) when a value could itself be read as marks: empty, a line break, *, _, [, ], (,
  -- ), or starting with a space, - , * or a digit (a list item where the field starts a line). No
  -- search_path of its own: see app.message_inline_html.
  for i in 1 .. coalesce(array_length(p_names, 1), 0) loop
    v_value := coalesce(p_values ->> p_names[i], '');
    if v_value = '' or v_value ~ '^[\s*0-9-]' or v_value ~ '[\r\n*_\[\]()\x01\x02]' then
      return null;
    end if;
    v_out := replace(v_out, E'\x01' || i || E'\x02',
                     replace(replace(replace(replace(replace(v_value, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'));
  end loop;
  return v_out;
end;
$function$;
revoke all on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) from public, anon, authenticated, service_role;
grant execute on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) to service_role;
comment on function app.message_html_filled(p_html text, p_names text[], p_values jsonb) is 'one mail''s HTML from app.message_html_template''s with its merge values; null when a value could be read as marks (then app.message_html of the filled text)';

CREATE OR REPLACE FUNCTION app.message_html_template(p_text text, p_tail text DEFAULT ''::text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
declare
  v_parts text[];
  v_names text[];
  v_marked text := '';
begin
  -- The HTML of a text with merge fields (then p_tail, as is), each field i drawn as the marker
  -- \x01 i \x02, so that a mail to many draws its HTML once and fills each mail's markers
  -- (app.message_html_filled). Null where a field's value could change what the text's marks mean:
  -- a field touching an underscore (emphasis looks at the characters around it), or inside a link's
  -- address (which ends at a space). No search_path of its own: see app.message_inline_html.
  select t.parts, t.names into v_parts, v_names from app.message_template_parts(p_text) t;
  for i in 1 .. coalesce(array_length(v_names, 1), 0) loop
    v_marked := v_marked || v_parts[i] || E'\x01' || i || E'\x02';
  end loop;
  v_marked := v_marked || v_parts[coalesce(array_length(v_names, 1), 0) + 1] || coalesce(p_tail, '');
  if coalesce(p_text, '') ~ '[\x01\x02]' or coalesce(p_tail, '') ~ '[\x01\x02]' or v_marked ~ '_\x01|\x02_|\]\([^)]*\x01' then
    return null;
  end if;
  return app.message_html(v_marked);
end;
$function$;
revoke all on function app.message_html_template(p_text text, p_tail text) from public, anon, authenticated, service_role;
grant execute on function app.message_html_template(p_text text, p_tail text) to service_role;
comment on function app.message_html_template(p_text text, p_tail text) is 'the HTML of a text with merge fields, each field a marker for app.message_html_filled; null where a value could change the marks around it';

CREATE OR REPLACE FUNCTION app.message_template_parts(p_text text, OUT parts text[], OUT names text[])
 RETURNS record
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- A text with merge fields as its literal pieces and the fields' names between them: parts[i], then
  -- names[i], …, then the last part (one more part than names). No search_path of its own: see
  -- app.message_inline_html.
  select regexp_split_to_array(coalesce(p_text, ''), '\{\{\s*[^{}]*?\s*\}\}'),
         array(select m[1] from regexp_matches(coalesce(p_text, ''), '\{\{\s*([^{}]*?)\s*\}\}', 'g') m)
$function$;
revoke all on function app.message_template_parts(p_text text, OUT parts text[], OUT names text[]) from public, anon, authenticated, service_role;
grant execute on function app.message_template_parts(p_text text, OUT parts text[], OUT names text[]) to service_role;

CREATE OR REPLACE FUNCTION app.message_fill(p_text text, p_values jsonb, p_one_line boolean DEFAULT false)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  -- No search_path of its own: see app.message_inline_html.
  select app.message_fill_parts(t.parts, t.names, p_values, p_one_line) from app.message_template_parts(p_text) t
$function$;
revoke all on function app.message_fill(p_text text, p_values jsonb, p_one_line boolean) from public, anon, authenticated, service_role;
grant execute on function app.message_fill(p_text text, p_values jsonb, p_one_line boolean) to service_role;

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
  v_attachments jsonb;
  v_outbox_attachments jsonb;
  v_first uuid;
  -- Every unsubscribe link of this call starts the same (app.mail_unsubscribe_link): read once.
  v_unsubscribe text := app.mail_unsubscribe_link('');
  -- Read once, not for each mail.
  v_profile uuid := app.profile_id_in(p_org);
  v_reply_domain text := app.inbound_domain();
  -- The subject and text split at their merge fields once, and the text's HTML drawn once with a
  -- marker per field (null when a value could change its marks): each mail only fills them in.
  v_subject_parts text[];
  v_subject_names text[];
  v_body_parts text[];
  v_body_names text[];
  v_tail text;
  v_html text;
begin
  -- The one writer of outgoing conversation mail (one mail from a record, or a mail to many): the
  -- sender's account, name and signature read once; each mail's merge fields filled ("merge", plus its
  -- own unsubscribe link when it asks for one), its message, links (a reservation's guest too),
  -- attachments, unsubscribe token (stored hashed) and outbox row written in one statement.
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
  select t.parts, t.names into v_subject_parts, v_subject_names from app.message_template_parts(p_subject) t;
  select t.parts, t.names into v_body_parts, v_body_names from app.message_template_parts(p_body) t;
  v_tail := coalesce(E'\n\n-- \n' || v_signature, '');
  v_html := app.message_html_template(p_body, v_tail);
  v_attachments := coalesce(p_attachments, '[]');
  v_outbox_attachments := coalesce((select jsonb_agg(jsonb_build_object('bucket_id', coalesce(a ->> 'bucket_id', 'message-files'), 'storage_path', a ->> 'storage_path',
                                                                        'file_name', a ->> 'file_name', 'content_type', a ->> 'content_type'))
                                      from jsonb_array_elements(v_attachments) a), '[]');
  -- Every mail's rows in one statement: each mail is filled once (x) and written to each table from
  -- there. A row's references are to rows this statement writes in the caller's organisation.
  with mail as materialized (
    -- Each mail that asks for one gets its own unsubscribe token (stored hashed below).
    select m.*, case when m.unsubscribe then replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') end as token
      from rows from (jsonb_to_recordset(p_mails) as (id uuid, to_emails text[], merge jsonb, links jsonb, send_at timestamp with time zone, unsubscribe boolean))
           with ordinality as m(id, to_emails, merge, links, send_at, unsubscribe, n)
  ), x as materialized (
    select m.id, m.to_emails, m.n, f.subject, f.body,
           coalesce(app.message_html_filled(v_html, v_body_names, v.merge), app.message_html(f.body)) as html,
           coalesce(m.links, '[]') as links, coalesce(m.send_at, now()) as send_at, m.token as unsubscribe_token,
           '<' || m.id || '@' || v_slug || '.steward>' as header_id, coalesce(v_parent.thread_id, m.id) as thread_id
      from mail m
     cross join lateral (select m.merge || case when m.token is not null then jsonb_build_object('unsubscribe_url', v_unsubscribe || m.token) else '{}' end as merge) v
     cross join lateral (select app.message_fill_parts(v_subject_parts, v_subject_names, v.merge, true) as subject,
                                app.message_fill_parts(v_body_parts, v_body_names, v.merge) || v_tail as body) f
  ), messages as (
    insert into crm.messages (id, org_name, direction, thread_id, message_id, in_reply_to, subject, body_text, body_html,
                              from_email, from_name, to_emails, cc_emails, status, sent_by, campaign_id)
    select x.id, p_org, 'out', x.thread_id, x.header_id, v_parent.message_id, x.subject, x.body, x.html,
           coalesce(v_from_email, 'noreply@steward.local'), v_from_name, x.to_emails, coalesce(p_cc, '{}'), 'queued', v_profile, p_campaign
      from x
  ), links as (
    insert into crm.message_links (message_id, record_kind, record_id, org_name)
    select distinct x.id, k.kind, k.record_id, p_org
      from x
     cross join lateral (
       select l ->> 'kind' as kind, (l ->> 'id')::uuid as record_id from jsonb_array_elements(x.links) l
       union
       -- A reservation's message is its guest's too.
       select 'contact', r.contact_id from jsonb_array_elements(x.links) l join catalog.reservations r on r.id = (l ->> 'id')::uuid
        where l ->> 'kind' = 'reservation' and r.contact_id is not null) k
    on conflict do nothing
  ), attachments as (
    insert into crm.message_attachments (message_id, org_name, file_name, content_type, size_bytes, storage_path, bucket_id)
    select x.id, p_org, a ->> 'file_name', coalesce(a ->> 'content_type', 'application/octet-stream'), (a ->> 'size_bytes')::bigint,
           a ->> 'storage_path', coalesce(a ->> 'bucket_id', 'message-files')
      from x
     cross join jsonb_array_elements(v_attachments) a
  ), tokens as (
    insert into app.mail_unsubscribe_tokens (token_hash, org_name, email, message_id)
    select encode(sha256(convert_to(x.unsubscribe_token, 'UTF8')), 'hex'), p_org, x.to_emails[1], x.id
      from x
     where x.unsubscribe_token is not null
  ), outbox as (
    insert into app.mail_outbox (org_name, kind, to_email, more_to_emails, cc_emails, subject, body_text, body_html, related_table, related_id,
                                 next_attempt_at, message_id, from_email, from_name, reply_to, header_message_id, in_reply_to, attachments,
                                 integration_id, list_unsubscribe)
    select p_org, 'conversation', x.to_emails[1], x.to_emails[2:], coalesce(p_cc, '{}'), x.subject, x.body, x.html, 'crm.messages', x.id,
           x.send_at, x.id, v_from_email, v_from_name, v_slug || '+' || replace(x.thread_id::text, '-', '') || '@' || v_reply_domain,
           x.header_id, v_parent.message_id, v_outbox_attachments,
           v_account.id, case when x.unsubscribe_token is not null then v_unsubscribe || x.unsubscribe_token end
      from x
  )
  select (select x.id from x order by x.n limit 1) into v_first;
  if v_first is not null then
    perform pg_notify('mail_outbox', v_first::text);
  end if;
end;
$function$;
revoke all on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) from public, anon, authenticated, service_role;
grant execute on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) to service_role;
comment on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) is 'queues conversation mail (crm.send_message: one; crm.send_to_many: one per record) in set-based statements; p_mails = [{id, to_emails, merge, links, send_at, unsubscribe}]';
