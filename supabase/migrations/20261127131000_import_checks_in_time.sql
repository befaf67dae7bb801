-- The check of a 100,000-row import file finishes, and costs less per row.
--
-- * The check of a phone number or e-mail address (app.contact_method_value_problem) is one
--   expression. Its body is now parsed when it is created (a standard SQL body), so it needs no
--   search_path of its own and the planner writes it into the query that asks: the import's check of
--   100,000 rows and the trigger on every written phone or e-mail no longer switch settings per row.
--   Same rules, same messages.
-- * The check of an import job (crm.import_problems) reads every staged row of a file of up to
--   100,000; like the import call itself it is given more than the 8 s every other signed-in request
--   gets: two minutes.

create or replace function app.contact_method_value_problem(p_kind text, p_value text) returns text
  language sql immutable parallel safe
begin atomic
  select case
    when p_kind = 'email' and pg_catalog.btrim(p_value) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'
      then 'Enter an e-mail address like name@example.com.'
    when p_kind = 'phone' and (pg_catalog.btrim(p_value) !~ '^\+?[0-9 ().\-/]+((x|ext\.?) ?[0-9]{1,6})?$'
                               or pg_catalog.length(pg_catalog.regexp_replace(pg_catalog.split_part(p_value, 'x', 1), '[^0-9]', '', 'g')) not between 4 and 15)
      then 'Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.'
  end;
end;

create or replace function request_check.before_request() returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform request_check.reject_removed_user();
  if current_setting('request.path', true) = '/rpc/import_job' then
    perform set_config('statement_timeout', '600s', true);
  elsif current_setting('request.path', true) = '/rpc/import_problems' then
    perform set_config('statement_timeout', '120s', true);
  end if;
end;
$$;
