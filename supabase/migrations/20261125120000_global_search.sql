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
-- Security: `security invoker`. Every row comes through the caller's read policies, so a person sees
-- only rows they may read, and a component the organisation disabled shows nothing (its policies
-- refuse). The function also skips the kinds of disabled areas without reading them, and searches one
-- organisation (the active one), never `_system_default_` rows.

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

-- Whether a component is enabled for an organisation (members read org_components).
create function app.search_area_enabled(p_org_name text, p_component text) returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (
    select 1 from settings.org_components oc
    join settings.components c on c.id = oc.component_id
    where oc.org_name = p_org_name and c.name = p_component and oc.enabled)
$$;

create function public.global_search(p_query text, p_org_name text, p_limit integer default 5)
returns table (kind text, area text, id uuid, short_id text, title text, detail text, rank real)
language plpgsql
stable
security invoker
-- Typo tolerance: a query sharing a quarter of its trigrams with a text is a candidate ("jonh smiht"
-- and "john smith" share 5 of 17); a word start of 2 letters matches a word ("ab" in "Abigail").
set pg_trgm.similarity_threshold = 0.25
set pg_trgm.word_similarity_threshold = 0.6
set search_path = ''
as $$
declare
  q text := btrim(regexp_replace(app.search_norm(p_query), '\s+', ' ', 'g'));
  -- The query as a LIKE pattern (its own % _ \ taken literally), for "appears anywhere".
  q_like text := '%' || replace(replace(replace(btrim(regexp_replace(app.search_norm(p_query), '\s+', ' ', 'g')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  q_digits text := app.search_digits(p_query);
  -- Phones are searched when the query is mostly a number (3+ digits, only punctuation besides).
  by_phone boolean := length(app.search_digits(p_query)) >= 3 and p_query ~ '^[0-9\s()+./-]+$';
  -- E-mails when the query looks like part of one: has @ or a dot, or is one word of 4+ characters.
  by_email boolean;
  n integer := least(greatest(coalesce(p_limit, 5), 1), 50);
begin
  if length(q) < 2 or p_org_name is null or p_org_name = '_system_default_' then
    return;
  end if;
  by_email := not by_phone and (q ~ '[@.]' or (length(q) >= 4 and q !~ ' '));
  -- Fragments shorter than a trigram cannot use the indexes: two characters match word starts only.
  if length(q) < 3 then
    q_like := null;
  end if;

  if app.search_area_enabled(p_org_name, 'crm') then
    return query
    with by_name as (
      select c.id, app.search_rank(app.search_norm(c.name), q) as r, null::text as d
      from crm.contacts c
      where c.org_name = p_org_name and not c.archive
        and (app.search_norm(c.name) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(c.name)
             or app.search_norm(c.name) like q_like)
      order by 2 desc
      limit n
    ), by_method as (
      select cm.contact_id as id, 1.5::real as r, cm.value as d
      from crm.contact_methods cm
      where cm.org_name = p_org_name and not cm.archive and cm.contact_id is not null
        and ((by_email and app.search_norm(cm.value) like q_like)
             or (by_phone and app.search_digits(cm.value) like '%' || q_digits || '%'))
      limit n
    ), hits as (
      select distinct on (h.id) h.id, h.r, h.d from (select * from by_name union all select * from by_method) h
      order by h.id, h.r desc
    )
    select 'contact', 'crm', c.id, c.short_id, c.name, coalesce(h.d, c.status::text), h.r
    from hits h join crm.contacts c on c.id = h.id
    where not c.archive
    order by h.r desc, c.name
    limit n;

    return query
    with by_name as (
      select b.id, app.search_rank(app.search_norm(b.name || ' ' || coalesce(b.dba_name, '')), q) as r, null::text as d
      from crm.businesses b
      where b.org_name = p_org_name and not b.archive
        and (app.search_norm(b.name || ' ' || coalesce(b.dba_name, '')) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(b.name || ' ' || coalesce(b.dba_name, ''))
             or app.search_norm(b.name || ' ' || coalesce(b.dba_name, '')) like q_like)
      order by 2 desc
      limit n
    ), by_method as (
      select cm.business_id as id, 1.5::real as r, cm.value as d
      from crm.contact_methods cm
      where cm.org_name = p_org_name and not cm.archive and cm.business_id is not null
        and ((by_email and app.search_norm(cm.value) like q_like)
             or (by_phone and app.search_digits(cm.value) like '%' || q_digits || '%'))
      limit n
    ), hits as (
      select distinct on (h.id) h.id, h.r, h.d from (select * from by_name union all select * from by_method) h
      order by h.id, h.r desc
    )
    select 'business', 'crm', b.id, b.short_id, b.name, coalesce(h.d, b.dba_name, b.status::text), h.r
    from hits h join crm.businesses b on b.id = h.id
    where not b.archive
    order by h.r desc, b.name
    limit n;

    return query
    select 'household', 'crm', x.id, x.short_id, x.name, x.preferred_addressee, x.r
    from (
      select hh.id, hh.short_id, hh.name, hh.preferred_addressee, app.search_rank(app.search_norm(hh.name), q) as r
      from crm.households hh
      where hh.org_name = p_org_name and not hh.archive
        and (app.search_norm(hh.name) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(hh.name)
             or app.search_norm(hh.name) like q_like)
    ) x
    order by x.r desc, x.name
    limit n;

    -- Organisation users: every member reads the directory, so the CRM's enablement decides here.
    return query
    select 'user', 'crm', x.id, x.short_id, x.name, coalesce(x.title, x.email::text), x.r
    from (
      select u.id, u.short_id, u.name, u.title, u.email,
             case when by_phone and app.search_digits(u.phone) like '%' || q_digits || '%' then 1.5::real
                  else app.search_rank(app.search_norm(u.name || ' ' || coalesce(u.email::text, '')), q) end as r
      from public.user_profiles u
      where u.org_name = p_org_name and not u.archive
        and ((app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(u.name || ' ' || coalesce(u.email::text, ''))
             or app.search_norm(u.name || ' ' || coalesce(u.email::text, '')) like q_like)
             or (by_phone and app.search_digits(u.phone) like '%' || q_digits || '%'))
    ) x
    order by x.r desc, x.name
    limit n;
  end if;

  if app.search_area_enabled(p_org_name, 'team-portal') then
    return query
    select 'staff', 'team-portal', x.id, x.short_id, x.title, x.email::text, x.r
    from (
      select s.id, s.short_id, s.email,
             coalesce(nullif(btrim(s.preferred_name), ''), concat_ws(' ', s.legal_first_name, s.legal_last_name)) as title,
             case when by_phone and app.search_digits(s.phone) like '%' || q_digits || '%' then 1.5::real
                  else app.search_rank(app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')), q) end as r
      from hr.staff_profiles s
      where s.org_name = p_org_name and not s.archive
        and ((app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, ''))
             or app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) like q_like)
             or (by_phone and app.search_digits(s.phone) like '%' || q_digits || '%'))
    ) x
    order by x.r desc, x.title
    limit n;
  end if;

  if app.search_area_enabled(p_org_name, 'lodging') then
    return query
    select 'accommodation', 'lodging', x.id, x.short_id, x.name, x.beds, x.r
    from (
      select a.id, a.short_id, a.name, a.beds, app.search_rank(app.search_norm(a.name), q) as r
      from catalog.accommodations a
      where a.org_name = p_org_name and not a.archive
        and (app.search_norm(a.name) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(a.name)
             or app.search_norm(a.name) like q_like)
    ) x
    order by x.r desc, x.name
    limit n;

    -- Reservations by their label, confirmation code or guest.
    return query
    with by_text as (
      select r.id, app.search_rank(app.search_norm(r.name || ' ' || r.confirmation), q) as rk
      from catalog.reservations r
      where r.org_name = p_org_name and not r.archive
        and (app.search_norm(r.name || ' ' || r.confirmation) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(r.name || ' ' || r.confirmation)
             or app.search_norm(r.name || ' ' || r.confirmation) like q_like)
      order by 2 desc
      limit n
    ), guests as (
      select c.id, app.search_rank(app.search_norm(c.name), q) as rk
      from crm.contacts c
      where c.org_name = p_org_name and not c.archive
        and (app.search_norm(c.name) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(c.name)
             or app.search_norm(c.name) like q_like)
      order by 2 desc
      limit n
    ), by_guest as (
      select r.id, g.rk
      from guests g
      join catalog.reservations r on r.contact_id = g.id
      where r.org_name = p_org_name and not r.archive
    ), hits as (
      select distinct on (h.id) h.id, h.rk from (select * from by_text union all select * from by_guest) h
      order by h.id, h.rk desc
    )
    select 'reservation', 'lodging', r.id, null::text, r.name,
           concat_ws(' · ', r.confirmation, c.name, to_char(r.check_in, 'YYYY-MM-DD')), h.rk
    from hits h
    join catalog.reservations r on r.id = h.id
    left join crm.contacts c on c.id = r.contact_id
    order by h.rk desc, r.check_in desc
    limit n;
  end if;

  if app.search_area_enabled(p_org_name, 'catalog') then
    return query
    select 'product', 'catalog', x.id, x.short_id, x.name, x.sku, x.r
    from (
      select p.id, p.short_id, p.name, p.sku, app.search_rank(app.search_norm(p.name || ' ' || p.sku), q) as r
      from catalog.products p
      where p.org_name = p_org_name and not p.archive
        and (app.search_norm(p.name || ' ' || p.sku) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(p.name || ' ' || p.sku)
             or app.search_norm(p.name || ' ' || p.sku) like q_like)
    ) x
    order by x.r desc, x.name
    limit n;

    return query
    select 'supply', 'catalog', x.id, null::text, x.name, x.vendor, x.r
    from (
      select s.id, s.name, s.vendor, app.search_rank(app.search_norm(s.name || ' ' || coalesce(s.vendor, '')), q) as r
      from catalog.supplies s
      where s.org_name = p_org_name and not s.archive
        and (app.search_norm(s.name || ' ' || coalesce(s.vendor, '')) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(s.name || ' ' || coalesce(s.vendor, ''))
             or app.search_norm(s.name || ' ' || coalesce(s.vendor, '')) like q_like)
    ) x
    order by x.r desc, x.name
    limit n;
  end if;

  if app.search_area_enabled(p_org_name, 'operations') then
    return query
    select 'project', 'operations', x.id, x.short_id, x.name, x.status, x.r
    from (
      select pr.id, pr.short_id, pr.name, pr.status, app.search_rank(app.search_norm(pr.name), q) as r
      from ops.projects pr
      where pr.org_name = p_org_name and not pr.archive
        and (app.search_norm(pr.name) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(pr.name)
             or app.search_norm(pr.name) like q_like)
    ) x
    order by x.r desc, x.name
    limit n;

    return query
    select 'task', 'operations', x.id, x.short_id, x.title, x.status, x.r
    from (
      select t.id, t.short_id, t.title, t.status, app.search_rank(app.search_norm(t.title), q) as r
      from ops.tasks t
      where t.org_name = p_org_name and not t.archive
        and (app.search_norm(t.title) operator(extensions.%) q
             or q operator(extensions.<%) app.search_norm(t.title)
             or app.search_norm(t.title) like q_like)
    ) x
    order by x.r desc, x.title
    limit n;
  end if;
end;
$$;

comment on function public.global_search(text, text, integer) is
  'Global search in one organisation: the best p_limit rows of each kind (contact, business, household, user, staff, accommodation, reservation, product, supply, project, task), ranked; as the caller''s read policies allow, and only for the organisation''s enabled areas.';

revoke execute on function public.global_search(text, text, integer) from public, anon;
grant execute on function public.global_search(text, text, integer) to authenticated, service_role;
