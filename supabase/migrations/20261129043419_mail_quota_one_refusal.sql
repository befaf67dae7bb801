-- mail quota one refusal: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

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
    raise exception using errcode = '22023', message = 'An e-mail''s subject and address cannot contain line breaks';
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

revoke all on function app.require_mail_quota(p_org text, p_count integer) from public, anon, authenticated, service_role;
grant execute on function app.require_mail_quota(p_org text, p_count integer) to service_role;
comment on function app.require_mail_quota(p_org text, p_count integer) is 'the one refusal of the daily mail quota (PT429) for every mail the product writes (app.enqueue_mail, the conversation senders): p_count mails more must still fit in mails_per_day';
