-- An invitation code cannot be guessed by asking for code after code.
--
-- A code is void after 5 wrong tries, but a new one can be asked for (up to 5 per invitation per
-- hour), each with 5 tries of its own: 25 guesses an hour, 600 a day, for as long as the invitation
-- stays Pending — about one chance in five over a year. Now an address gets at most 20 wrong codes a
-- day, counted in app.invite_code_requests; past that no code of the address is accepted until the day
-- has passed (the answer is the usual ST011), so a guesser's chance is at most 20 in 10⁶ a day.

alter table app.invite_code_requests
  add column wrong_codes_day_started_at timestamptz,
  add column wrong_codes_today integer not null default 0;

create or replace function app.invalid_invite_code(p_email text) returns jsonb
  language plpgsql
  set search_path = ''
as $$
begin
  update app.invite_codes
     set failed_attempts = failed_attempts + 1,
         expires_at = case when failed_attempts + 1 >= 5 then least(expires_at, now()) else expires_at end
   where email = p_email;
  insert into app.invite_code_requests as r (email, requests, wrong_codes, wrong_codes_day_started_at, wrong_codes_today)
  values (p_email, 0, 1, now(), 1)
  on conflict (email) do update
    set wrong_codes = r.wrong_codes + 1,
        wrong_codes_today = case when r.wrong_codes_day_started_at > now() - interval '1 day' then r.wrong_codes_today + 1 else 1 end,
        wrong_codes_day_started_at = case when r.wrong_codes_day_started_at > now() - interval '1 day' then r.wrong_codes_day_started_at else now() end;
  perform set_config('response.status', '400', true);
  return jsonb_build_object('code', 'ST011', 'message', 'The code is not valid or has expired', 'details', null, 'hint', null);
end;
$$;
revoke all on function app.invalid_invite_code(text) from public, anon, authenticated;

-- The Pending invitation a live code of this address belongs to, or null (also when the address has
-- had its 20 wrong codes today).
create or replace function app.invitation_for_code(p_email text, p_code text) returns uuid
  language sql stable
  set search_path = ''
as $$
  select c.profile_id
    from app.invite_codes c
    join public.user_profiles p on p.id = c.profile_id
   where c.email = p_email
     and c.expires_at > now()
     and c.failed_attempts < 5
     and c.code_hash = app.invite_code_hash(c.profile_id, p_code)
     and p.status = 'Pending' and p.auth_user_id is null and lower(p.email) = p_email
     and not exists (
       select 1 from app.invite_code_requests r
        where r.email = p_email and r.wrong_codes_day_started_at > now() - interval '1 day' and r.wrong_codes_today >= 20)
   limit 1
$$;
revoke all on function app.invitation_for_code(text, text) from public, anon, authenticated;
