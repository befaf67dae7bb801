-- Global search: one call finds contacts, businesses, households, organisation users, staff,
-- accommodations, reservations, products, supplies, projects and tasks of one organisation.
--
-- Matching ignores case and accents (unaccent, lower) and tolerates typos (pg_trgm similarity:
-- "Jonh Smiht" finds John Smith); a fragment of a word matches anywhere (3+ characters, "ost"
-- finds Foster) and a word's start matches from 2 characters; phone numbers match on their digits
-- whatever the punctuation ("555 0142" finds "(555) 014-2…"); an e-mail matches by any part.
--
-- Speed: every searched text has a GIN trigram index on its normalised form (expression indexes, so
-- the tables keep their shape and every write keeps the index current); the function asks each kind
-- for its best few rows only. The extensions live in schema `extensions`, as hosted Supabase keeps them.
--
-- Security: public.global_search is `security invoker` and reads every row it returns through the
-- caller's read policies, so a person sees only rows they may read, and an area the organisation
-- disabled shows nothing. It searches one organisation (the active one), never `_system_default_`.
--
-- Why the matching itself runs in app.search_candidates (security definer): under row-level security
-- PostgreSQL evaluates the policies before any condition that is not leakproof, and neither LIKE nor
-- pg_trgm's operators are (only a superuser can mark a function leakproof, which hosted Supabase does
-- not allow), so no trigram index could serve a search: at 1,000,000 contacts one query read every
-- row of the table (44 s on a busy machine). The candidate finder applies the same read rule the
-- policies apply (app.orgs_with_access: the area enabled and the role's view level, Organization or
-- Personal = rows they created) inside its queries, where the indexes work, and returns ids and ranks
-- only; public.global_search then reads those rows as the caller, so the policies still decide. It
-- lives in schema `app`, which the API does not expose.

create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- Lower case without accents: the form every search column is indexed and compared in. Immutable
-- (unaccent's own function is only stable because its dictionary could change), fully qualified so it
-- can be inlined in both the index and the query.
create function app.search_norm(p_text text) returns text
  language sql immutable parallel safe
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(p_text, '')))
$$;

-- The digits of a text ("+1 (555) 014-2233" → "15550142233"): how phone numbers are compared.
create function app.search_digits(p_text text) returns text
  language sql immutable parallel safe
as $$
  select regexp_replace(coalesce(p_text, ''), '[^0-9]', '', 'g')
$$;

grant execute on function app.search_norm(text), app.search_digits(text) to authenticated, service_role;

-- The searched texts, indexed.
create index contacts_search_idx on crm.contacts using gin (app.search_norm(name) extensions.gin_trgm_ops);
create index businesses_search_idx on crm.businesses
  using gin (app.search_norm(name || ' ' || coalesce(dba_name, '')) extensions.gin_trgm_ops);
create index households_search_idx on crm.households using gin (app.search_norm(name) extensions.gin_trgm_ops);
create index contact_methods_search_idx on crm.contact_methods using gin (app.search_norm(value) extensions.gin_trgm_ops);
create index contact_methods_digits_idx on crm.contact_methods
  using gin (app.search_digits(value) extensions.gin_trgm_ops);
create index user_profiles_search_idx on public.user_profiles
  using gin (app.search_norm(name || ' ' || coalesce(email::text, '')) extensions.gin_trgm_ops);
create index user_profiles_digits_idx on public.user_profiles
  using gin (app.search_digits(phone) extensions.gin_trgm_ops);
create index staff_profiles_search_idx on hr.staff_profiles
  using gin (app.search_norm(coalesce(preferred_name, '') || ' ' || coalesce(legal_first_name, '') || ' ' || coalesce(legal_last_name, '') || ' ' || coalesce(email::text, '')) extensions.gin_trgm_ops);
create index staff_profiles_digits_idx on hr.staff_profiles
  using gin (app.search_digits(phone) extensions.gin_trgm_ops);
create index accommodations_search_idx on catalog.accommodations using gin (app.search_norm(name) extensions.gin_trgm_ops);
create index reservations_search_idx on catalog.reservations
  using gin (app.search_norm(name || ' ' || confirmation) extensions.gin_trgm_ops);
create index products_search_idx on catalog.products
  using gin (app.search_norm(name || ' ' || sku) extensions.gin_trgm_ops);
create index supplies_search_idx on catalog.supplies
  using gin (app.search_norm(name || ' ' || coalesce(vendor, '')) extensions.gin_trgm_ops);
