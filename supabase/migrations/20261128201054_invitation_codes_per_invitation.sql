-- invitation codes per invitation: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

drop function app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text);

drop function app.invitation_for_code(p_email text, p_code text);

drop function app.invite_code_hash(p_profile_id uuid, p_code text);

drop function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text);

drop index app.invite_codes_email_idx;

comment on table app.invite_codes is 'one live code per Pending invitation (profile_id), stored hashed with the address it was mailed to, unique among that address''s codes so a code names one invitation; written and read only by the invitation functions';
revoke all on table app.invite_codes from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on table app.invite_codes to service_role;

CREATE UNIQUE INDEX invite_codes_email_code_key ON app.invite_codes USING btree (email, code_hash);

CREATE OR REPLACE FUNCTION app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_invitation uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_full_name text := btrim(coalesce(p_full_name, ''));
  v_profile public.user_profiles%rowtype;
  v_profile_id uuid;
  v_user auth.users%rowtype;
  v_user_id uuid;
  v_has_primary boolean;
begin
  perform app.require_signup_fields(p_email, p_password, p_full_name);
  perform app.require_password(p_password);

  -- The invitation the code was mailed for, and when the person names the one they chose (the one
  -- find_pending_invite showed them), that one only: no other invitation of the address is accepted.
  v_profile_id := app.invitation_for_code(v_email, p_code, p_invitation);
  if v_profile_id is null then
    return app.invalid_invite_code(v_email);
  end if;
  select * into v_profile from public.user_profiles p where p.id = v_profile_id for update;

  select * into v_user from auth.users u where lower(u.email) = v_email limit 1;
  if found then
    if v_user.encrypted_password is null
       or v_user.encrypted_password <> extensions.crypt(p_password, v_user.encrypted_password) then
      raise exception using errcode = 'ST008', message = 'The password does not match the existing account for this email';
    end if;
    v_user_id := v_user.id;
  else
    v_user_id := app.create_auth_user(v_email, p_password, jsonb_strip_nulls(jsonb_build_object(
      'full_name', v_full_name, 'title', nullif(btrim(p_title), ''), 'phone', nullif(btrim(p_phone), ''))));
    -- The code proved the address.
    update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = v_user_id;
    update auth.identities
       set identity_data = identity_data || jsonb_build_object('email_verified', true)
     where user_id = v_user_id and provider = 'email';
  end if;

  -- A login belongs to an organisation once.
  if exists (select 1 from public.user_profiles q where q.org_name = v_profile.org_name and q.auth_user_id = v_user_id) then
    raise exception using errcode = 'ST007', message = 'No pending invitation was found for this email';
  end if;
  v_has_primary := exists (select 1 from public.user_profiles p where p.auth_user_id = v_user_id and p.is_primary);

  update public.user_profiles p
     set auth_user_id = v_user_id,
         name = v_full_name,
         title = coalesce(nullif(btrim(p_title), ''), p.title),
         phone = coalesce(nullif(btrim(p_phone), ''), p.phone),
         status = 'Active',
         joined_at = now(),
         is_primary = not v_has_primary
   where p.id = v_profile_id;
  delete from app.invite_codes where profile_id = v_profile_id;

  return jsonb_build_object('user_id', v_user_id, 'profile_id', v_profile_id, 'org_name', v_profile.org_name, 'activated', 1);
end;
$function$;
revoke all on function app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) from public, anon, authenticated, service_role;
grant execute on function app.activate_invite_uncounted(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) to service_role;

CREATE OR REPLACE FUNCTION app.invitation_for_code(p_email text, p_code text, p_invitation uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- (email, code_hash) is unique: a code names at most one invitation of the address.
  select c.profile_id
    from app.invite_codes c
    join public.user_profiles p on p.id = c.profile_id
   where c.email = p_email
     and c.code_hash = app.invite_code_hash(p_email, p_code)
     and (p_invitation is null or c.profile_id = p_invitation)
     and c.expires_at > now()
     and c.failed_attempts < 5
     and p.status = 'Pending' and p.auth_user_id is null and lower(p.email) = p_email
     and not exists (
       select 1 from app.invite_code_requests r
        where r.email = p_email and r.wrong_codes_day_started_at > now() - interval '1 day' and r.wrong_codes_today >= 20)
$function$;
revoke all on function app.invitation_for_code(p_email text, p_code text, p_invitation uuid) from public, anon, authenticated, service_role;
grant execute on function app.invitation_for_code(p_email text, p_code text, p_invitation uuid) to service_role;

CREATE OR REPLACE FUNCTION app.invitation_inviter(p_profile_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  -- Who invited: the member who wrote the invitation (created_by, stamped by the server), else the
  -- invited_by a service-side writer named; null when neither is known.
  select coalesce(nullif(btrim(creator.name), ''), nullif(btrim(inviter.name), ''))
    from public.user_profiles p
    left join public.user_profiles creator on creator.id = p.created_by and creator.org_name = p.org_name
    left join public.user_profiles inviter on inviter.id = p.invited_by and inviter.org_name = p.org_name
   where p.id = p_profile_id
$function$;
revoke all on function app.invitation_inviter(p_profile_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.invitation_inviter(p_profile_id uuid) to service_role;
comment on function app.invitation_inviter(p_profile_id uuid) is 'the name of who invited a profile, as its invitation mail and find_pending_invite show it';

CREATE OR REPLACE FUNCTION app.invite_code_hash(p_email text, p_code text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(sha256(convert_to(lower(btrim(coalesce(p_email, ''))) || ':' || btrim(coalesce(p_code, '')), 'UTF8')), 'hex')
$function$;
revoke all on function app.invite_code_hash(p_email text, p_code text) from public, anon, authenticated, service_role;
grant execute on function app.invite_code_hash(p_email text, p_code text) to service_role;

CREATE OR REPLACE FUNCTION public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text DEFAULT NULL::text, p_phone text DEFAULT NULL::text, p_invitation uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app.require_request('token_verifications');
  return app.activate_invite_uncounted(p_email, p_code, p_password, p_full_name, p_title, p_phone, p_invitation);
end;
$function$;
revoke all on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) from public, anon, authenticated, service_role;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) to anon;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) to authenticated;
grant execute on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) to service_role;
comment on function public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid) is 'Accepts the one invitation the mailed code belongs to (and, given p_invitation, only if it is that one, as find_pending_invite showed it): its profile made Active with the login of the address.';

