-- An e-mail address is taken by a login that proved it, not by one that merely names it. A request
-- for a magic link or code (`POST /auth/v1/otp`, GoTrue's should_create_user) creates a login for an
-- unknown address at once: no password, not confirmed, never signed in. Anyone can make that request
-- for any address, so such a login must not stop the address's owner from applying for access or
-- activating an invitation. Both functions check their fields first (app.require_signup_fields),
-- and that is where such a login is now released (deleted, with the unused link it was mailed).
create function app.release_unclaimed_login(p_email text) returns void
  language sql
  set search_path = ''
as $$
  delete from auth.users u
   where lower(u.email) = lower(btrim(p_email))
     and u.email_confirmed_at is null
     and u.last_sign_in_at is null
     and u.encrypted_password is null
     and u.invited_at is null
     and u.deleted_at is null
     and not exists (select 1 from public.user_profiles p where p.auth_user_id = u.id);
$$;

revoke all on function app.release_unclaimed_login(text) from public, authenticated;

create or replace function app.require_signup_fields(p_email text, p_password text, p_full_name text) returns void
  language plpgsql
  volatile
  set search_path = ''
as $$
begin
  if nullif(btrim(coalesce(p_email, '')), '') is null
     or nullif(btrim(coalesce(p_full_name, '')), '') is null
     or coalesce(p_password, '') = '' then
    raise exception using errcode = 'ST001', message = 'Please fill in all required fields';
  end if;
  if btrim(p_email) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception using errcode = 'ST002', message = 'Please enter a valid email address';
  end if;
  perform app.release_unclaimed_login(p_email);
end;
$$;