create index projects_search_idx on ops.projects using gin (app.search_norm(name) extensions.gin_trgm_ops);
create index tasks_search_idx on ops.tasks using gin (app.search_norm(title) extensions.gin_trgm_ops);

-- How well a normalised text answers a normalised query: trigram similarity (whole text, or the best
-- matching stretch of words), raised when the query is the text, starts it, starts one of its words
-- or appears in it.
create function app.search_rank(p_text text, p_query text) returns real
  language sql immutable parallel safe
as $$
  select (greatest(extensions.similarity(p_text, p_query), extensions.word_similarity(p_query, p_text))
          + case
              when p_text = p_query then 1.0
              when starts_with(p_text, p_query) then 0.6
              when strpos(p_text, ' ' || p_query) > 0 then 0.4
              when strpos(p_text, p_query) > 0 then 0.2
              else 0
            end)::real
$$;

-- The caller's read level for an area in an organisation, as the read policies decide it
-- (app.access_sql): 'Organization', 'Personal' (rows they created), or null (none, or the area is
-- disabled for the organisation).
create function app.search_view_level(p_org_name text, p_component text) returns text
  language sql stable security definer
  set search_path = ''
as $$
  select case
    when p_org_name = any (app.orgs_with_access(p_component, 'view', 'Organization')) then 'Organization'
    when p_org_name = any (app.orgs_with_access(p_component, 'view', 'Personal')) then 'Personal'
  end
$$;

-- A text taken literally inside a LIKE pattern (its % _ and \ escaped).
create function app.search_like(p_text text) returns text
  language sql immutable parallel safe
as $$
  select replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_')
$$;

-- The best p_limit rows of one table whose text matches the query, as (id, rank). In steps, so a
-- search stays cheap at a million rows, each taken only when the one before found fewer than p_limit:
--   1. every word of the query appears in the text ("garc" in Garcia): exact fragments, the cheapest;
--   2. every word matches a word of the text with a typo allowed (word similarity: "jenifer gracia"
--      finds Jennifer Garcia);
--   3. only when nothing matched yet, the whole query is similar to the whole text ("jonh smiht"
--      finds John Smith), which reads the most candidates.
-- A step ranks at most 200 of its matches (a broad query such as "gar" matches tens of thousands; any
-- 200 of them rank alike), so it never reads more than that many rows. Built with the values written
-- in, so every plan sees them and picks the trigram index. p_expr is the indexed expression over
-- alias t; p_filter adds the caller's read rule.
create function app.search_text_matches(p_table text, p_expr text, p_org_name text, p_filter text, p_query text, p_limit integer)
returns table (id uuid, rank real)
language plpgsql
stable
set pg_trgm.similarity_threshold = 0.25
set pg_trgm.word_similarity_threshold = 0.4
set max_parallel_workers_per_gather = 0
set search_path = ''
as $$
declare
  v_words text[] := (select array_agg(w) from unnest(string_to_array(p_query, ' ')) as w where length(w) >= 2);
  v_word text;
  v_fragments text := '';
  v_similar text := '';
  v_found integer := 0;
  v_base text;
  v_step text;
  v_seen uuid[] := '{}';
  v_ids uuid[];
  v_ranks real[];
  v_number integer;
begin
  v_base := format('select t.id, app.search_rank(%1$s, %2$L) as rank from %3$s t where t.org_name = %4$L and not t.archive and %5$s',
                   p_expr, p_query, p_table, p_org_name, p_filter);
  foreach v_word in array coalesce(v_words[1:4], '{}') loop
    v_similar := v_similar || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
    if length(v_word) >= 3 then
      v_fragments := v_fragments || format(' and %s like %L', p_expr, '%' || app.search_like(v_word) || '%');
    else
      -- Two letters match the start of a word only.
      v_fragments := v_fragments || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
    end if;
  end loop;
  for v_number in 1..3 loop
    v_step := case v_number
      when 1 then nullif(v_fragments, '')
      when 2 then nullif(v_similar, '')
      when 3 then case when length(p_query) >= 3 and v_found = 0
                       then format(' and (%1$s operator(extensions.%%) %2$L or %2$L operator(extensions.<%%) %1$s)', p_expr, p_query) end
    end;
    -- A query with digits or an @ is a phone, an e-mail or a code: its fragments, never a fuzzy name.
    continue when v_step is null or (v_number > 1 and p_query ~ '[0-9@]');
    execute format('select coalesce(array_agg(m.id), ''{}''), coalesce(array_agg(m.rank), ''{}'') from (select s.id, s.rank from (%s%s and not (t.id = any (%L::uuid[])) limit 200) s order by s.rank desc limit %s) m',
                   v_base, v_step, v_seen, p_limit - v_found)
      into v_ids, v_ranks;
    return query select u.id, u.rank from unnest(v_ids, v_ranks) as u(id, rank);
    v_seen := v_seen || v_ids;
    v_found := v_found + cardinality(v_ids);
    exit when v_found >= p_limit;
  end loop;
