-- bcrypt reads only the first 72 bytes of a password: a longer one would be stored cut, and anything
-- sharing those 72 bytes would sign in. Apply for Access and invitation activation refuse it, as the
-- auth service does (422 "Password cannot be longer than 72 characters").
--   ST012 Password must be at most 72 bytes long
create or replace function app.require_password(p_password text) returns void
  language plpgsql immutable
  set search_path = ''
as $$
begin
  if char_length(p_password) < 8 then
    raise exception using errcode = 'ST004', message = 'Password must be at least 8 characters long';
  end if;
  if octet_length(p_password) > 72 then
    raise exception using errcode = 'ST012', message = 'Password must be at most 72 bytes long';
  end if;
end;
$$;
