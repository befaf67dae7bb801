-- invite codes within mail quota: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

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
    -- Nor past the organisation's mail quota: the answer stays the same, so it tells nobody of the invitation.
    if app.mail_quota_reached(v_invite.org_name) then
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
