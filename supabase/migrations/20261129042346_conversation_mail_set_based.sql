-- conversation mail set based: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.mail_unsubscribe_url(p_org text, p_email text, p_message uuid);

drop function app.message_merge_values(p_kind text, p_id uuid, p_org text, p_unsubscribe_url text);

drop function app.message_person(p_kind text, p_id uuid);

drop function app.write_out_message(p_org text, p_to text[], p_cc text[], p_subject text, p_body text, p_links jsonb, p_attachments jsonb, p_reply_to uuid, p_campaign uuid, p_send_at timestamp with time zone, p_unsubscribe_url text, p_id uuid);

CREATE OR REPLACE FUNCTION app.mail_unsubscribe_link(p_token text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select rtrim(coalesce(nullif(current_setting('steward.site_url', true), ''), 'http://localhost:3000'), '/') || '/unsubscribe/' || p_token
$function$;
revoke all on function app.mail_unsubscribe_link(p_token text) from public, anon, authenticated, service_role;
grant execute on function app.mail_unsubscribe_link(p_token text) to service_role;
comment on function app.mail_unsubscribe_link(p_token text) is 'the unsubscribe page of a token (<site>/unsubscribe/<token>); the token is made and stored hashed by app.write_out_messages';

CREATE OR REPLACE FUNCTION app.message_merge_values(p_kind text, p_ids uuid[], p_org text)
 RETURNS TABLE(id uuid, email text, merge jsonb)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The merge fields of many records at once (one statement): the person's, the organisation's, a
  -- stay's; {{unsubscribe_url}} is empty here, each mail's own link is added by its sender.
  select p.id, p.email,
         jsonb_build_object('first_name', p.first_name, 'last_name', p.last_name, 'full_name', p.full_name,
                            'email', coalesce(p.email, ''), 'organization.name', o.label, 'unsubscribe_url', '')
         || case when p_kind = 'reservation' then jsonb_build_object(
              'stay.check_in', to_char(r.check_in at time zone coalesce(o.tz, 'UTC'), 'FMMonth FMDD, YYYY'),
              'stay.check_out', to_char(r.check_out at time zone coalesce(o.tz, 'UTC'), 'FMMonth FMDD, YYYY'),
              'stay.total', to_char(coalesce(r.total_amount, 0), 'FM999999990.00') || ' ' || coalesce(s.currency, 'USD'),
              'stay.unit', coalesce(a.name, ''))
            else '{}'::jsonb end
  from app.message_people(p_kind, p_ids) p
  cross join (select (select coalesce(nullif(o.display_name, ''), o.name) from public.organizations o where o.name = p_org) as label,
                     app.org_timezone(p_org) as tz) o
  left join catalog.reservations r on p_kind = 'reservation' and r.id = p.id
  left join catalog.accommodations a on a.id = r.accommodation_id
  left join catalog.lodging_settings s on p_kind = 'reservation' and s.org_name = p_org
$function$;
revoke all on function app.message_merge_values(p_kind text, p_ids uuid[], p_org text) from public, anon, authenticated, service_role;
grant execute on function app.message_merge_values(p_kind text, p_ids uuid[], p_org text) to service_role;

CREATE OR REPLACE FUNCTION app.message_people(p_kind text, p_ids uuid[])
 RETURNS TABLE(id uuid, first_name text, last_name text, full_name text, email text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- The people records of one kind are written to, in one statement: names and the e-mail address
  -- (contacts, businesses, households: their first e-mail method, primary first). A reservation's person
  -- is its guest contact.
  with contacts as (
    select c.id, coalesce(nullif(c.first_name, ''), c.name, '') as first_name, coalesce(c.last_name, '') as last_name, coalesce(c.name, '') as full_name,
           (select lower(btrim(m.value)) from crm.contact_methods m
             where m.contact_id = c.id and m.kind = 'email' and not m.archive order by m.is_primary desc, m.created_at limit 1) as email
    from crm.contacts c
    where p_kind in ('contact', 'reservation')
      and c.id = any (case when p_kind = 'contact' then p_ids else array(select r.contact_id from catalog.reservations r where r.id = any (p_ids)) end)
  )
  select c.id, c.first_name, c.last_name, c.full_name, c.email from contacts c where p_kind = 'contact'
  union all
  select r.id, coalesce(c.first_name, ''), coalesce(c.last_name, ''), coalesce(c.full_name, ''), c.email
  from catalog.reservations r left join contacts c on c.id = r.contact_id
  where p_kind = 'reservation' and r.id = any (p_ids)
  union all
  select b.id, coalesce(b.name, ''), '', coalesce(b.name, ''),
         (select lower(btrim(m.value)) from crm.contact_methods m
           where m.business_id = b.id and m.kind = 'email' and not m.archive order by m.is_primary desc, m.created_at limit 1)
  from crm.businesses b where p_kind = 'business' and b.id = any (p_ids)
  union all
  select h.id, coalesce(h.preferred_addressee, h.name, ''), '', coalesce(h.preferred_addressee, h.name, ''),
         (select lower(btrim(m.value)) from crm.contact_methods m
           where m.household_id = h.id and m.kind = 'email' and not m.archive order by m.is_primary desc, m.created_at limit 1)
  from crm.households h where p_kind = 'household' and h.id = any (p_ids)
  union all
  select u.id, coalesce(nullif(u.first_name, ''), u.name, ''), coalesce(u.last_name, ''), coalesce(u.name, ''), lower(u.email::text)
  from public.user_profiles u where p_kind = 'user' and u.id = any (p_ids)
  union all
  select s.id, coalesce(nullif(s.preferred_name, ''), s.legal_first_name, u.first_name, u.name, ''),
         coalesce(s.legal_last_name, u.last_name, ''),
         coalesce(u.name, concat_ws(' ', coalesce(nullif(s.preferred_name, ''), s.legal_first_name), s.legal_last_name)),
         lower(coalesce(s.email::text, u.email::text))
  from hr.staff_profiles s left join public.user_profiles u on u.id = s.user_profile_id
  where p_kind = 'staff' and s.id = any (p_ids)
$function$;
revoke all on function app.message_people(p_kind text, p_ids uuid[]) from public, anon, authenticated, service_role;
grant execute on function app.message_people(p_kind text, p_ids uuid[]) to service_role;

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
    raise exception using errcode = '22023', message = 'Give the message a subject';
  end if;
  if body ~ '^\s*$' then
    raise exception using errcode = '22023', message = 'Write the message';
  end if;
  if subject ~ '[\r\n]' then
    raise exception using errcode = '22023', message = 'An e-mail''s subject and address cannot contain line breaks';
  end if;
end;
$function$;
revoke all on function app.message_text(p_org text, p_subject text, p_body text, p_template_id uuid, OUT subject text, OUT body text) from public, anon, authenticated, service_role;
grant execute on function app.message_text(p_org text, p_subject text, p_body text, p_template_id uuid, OUT subject text, OUT body text) to service_role;

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
   cross join lateral (select x.merge || case when x.unsubscribe_token is not null then jsonb_build_object('unsubscribe_url', app.mail_unsubscribe_link(x.unsubscribe_token)) else '{}' end as merge) v
   cross join lateral (select app.message_fill(p_subject, v.merge, true) as subject,
                              app.message_fill(p_body, v.merge) || coalesce(E'\n\n-- \n' || v_signature, '') as body) f;
  if v_mails is null then
    return;
  end if;
  insert into crm.messages (id, org_name, direction, thread_id, message_id, in_reply_to, subject, body_text, body_html,
                            from_email, from_name, to_emails, cc_emails, status, sent_by, campaign_id)
  select x.id, p_org, 'out', x.thread_id, x.header_id, v_parent.message_id, x.subject, x.body, x.html,
         coalesce(v_from_email, 'noreply@steward.local'), v_from_name, x.to_emails, coalesce(p_cc, '{}'), 'queued', app.profile_id_in(p_org), p_campaign
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
         x.send_at, x.id, v_from_email, v_from_name, v_slug || '+' || replace(x.thread_id::text, '-', '') || '@' || app.inbound_domain(),
         x.header_id, v_parent.message_id,
         coalesce((select jsonb_agg(jsonb_build_object('bucket_id', coalesce(a ->> 'bucket_id', 'message-files'), 'storage_path', a ->> 'storage_path',
                                                       'file_name', a ->> 'file_name', 'content_type', a ->> 'content_type'))
                   from jsonb_array_elements(coalesce(p_attachments, '[]')) a), '[]'),
         v_account.id, case when x.unsubscribe_token is not null then app.mail_unsubscribe_link(x.unsubscribe_token) end
    from jsonb_to_recordset(v_mails) as x(id uuid, thread_id uuid, header_id text, subject text, body text, html text, to_emails text[],
                                          send_at timestamp with time zone, unsubscribe_token text);
  perform pg_notify('mail_outbox', v_mails -> 0 ->> 'id');
end;
$function$;
revoke all on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) from public, anon, authenticated, service_role;
grant execute on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) to service_role;
comment on function app.write_out_messages(p_org text, p_subject text, p_body text, p_mails jsonb, p_cc text[], p_attachments jsonb, p_reply_to uuid, p_campaign uuid) is 'queues conversation mail (crm.send_message: one; crm.send_to_many: one per record) in set-based statements; p_mails = [{id, to_emails, merge, links, send_at, unsubscribe}]';

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
    raise exception using errcode = '22023', message = 'No organisation receives mail at that address';
  end if;
  if not app.is_email_address(v_from) then
    raise exception using errcode = '22023', message = format('%s is not an e-mail address', v_from);
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
    raise exception using errcode = '42501', message = 'You cannot see that record';
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
         and split_part(o.name, '/', 1) = lower(app.org_slug(v_org))
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

CREATE OR REPLACE FUNCTION crm.send_to_many(p_kind text, p_ids uuid[], p_filter jsonb, p_subject text, p_body text, p_template_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_ids uuid[] := coalesce(p_ids, '{}');
  v_table regclass := app.message_record_table(p_kind);
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
  if v_table is null then
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
  -- One organisation, every record visible to the caller: one statement under the table's read rule.
  execute format('select count(*)::integer, array_agg(distinct t.org_name) from %s t where t.id = any ($1) and t.org_name = any (app.member_orgs()) and (%s)',
                 v_table, app.read_rule_sql(v_table))
    into v_seen, v_orgs using v_ids;
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
