-- client address behind trusted proxies: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION app.request_client()
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_headers json := nullif(current_setting('request.headers', true), '')::json;
  v_hops integer := coalesce(nullif(current_setting('steward.trusted_proxy_hops', true), ''), '0')::integer;
  v_chain text[];
  v_edge text;
  v_address text;
begin
  if v_headers is null then
    return null;
  end if;
  -- The addresses the request came through, oldest first: x-forwarded-for as each proxy appended to it,
  -- then the address the API edge saw connecting (cf-connecting-ip) unless it is the last already.
  v_chain := array(select btrim(entry) from unnest(string_to_array(coalesce(v_headers ->> 'x-forwarded-for', ''), ',')) as entry
                    where btrim(entry) <> '');
  v_edge := nullif(btrim(coalesce(v_headers ->> 'cf-connecting-ip', '')), '');
  if v_edge is not null and (cardinality(v_chain) = 0 or v_chain[cardinality(v_chain)] <> v_edge) then
    v_chain := v_chain || v_edge;
  end if;
  if cardinality(v_chain) = 0 then
    return null;
  end if;
  -- The client is the entry written by the last proxy we trust: the edge's own when none is trusted.
  -- Entries further left are the client's own word, never read.
  v_address := v_chain[greatest(1, cardinality(v_chain) - greatest(0, least(v_hops, 5)))];
  if not pg_input_is_valid(v_address, 'inet') then
    return v_address;
  end if;
  if family(v_address::inet) = 6 then
    if v_address::inet << '::ffff:0:0/96'::inet then
      return regexp_replace(host(v_address::inet), '^.*:', '');
    end if;
    -- One IPv6 subscriber holds a /64 and may use any address in it.
    return network(set_masklen(v_address::inet, 64))::text;
  end if;
  return host(v_address::inet);
end;
$function$;
revoke all on function app.request_client() from public, anon, authenticated, service_role;
grant execute on function app.request_client() to service_role;
comment on function app.request_client() is 'the calling client as the request limits count it: the address steward.trusted_proxy_hops places before the API edge (x-forwarded-for, cf-connecting-ip), an IPv6 client by its /64; null outside an API request';

CREATE OR REPLACE FUNCTION app.take_request(p_name text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_client text := app.request_client();
  v_limit double precision;
  v_taken boolean;
begin
  if v_client is null then
    return true;
  end if;
  select per_five_minutes into v_limit from app.request_limits where name = p_name;
  if v_limit is null then
    raise exception 'unknown request limit %', p_name;
  end if;
  -- A bucket untouched for five minutes is full again, the same as none: cleared now and then as others
  -- pass (about one call in a hundred, so no call pays for scanning many clients' buckets).
  if random() < 0.01 then
    delete from app.request_buckets where name = p_name and refilled_at < now() - interval '5 minutes';
  end if;
  insert into app.request_buckets as b (name, client, tokens, refilled_at)
  values (p_name, v_client, v_limit - 1, now())
  on conflict (name, client) do update
    set tokens = least(v_limit, b.tokens + extract(epoch from now() - b.refilled_at) * v_limit / 300) - 1,
        refilled_at = now()
    where least(v_limit, b.tokens + extract(epoch from now() - b.refilled_at) * v_limit / 300) >= 1
  returning true into v_taken;
  return coalesce(v_taken, false);
end;
$function$;
revoke all on function app.take_request(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.take_request(p_name text) to service_role;