end;
$$;

-- The best p_limit matches of each kind in one organisation: kind, area, id, rank and the matching
-- phone or e-mail. Ids and ranks only; public.global_search reads the rows as the caller.
create function app.search_candidates(p_query text, p_org_name text, p_limit integer)
returns table (kind text, area text, id uuid, rank real, detail text)
language plpgsql
stable
security definer
-- Typo tolerance: a query sharing a quarter of its trigrams with a text is a candidate ("jonh smiht"
-- and "john smith" share 5 of 17); a word start of 2 letters matches a word ("ab" in "Abigail").
set pg_trgm.similarity_threshold = 0.25
set pg_trgm.word_similarity_threshold = 0.6
set search_path = ''
as $$
declare
  q text := btrim(regexp_replace(app.search_norm(p_query), '\s+', ' ', 'g'));
  -- The query as a LIKE pattern (its own % _ \ taken literally), for "appears anywhere".
  q_like text;
  q_digits text := app.search_digits(p_query);
  -- Phones are searched when the query is mostly a number (3+ digits, only punctuation besides).
  by_phone boolean := length(app.search_digits(p_query)) >= 3 and p_query ~ '^[0-9\s()+./-]+$';
  -- E-mails when the query looks like part of one: has @ or a dot, or is one word of 4+ characters.
  by_email boolean;
  n integer := least(greatest(coalesce(p_limit, 5), 1), 50);
  mine uuid[] := app.my_profile_ids();
  crm_level text;
  level text;
  read_rule text;
