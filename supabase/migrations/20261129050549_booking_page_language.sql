-- booking page language: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

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
    return jsonb_build_object('ok', false, 'reason', 'Online booking is not available here.');
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
