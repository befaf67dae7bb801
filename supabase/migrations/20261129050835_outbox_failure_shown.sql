-- outbox failure shown: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.finish_outbox_mail(p_id bigint, p_error text DEFAULT NULL::text, p_permanent boolean DEFAULT false, p_bounced text[] DEFAULT '{}'::text[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v app.mail_outbox;
begin
  update app.mail_outbox
     set sent_at = case when p_error is null then now() end,
         last_error = p_error,
         attempts = case when p_error is not null and p_permanent then greatest(attempts, 8) else attempts end
   where id = p_id and sent_at is null
  returning * into v;
  if v.id is null then
    return;
  end if;
  if v.org_name is not null and cardinality(p_bounced) > 0 then
    insert into crm.mail_suppressions (org_name, email, reason, message_id)
    select v.org_name, lower(btrim(b)), 'bounced', v.message_id from unnest(p_bounced) b where app.is_email_address(lower(btrim(b)))
    on conflict (org_name, email) do nothing;
  end if;
  if v.message_id is not null then
    update crm.messages m
       -- A failure shows with its reason at once, also while the outbox will try again (record_messages
       -- tells when); a later attempt that goes through makes it sent.
       set status = case when p_error is null then 'sent' else 'failed' end,
           error = p_error,
           sent_at = case when p_error is null then now() end
     where m.id = v.message_id;
  end if;
end;
$function$;
revoke all on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) from public, anon, authenticated, service_role;
grant execute on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) to service_role;
comment on function app.finish_outbox_mail(p_id bigint, p_error text, p_permanent boolean, p_bounced text[]) is 'records a sending''s outcome: sent, or the error (retried later unless permanent: a 5xx refusal); refused recipients (p_bounced) go on the organisation''s suppression list; a conversation''s message takes the status (failed with the error at each failure, sent once an attempt goes through)';

CREATE OR REPLACE FUNCTION app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(jsonb_agg(
           (to_jsonb(m) - 'inbox')
           || jsonb_build_object(
                'sent_by_name', coalesce(nullif(u.display_name, ''), u.name),
                'attachments', coalesce(a.files, '[]'::jsonb),
                'links', coalesce(k.records, '[]'::jsonb),
                -- A failed message the outbox will try again: when.
                'retry_at', case when m.status = 'failed' then
                  (select min(o.next_attempt_at) from app.mail_outbox o where o.message_id = m.id and o.sent_at is null and o.attempts < 8) end)
           order by m.created_at desc, m.id desc), '[]'::jsonb)
  from (select m.* from crm.message_links l
          join crm.messages m on m.id = l.message_id
         where l.record_id = p_id and l.record_kind = p_kind
           -- Keyset: after the last message read, (created_at, id) descending; a mail to many writes
           -- many messages at one created_at, so the id breaks the tie (p_before alone: the older ones).
           and (p_before is null or m.created_at < p_before
                or (p_before_id is not null and m.created_at = p_before and m.id < p_before_id))
         order by m.created_at desc, m.id desc
         limit least(greatest(coalesce(p_limit, 50), 1), 200)) m
  left join public.user_profiles u on u.id = m.sent_by
  left join lateral (select jsonb_agg(jsonb_build_object('id', f.id, 'file_name', f.file_name, 'content_type', f.content_type, 'size_bytes', f.size_bytes,
                                                         'storage_path', f.storage_path, 'bucket_id', f.bucket_id) order by f.file_name) as files
                       from crm.message_attachments f where f.message_id = m.id) a on true
  left join lateral (select jsonb_agg(jsonb_build_object('kind', x.record_kind, 'id', x.record_id)) as records
                       from crm.message_links x where x.message_id = m.id) k on true
$function$;
revoke all on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) to authenticated;
grant execute on function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) to service_role;