begin
  if length(q) < 2 or p_org_name is null or p_org_name = '_system_default_' then
    return;
  end if;
  by_email := not by_phone and (q ~ '[@.]' or (length(q) >= 4 and q !~ ' '));
  -- Fragments shorter than a trigram cannot use the indexes: two characters match word starts only.
  if length(q) >= 3 then
    q_like := '%' || app.search_like(q) || '%';
  end if;

  crm_level := app.search_view_level(p_org_name, 'crm');
  if crm_level is not null then
    read_rule := case when crm_level = 'Organization' then 'true' else format('t.created_by = any (%L::uuid[])', mine) end;
    return query
    with by_name as (
      select m.id, m.rank as r, null::text as d
      from app.search_text_matches('crm.contacts', 'app.search_norm(t.name)', p_org_name, read_rule, q, n) m
    ), by_method as (
      select cm.contact_id as id, 1.5::real as r, cm.value as d
      from crm.contact_methods cm
      join crm.contacts c on c.id = cm.contact_id
      where cm.org_name = p_org_name and not cm.archive and not c.archive
        and (crm_level = 'Organization' or c.created_by = any (mine))
        and ((by_email and app.search_norm(cm.value) like q_like)
             or (by_phone and app.search_digits(cm.value) like '%' || q_digits || '%'))
      limit n
    )
    select 'contact', 'crm', h.id, max(h.r), max(h.d)
    from (select * from by_name union all select * from by_method) h
    group by h.id;

    return query
    with by_name as (
      select m.id, m.rank as r, null::text as d
      from app.search_text_matches('crm.businesses', $e$app.search_norm(t.name || ' ' || coalesce(t.dba_name, ''))$e$, p_org_name, read_rule, q, n) m
    ), by_method as (
      select cm.business_id as id, 1.5::real as r, cm.value as d
      from crm.contact_methods cm
      join crm.businesses b on b.id = cm.business_id
      where cm.org_name = p_org_name and not cm.archive and not b.archive
        and (crm_level = 'Organization' or b.created_by = any (mine))
        and ((by_email and app.search_norm(cm.value) like q_like)
             or (by_phone and app.search_digits(cm.value) like '%' || q_digits || '%'))
      limit n
    )
    select 'business', 'crm', h.id, max(h.r), max(h.d)
    from (select * from by_name union all select * from by_method) h
    group by h.id;

    return query
    select 'household', 'crm', m.id, m.rank, null::text
    from app.search_text_matches('crm.households', 'app.search_norm(t.name)', p_org_name, read_rule, q, n) m;

    -- Organisation users: every member reads the directory; the CRM's enablement decides here.
    return query
    select 'user', 'crm', u.id,
           case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then 1.5::real
                else app.search_rank(app.search_norm(u.name || ' ' || coalesce(u.email::text, '')), q) end,
           case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then u.phone end
    from public.user_profiles u
    where u.org_name = p_org_name and not u.archive
      and ((app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(u.name || ' ' || coalesce(u.email::text, ''))
           or app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) like q_like)
           or (by_phone and app.search_digits(u.phone) like '%' || q_digits || '%'))
    order by 4 desc
    limit n;
  end if;

  level := app.search_view_level(p_org_name, 'team-portal');
  if level is not null then
    return query
    select 'staff', 'team-portal', s.id,
           case when by_phone and app.search_digits(s.phone) like '%' || q_digits || '%' then 1.5::real
                else app.search_rank(app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')), q) end,
           case when by_phone and app.search_digits(s.phone) like '%' || q_digits || '%' then s.phone end
    from hr.staff_profiles s
    where s.org_name = p_org_name and not s.archive
      and (level = 'Organization' or s.created_by = any (mine))
      and ((app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, ''))
           or app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) like q_like)
           or (by_phone and app.search_digits(s.phone) like '%' || q_digits || '%'))
    order by 4 desc
    limit n;
  end if;

  level := app.search_view_level(p_org_name, 'lodging');
  if level is not null then
    return query
    select 'accommodation', 'lodging', a.id, app.search_rank(app.search_norm(a.name), q), null::text
    from catalog.accommodations a
    where a.org_name = p_org_name and not a.archive
      and (level = 'Organization' or a.created_by = any (mine))
      and (app.search_norm(a.name) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(a.name)
           or app.search_norm(a.name) like q_like)
    order by 4 desc
    limit n;

    -- Reservations by their label, confirmation code or guest.
    return query
    with by_text as (
      select r.id, app.search_rank(app.search_norm(r.name || ' ' || r.confirmation), q) as rk
      from catalog.reservations r
      where r.org_name = p_org_name and not r.archive
        and (level = 'Organization' or r.created_by = any (mine))
        and (app.search_norm(r.name || ' ' || r.confirmation) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(r.name || ' ' || r.confirmation)
             or app.search_norm(r.name || ' ' || r.confirmation) like q_like)
      order by 2 desc
      limit n
    ), guests as (
      select m.id, m.rank as rk
      from app.search_text_matches('crm.contacts', 'app.search_norm(t.name)', p_org_name, 'true', q, n) m
    ), by_guest as (
      select r.id, g.rk
      from guests g
      join catalog.reservations r on r.contact_id = g.id
      where r.org_name = p_org_name and not r.archive
        and (level = 'Organization' or r.created_by = any (mine))
      limit n
    )
    select 'reservation', 'lodging', h.id, max(h.rk), null::text
    from (select * from by_text union all select * from by_guest) h
    group by h.id;
  end if;

  level := app.search_view_level(p_org_name, 'catalog');
  if level is not null then
    return query
    select 'product', 'catalog', p.id, app.search_rank(app.search_norm(p.name || ' ' || p.sku), q), null::text
    from catalog.products p
    where p.org_name = p_org_name and not p.archive
      and (level = 'Organization' or p.created_by = any (mine))
      and (app.search_norm(p.name || ' ' || p.sku) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(p.name || ' ' || p.sku)
           or app.search_norm(p.name || ' ' || p.sku) like q_like)
    order by 4 desc
    limit n;

    return query
    select 'supply', 'catalog', s.id, app.search_rank(app.search_norm(s.name || ' ' || coalesce(s.vendor, '')), q), null::text
    from catalog.supplies s
    where s.org_name = p_org_name and not s.archive
      and (level = 'Organization' or s.created_by = any (mine))
      and (app.search_norm(s.name || ' ' || coalesce(s.vendor, '')) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(s.name || ' ' || coalesce(s.vendor, ''))
           or app.search_norm(s.name || ' ' || coalesce(s.vendor, '')) like q_like)
    order by 4 desc
    limit n;
  end if;

  level := app.search_view_level(p_org_name, 'operations');
  if level is not null then
    return query
    select 'project', 'operations', pr.id, app.search_rank(app.search_norm(pr.name), q), null::text
    from ops.projects pr
    where pr.org_name = p_org_name and not pr.archive
      and (level = 'Organization' or pr.created_by = any (mine))
      and (app.search_norm(pr.name) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(pr.name)
           or app.search_norm(pr.name) like q_like)
    order by 4 desc
    limit n;

    return query
    select 'task', 'operations', t.id, app.search_rank(app.search_norm(t.title), q), null::text
    from ops.tasks t
    where t.org_name = p_org_name and not t.archive
      and (level = 'Organization' or t.created_by = any (mine))
      and (app.search_norm(t.title) operator(extensions.%) q
           or q operator(extensions.<%) app.search_norm(t.title)
           or app.search_norm(t.title) like q_like)
    order by 4 desc
    limit n;
  end if;
