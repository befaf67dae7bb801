-- receive inbound mail: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.receive_inbound_mail(p_mail jsonb)
 RETURNS uuid
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select app.receive_mail(p_mail)
$function$;
revoke all on function public.receive_inbound_mail(p_mail jsonb) from public, anon, authenticated, service_role;
grant execute on function public.receive_inbound_mail(p_mail jsonb) to service_role;
comment on function public.receive_inbound_mail(p_mail jsonb) is 'Server side only (the inbound-mail function, as service role, through the API): files one received e-mail exactly as app.receive_mail does for the local stack''s SMTP server.';
