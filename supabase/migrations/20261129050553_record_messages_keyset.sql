-- record messages keyset: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.record_messages_page(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone);

drop function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone);

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
                'links', coalesce(k.records, '[]'::jsonb))
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

CREATE OR REPLACE FUNCTION crm.record_messages(p_kind text, p_id uuid, p_limit integer DEFAULT 50, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- The record as the caller may see it (its table's own policies, Personal included), then its page.
  select case when case p_kind
      when 'contact' then exists (select 1 from crm.contacts r where r.id = p_id)
      when 'business' then exists (select 1 from crm.businesses r where r.id = p_id)
      when 'household' then exists (select 1 from crm.households r where r.id = p_id)
      when 'user' then exists (select 1 from public.user_profiles r where r.id = p_id)
      when 'staff' then exists (select 1 from hr.staff_profiles r where r.id = p_id)
      when 'reservation' then exists (select 1 from catalog.reservations r where r.id = p_id)
      else false end
    then app.record_messages_page(p_kind, p_id, p_limit, p_before, p_before_id)
    else '[]'::jsonb end
$function$;
revoke all on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) from public, anon, authenticated, service_role;
grant execute on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) to authenticated;
grant execute on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) to service_role;
comment on function crm.record_messages(p_kind text, p_id uuid, p_limit integer, p_before timestamp with time zone, p_before_id uuid) is 'a record''s conversation, newest first, p_limit (≤ 200) at a time; the next page starts after the last one read (p_before its created_at, p_before_id its id); empty when the caller may not see the record';