end;
$$;

revoke execute on function app.search_text_matches(text, text, text, text, text, integer) from public, anon, authenticated;
revoke execute on function app.search_candidates(text, text, integer), app.search_view_level(text, text) from public, anon;
grant execute on function app.search_candidates(text, text, integer), app.search_view_level(text, text) to authenticated, service_role;

-- The search itself: the candidates, read as the caller (their read policies decide what shows), with
-- what the dialog shows of each, the best p_limit of each kind.
create function public.global_search(p_query text, p_org_name text, p_limit integer default 5)
returns table (kind text, area text, id uuid, short_id text, title text, detail text, rank real)
language sql
stable
security invoker
set search_path = ''
as $$
  select x.kind, x.area, x.id, x.short_id, x.title, x.detail, x.rank
  from (
    select h.kind, h.area, r.id, r.short_id, r.title, coalesce(h.detail, r.detail) as detail, h.rank,
           row_number() over (partition by h.kind order by h.rank desc, r.title) as place
    from (select distinct on (c.kind, c.id) c.* from app.search_candidates(p_query, p_org_name, p_limit) c order by c.kind, c.id, c.rank desc) h
    cross join lateral (
      select c.id, c.short_id, c.name as title, c.status::text as detail from crm.contacts c where h.kind = 'contact' and c.id = h.id
      union all
      select b.id, b.short_id, b.name, coalesce(b.dba_name, b.status::text) from crm.businesses b where h.kind = 'business' and b.id = h.id
      union all
      select hh.id, hh.short_id, hh.name, hh.preferred_addressee from crm.households hh where h.kind = 'household' and hh.id = h.id
      union all
      select u.id, u.short_id, u.name, coalesce(u.title, u.email::text) from public.user_profiles u where h.kind = 'user' and u.id = h.id
      union all
      select s.id, s.short_id, coalesce(nullif(btrim(s.preferred_name), ''), concat_ws(' ', s.legal_first_name, s.legal_last_name)), s.email::text
      from hr.staff_profiles s where h.kind = 'staff' and s.id = h.id
      union all
      select a.id, a.short_id, a.name, a.beds from catalog.accommodations a where h.kind = 'accommodation' and a.id = h.id
      union all
      select rv.id, null::text, rv.name, concat_ws(' · ', rv.confirmation, g.name, to_char(rv.check_in, 'YYYY-MM-DD'))
      from catalog.reservations rv left join crm.contacts g on g.id = rv.contact_id
      where h.kind = 'reservation' and rv.id = h.id
      union all
      select p.id, p.short_id, p.name, p.sku from catalog.products p where h.kind = 'product' and p.id = h.id
      union all
      select sp.id, null::text, sp.name, sp.vendor from catalog.supplies sp where h.kind = 'supply' and sp.id = h.id
      union all
      select pr.id, pr.short_id, pr.name, pr.status from ops.projects pr where h.kind = 'project' and pr.id = h.id
      union all
      select t.id, t.short_id, t.title, t.status from ops.tasks t where h.kind = 'task' and t.id = h.id
    ) r
  ) x
  where x.place <= least(greatest(coalesce(p_limit, 5), 1), 50)
  order by array_position(array['contact', 'business', 'household', 'user', 'staff', 'accommodation', 'reservation', 'product', 'supply', 'project', 'task'], x.kind), x.rank desc, x.title
$$;

comment on function public.global_search(text, text, integer) is
  'Global search in one organisation: the best p_limit rows of each kind (contact, business, household, user, staff, accommodation, reservation, product, supply, project, task), ranked; as the caller''s read policies allow, and only for the organisation''s enabled areas.';

revoke execute on function public.global_search(text, text, integer) from public, anon;
grant execute on function public.global_search(text, text, integer) to authenticated, service_role;