CREATE OR REPLACE FUNCTION app.find_pending_invite_uncounted(p_email text, p_code text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_profile_id uuid := app.invitation_for_code(v_email, p_code);
begin
  if v_profile_id is null then
    return app.invalid_invite_code(v_email);
  end if;
  return (
    select jsonb_build_object('id', p.id, 'name', p.name, 'title', p.title, 'org_name', p.org_name,
                              'role_id', p.role_id, 'role_name', r.role_name,
                              'invited_by_name', app.invitation_inviter(p.id))
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
     where p.id = v_profile_id);
end;
$function$;
revoke all on function app.find_pending_invite_uncounted(p_email text, p_code text) from public, anon, authenticated, service_role;
grant execute on function app.find_pending_invite_uncounted(p_email text, p_code text) to service_role;

CREATE OR REPLACE FUNCTION app.request_invite_code_uncounted(p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_invite record;
  v_code text;
  v_inviter text;
  v_role text;
begin
  if v_email = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if v_email !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  -- Every request writes, invited or not: a transaction that writes waits for its commit to reach
  -- the disk, one that only reads does not, and that difference alone told invited addresses apart.
  -- The row also serialises requests for one address, so two draws of the address never race.
  insert into app.invite_code_requests as r (email) values (v_email)
  on conflict (email) do update
    set window_started_at = case when r.window_started_at > now() - interval '1 hour' then r.window_started_at else now() end,
        requests = case when r.window_started_at > now() - interval '1 hour' then r.requests + 1 else 1 end;
  -- One mail per invitation, each with its own code naming its organisation and who invited: the
  -- person accepts the one whose code they enter.
  for v_invite in
    select p.id, p.org_name, r.role_name, c.window_started_at, c.sends_in_window
      from public.user_profiles p
      left join public.user_roles r on r.id = p.role_id
      left join app.invite_codes c on c.profile_id = p.id
     where lower(p.email) = v_email and p.status = 'Pending' and p.auth_user_id is null
     order by p.created_at, p.id
  loop
    -- At most 5 codes per invitation per hour; beyond that the answer is the same and no mail goes.
    if v_invite.window_started_at is not null and v_invite.window_started_at > now() - interval '1 hour'
       and v_invite.sends_in_window >= 5 then
      continue;
    end if;
    -- A code names one invitation: drawn again while another invitation of the address holds it
    -- (the unique key invite_codes_email_code_key states the same).
    loop
      v_code := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
      exit when not exists (
        select 1 from app.invite_codes c
         where c.email = v_email and c.code_hash = app.invite_code_hash(v_email, v_code) and c.profile_id <> v_invite.id);
    end loop;
    insert into app.invite_codes as c (profile_id, email, code_hash, expires_at, failed_attempts, window_started_at, sends_in_window)
    values (v_invite.id, v_email, app.invite_code_hash(v_email, v_code), now() + interval '1 hour', 0, now(), 1)
    on conflict (profile_id) do update
      set email = excluded.email,
          code_hash = excluded.code_hash,
          expires_at = excluded.expires_at,
          failed_attempts = 0,
          window_started_at = case when c.window_started_at > now() - interval '1 hour' then c.window_started_at else now() end,
          sends_in_window = case when c.window_started_at > now() - interval '1 hour' then c.sends_in_window + 1 else 1 end;
    v_inviter := app.invitation_inviter(v_invite.id);
    v_role := coalesce(nullif(v_invite.role_name, ''), 'team member');
    perform app.enqueue_mail(
      v_email,
      format('Your code to join %s', v_invite.org_name),
      format(E'%s\n\n'
             'Your code: %s\n\n'
             'This code accepts only the invitation from %s. If other organisations have invited this address, '
             'each has sent its own e-mail with its own code: use the code of the one you want to join.\n\n'
             'To accept, open Steward, choose Get Started, enter this e-mail address, then this code. '
             'The code works for one hour.\n\n'
             'If you did not expect this invitation, you can ignore this e-mail: nothing happens without the code.',
             case when v_inviter is null
                  then format('%s has invited you to join it on Steward as %s.', v_invite.org_name, v_role)
                  else format('%s invited you to join %s on Steward as %s.', v_inviter, v_invite.org_name, v_role)
             end,
             v_code, v_invite.org_name),
      null,
      'invite_code',
      v_invite.org_name,
      'public.user_profiles',
      v_invite.id);
  end loop;
end;
$function$;
revoke all on function app.request_invite_code_uncounted(p_email text) from public, anon, authenticated, service_role;
grant execute on function app.request_invite_code_uncounted(p_email text) to service_role;

-- Data (by hand): codes mailed before this migration were hashed with their invitation's id, which no
-- code now matches; they are void, and say so (each invitation keeps its count of codes this hour).
update app.invite_codes set expires_at = least(expires_at, now()) where expires_at > now();
