-- Global search at a million contacts: a typo is corrected word by word against the words the
-- organisation's people, businesses and households are named with, instead of comparing the whole
-- query with every name.
--
-- Why: trigram similarity cannot see a one-letter slip in a short word ("Diaz" typed "Daiz" shares
-- one trigram of five), so a query such as "James Daiz" found nothing word by word and fell through
-- to comparing the whole query with every name (0.5–1.6 s at 1,000,000 contacts: every "James" and
-- every name starting with "D" was read and compared). Now each word of the query is looked up in a
-- small list of the organisation's words by its one-letter deletions (a word and a typo of it one
-- edit apart — a letter left out, added, changed or two swapped — share a deletion: "daiz" and "diaz"
-- both give "daz"), which is a few index look-ups whatever the number of rows; the corrected words are
-- then found as fragments in the trigram index like any other word. The fuzzy steps that compare
-- whole texts stay, for what word corrections cannot see (words run together), and run only when
-- nothing closer was found.
--
-- The word list (app.search_words) holds words, never rows: it is kept in step by statement-level
-- triggers on the three tables (one per statement, whatever its number of rows), only grows (a word
-- no longer used leads to a fragment that finds nothing), and is read only inside the search's
-- security-definer candidate finder; every row found is still read through the caller's read rule and
-- then their read policies (app.search_candidates, public.global_search).

create table app.search_words (
  org_name text not null,
  -- the word, or one of its one-letter deletions
  variant text not null,
  word text not null,
  primary key (org_name, variant, word)
);
comment on table app.search_words is 'Words of an organisation''s contact, business and household names (normalised, letters only, 3–40 characters), each with its one-letter deletions: how global search corrects a typo in a word';
revoke all on app.search_words from public, anon, authenticated;

-- A word and its one-letter deletions ("diaz" → diaz, iaz, daz, diz, dia).
create function app.search_variants(p_word text) returns text[]
  language sql immutable parallel safe
  set search_path = ''
as $$
  select array_agg(distinct v.variant)
  from (select p_word as variant
        union all
        select left(p_word, i - 1) || substr(p_word, i + 1) from generate_series(1, length(p_word)) as i) v
$$;

-- The searchable words of a text: normalised (app.search_norm), split at anything but a letter.
create function app.search_text_words(p_text text) returns setof text
  language sql immutable parallel safe
  set search_path = ''
as $$
  select w from regexp_split_to_table(app.search_norm(p_text), '[^[:alpha:]]+') as w where length(w) between 3 and 40
$$;

-- Up to 8 words of the organisation one edit away from p_word (a letter left out, added, changed or
-- two swapped), closest first; words that hold p_word itself are left out (the word as typed finds
-- those already).
create function app.search_corrections(p_org_name text, p_word text) returns text[]
  language sql stable
  set search_path = ''
as $$
  select coalesce(array_agg(c.word order by c.closeness desc, c.word), '{}')
  from (select w.word, extensions.similarity(w.word, p_word) as closeness
        from (select distinct s.word
              from unnest(app.search_variants(p_word)) as v(variant)
              join app.search_words s on s.org_name = p_org_name and s.variant = v.variant) w
        where strpos(w.word, p_word) = 0
        order by 2 desc, 1
        limit 8) c
$$;
revoke execute on function app.search_corrections(text, text) from public, anon, authenticated;

-- Learns the words of the rows a statement wrote (transition table new_rows; TG_ARGV[0] is the
-- searched text over those rows' columns, alias r). After an update, only rows whose searched text
-- changed are read (old_rows), so a change of status or owner on many rows costs next to nothing.
create function app.search_words_learn() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  execute format($q$
    insert into app.search_words (org_name, variant, word)
    select n.org_name, v.variant, n.word
    from (select distinct r.org_name, w.word
          from new_rows r cross join lateral app.search_text_words(%1$s) as w(word)
          where r.org_name is not null %2$s) n
    cross join lateral unnest(app.search_variants(n.word)) as v(variant)
    where not exists (select 1 from app.search_words s where s.org_name = n.org_name and s.variant = n.word and s.word = n.word)
    on conflict do nothing$q$,
    tg_argv[0],
    case when tg_op = 'UPDATE'
         then format('and not exists (select 1 from old_rows o where o.id = r.id and o.org_name is not distinct from r.org_name and (%s) is not distinct from (%s))',
                     replace(tg_argv[0], 'r.', 'o.'), tg_argv[0])
         else '' end);
  return null;
end;
$$;
revoke execute on function app.search_words_learn() from public, anon, authenticated;

create trigger search_words_inserted after insert on crm.contacts
  referencing new table as new_rows for each statement execute function app.search_words_learn('r.name');
create trigger search_words_updated after update on crm.contacts
  referencing old table as old_rows new table as new_rows for each statement execute function app.search_words_learn('r.name');
create trigger search_words_inserted after insert on crm.businesses
  referencing new table as new_rows for each statement execute function app.search_words_learn($$r.name || ' ' || coalesce(r.dba_name, '')$$);
create trigger search_words_updated after update on crm.businesses
  referencing old table as old_rows new table as new_rows for each statement execute function app.search_words_learn($$r.name || ' ' || coalesce(r.dba_name, '')$$);
create trigger search_words_inserted after insert on crm.households
  referencing new table as new_rows for each statement execute function app.search_words_learn('r.name');
create trigger search_words_updated after update on crm.households
  referencing old table as old_rows new table as new_rows for each statement execute function app.search_words_learn('r.name');

-- The words of what is there already.
insert into app.search_words (org_name, variant, word)
select n.org_name, v.variant, n.word
from (select distinct r.org_name, w.word
      from (select org_name, name as text from crm.contacts
            union all select org_name, name || ' ' || coalesce(dba_name, '') from crm.businesses
            union all select org_name, name from crm.households) r
      cross join lateral app.search_text_words(r.text) as w(word)) n
cross join lateral unnest(app.search_variants(n.word)) as v(variant)
on conflict do nothing;

-- The best p_limit rows of one table whose text matches the query, as (id, rank), in steps, each
-- taken only when the ones before found fewer than p_limit:
--   1. every word of the query appears in the text ("garc" in Garcia): exact fragments, the cheapest;
--   2. every word appears as typed or as a word of the organisation one edit away from it ("james
--      daiz" finds James Diaz; "aigail fost" finds Abigail Foster): a few more fragments;
--   3. every word matches a word of the text with a typo allowed (word similarity: "jenifr garcai"
--      finds Jennifer Garcia), only when nothing was found yet and a word of the query is neither a
--      word of the organisation nor one edit away from one;
--   4. on the same terms, the whole query is similar to the whole text ("jonhsmith"), which reads the
--      most candidates.
-- A step ranks at most 200 of its matches (a broad query such as "gar" matches tens of thousands; any
-- 200 of them rank alike), so it never reads more than that many rows. Built with the values written
-- in, so every plan sees them and picks the trigram index. p_expr is the indexed expression over
-- alias t; p_filter adds the caller's read rule.
create or replace function app.search_text_matches(p_table text, p_expr text, p_org_name text, p_filter text, p_query text, p_limit integer)
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
  v_fragment text;
  v_corrections text[];
  v_fragments text := '';
  v_corrected text := '';
  v_any_correction boolean := false;
  -- Every word of the query is a word of the organisation or one edit away from one: the fuzzier
  -- steps, which compare texts rather than words, have nothing to add.
  v_all_known boolean := true;
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
  for v_number in 1..4 loop
    -- A query with digits or an @ is a phone, an e-mail or a code: its fragments, never a fuzzy name.
    exit when v_number > 1 and p_query ~ '[0-9@]';
    if v_number = 2 then
      -- The words as typed found too few: each word, or a word of the organisation one edit away.
      foreach v_word in array coalesce(v_words[1:4], '{}') loop
        if length(v_word) >= 3 then
          v_fragment := format('%s like %L', p_expr, '%' || app.search_like(v_word) || '%');
          v_corrections := app.search_corrections(p_org_name, v_word);
          v_any_correction := v_any_correction or cardinality(v_corrections) > 0;
          v_all_known := v_all_known and (cardinality(v_corrections) > 0
            or exists (select 1 from app.search_words s where s.org_name = p_org_name and s.variant = v_word and s.word = v_word));
          v_corrected := v_corrected || format(' and (%s%s)', v_fragment,
            (select string_agg(format(' or %s like %L', p_expr, '%' || app.search_like(c) || '%'), '') from unnest(v_corrections) as c));
        else
          v_corrected := v_corrected || format(' and %L operator(extensions.<%%) %s', v_word, p_expr);
        end if;
      end loop;
    end if;
    v_step := case v_number
      when 1 then nullif(v_fragments, '')
      when 2 then case when v_any_correction then v_corrected end
      when 3 then case when v_found = 0 and not v_all_known then nullif(v_similar, '') end
      when 4 then case when length(p_query) >= 3 and v_found = 0 and not v_all_known
                       then format(' and (%1$s operator(extensions.%%) %2$L or %2$L operator(extensions.<%%) %1$s)', p_expr, p_query) end
    end;
    continue when v_step is null;
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
revoke execute on function app.search_text_matches(text, text, text, text, text, integer) from public, anon, authenticated;

-- As before (20261125180000_personal_records.sql), with the people matching the query found once: a
-- reservation's guest is found among every person of the organisation (the reservation's own read
-- rule decides), and a caller who reads every person (Organization level) gets the same people as
-- contacts, so the two no longer search the contacts twice.
create or replace function app.search_candidates(p_query text, p_org_name text, p_limit integer)
returns table (kind text, area text, id uuid, rank real, detail text)
language plpgsql
stable
security definer
set pg_trgm.similarity_threshold = 0.25
set pg_trgm.word_similarity_threshold = 0.6
set search_path = ''
as $$
declare
  q text := btrim(regexp_replace(app.search_norm(p_query), '\s+', ' ', 'g'));
  q_like text;
  q_digits text := app.search_digits(p_query);
  by_phone boolean := length(app.search_digits(p_query)) >= 3 and p_query ~ '^[0-9\s()+./-]+$';
  by_email boolean;
  n integer := least(greatest(coalesce(p_limit, 5), 1), 50);
  mine uuid[] := app.my_profile_ids();
  level text;
  lodging_level text;
  -- Every person of the organisation matching the query by name (ids, ranks), when needed.
  people_ids uuid[];
  people_ranks real[];
  by_text constant text := $q$
    select %1$L::text, %2$L::text, x.id, app.search_rank(%4$s, $2), null::text
    from %3$s x
    where x.org_name = $1 and not x.archive
      and %5$s
      and (%4$s operator(extensions.%%) $2 or $2 operator(extensions.<%%) %4$s or %4$s like $5)
    order by 4 desc
    limit $3$q$;
begin
  if length(q) < 2 or p_org_name is null or p_org_name = '_system_default_' then
    return;
  end if;
  by_email := not by_phone and (q ~ '[@.]' or (length(q) >= 4 and q !~ ' '));
  if length(q) >= 3 then
    q_like := '%' || app.search_like(q) || '%';
  end if;

  level := app.search_view_level(p_org_name, 'crm');
  lodging_level := app.search_view_level(p_org_name, 'lodging');
  if lodging_level is not null or level = 'Organization' then
    select coalesce(array_agg(m.id), '{}'), coalesce(array_agg(m.rank), '{}') into people_ids, people_ranks
    from app.search_text_matches('crm.contacts', 'app.search_norm(t.name)', p_org_name, 'true', q, n) m;
  end if;

  if level is not null then
    -- $1 organisation, $2 query, $3 limit, $4 by e-mail, $5 query as LIKE, $6 by phone, $7 digits,
    -- $8 $9 the people found by name when the caller reads them all.
    return query execute format($q$
      with by_name as (
        select m.id, m.rank as r, null::text as d
        from %3$s
      ), by_method as (
        select cm.contact_id as id, 1.5::real as r, cm.value as d
        from crm.contact_methods cm
        join crm.contacts c on c.id = cm.contact_id
        where cm.org_name = $1 and not cm.archive and not c.archive
          and %2$s
          and (($4 and app.search_norm(cm.value) like $5)
               or ($6 and app.search_digits(cm.value) like '%%' || $7 || '%%'))
        limit $3
      )
      select 'contact'::text, 'crm'::text, h.id, max(h.r), max(h.d)
      from (select * from by_name union all select * from by_method) h
      group by h.id$q$,
      null, app.search_read_rule('crm.contacts', 'c', level, mine),
      case when level = 'Organization' then 'unnest($8::uuid[], $9::real[]) as m(id, rank)'
           else format('app.search_text_matches(%L, %L, $1, %L, $2, $3) m', 'crm.contacts', 'app.search_norm(t.name)',
                       app.search_read_rule('crm.contacts', 't', level, mine)) end)
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits, people_ids, people_ranks;

    return query execute format($q$
      with by_name as (
        select m.id, m.rank as r, null::text as d
        from app.search_text_matches('crm.businesses', 'app.search_norm(t.name || '' '' || coalesce(t.dba_name, ''''))', $1, %1$L, $2, $3) m
      ), by_method as (
        select cm.business_id as id, 1.5::real as r, cm.value as d
        from crm.contact_methods cm
        join crm.businesses b on b.id = cm.business_id
        where cm.org_name = $1 and not cm.archive and not b.archive
          and %2$s
          and (($4 and app.search_norm(cm.value) like $5)
               or ($6 and app.search_digits(cm.value) like '%%' || $7 || '%%'))
        limit $3
      )
      select 'business'::text, 'crm'::text, h.id, max(h.r), max(h.d)
      from (select * from by_name union all select * from by_method) h
      group by h.id$q$,
      app.search_read_rule('crm.businesses', 't', level, mine), app.search_read_rule('crm.businesses', 'b', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    return query
    select 'household', 'crm', m.id, m.rank, null::text
    from app.search_text_matches('crm.households', 'app.search_norm(t.name)', p_org_name,
                                 app.search_read_rule('crm.households', 't', level, mine), q, n) m;

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
    return query execute format($q$
      select 'staff'::text, 'team-portal'::text, s.id,
             case when $6 and app.search_digits(s.phone) like '%%' || $7 || '%%' then 1.5::real
                  else app.search_rank(app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')), $2) end,
             case when $6 and app.search_digits(s.phone) like '%%' || $7 || '%%' then s.phone end
      from hr.staff_profiles s
      where s.org_name = $1 and not s.archive
        and %1$s
        and ((app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) operator(extensions.%%) $2
             or $2 operator(extensions.<%%) app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, ''))
             or app.search_norm(coalesce(s.preferred_name, '') || ' ' || coalesce(s.legal_first_name, '') || ' ' || coalesce(s.legal_last_name, '') || ' ' || coalesce(s.email::text, '')) like $5)
             or ($6 and app.search_digits(s.phone) like '%%' || $7 || '%%'))
      order by 4 desc
      limit $3$q$,
      app.search_read_rule('hr.staff_profiles', 's', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := lodging_level;
  if level is not null then
    return query execute format(by_text, 'accommodation', 'lodging', 'catalog.accommodations', 'app.search_norm(x.name)',
                                app.search_read_rule('catalog.accommodations', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;

    -- Reservations by their label, confirmation code or guest ($8 $9: the people found by name).
    return query execute format($q$
      with by_text as (
        select r.id, app.search_rank(app.search_norm(r.name || ' ' || r.confirmation), $2) as rk
        from catalog.reservations r
        where r.org_name = $1 and not r.archive
          and %1$s
          and (app.search_norm(r.name || ' ' || r.confirmation) operator(extensions.%%) $2
               or $2 operator(extensions.<%%) app.search_norm(r.name || ' ' || r.confirmation)
               or app.search_norm(r.name || ' ' || r.confirmation) like $5)
        order by 2 desc
        limit $3
      ), by_guest as (
        select r.id, g.rk
        from unnest($8::uuid[], $9::real[]) as g(id, rk)
        join catalog.reservations r on r.contact_id = g.id
        where r.org_name = $1 and not r.archive
          and %1$s
        limit $3
      )
      select 'reservation'::text, 'lodging'::text, h.id, max(h.rk), null::text
      from (select * from by_text union all select * from by_guest) h
      group by h.id$q$,
      app.search_read_rule('catalog.reservations', 'r', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits, people_ids, people_ranks;
  end if;

  level := app.search_view_level(p_org_name, 'catalog');
  if level is not null then
    return query execute format(by_text, 'product', 'catalog', 'catalog.products', $e$app.search_norm(x.name || ' ' || x.sku)$e$,
                                app.search_read_rule('catalog.products', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
    return query execute format(by_text, 'supply', 'catalog', 'catalog.supplies', $e$app.search_norm(x.name || ' ' || coalesce(x.vendor, ''))$e$,
                                app.search_read_rule('catalog.supplies', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;

  level := app.search_view_level(p_org_name, 'operations');
  if level is not null then
    return query execute format(by_text, 'project', 'operations', 'ops.projects', 'app.search_norm(x.name)',
                                app.search_read_rule('ops.projects', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
    return query execute format(by_text, 'task', 'operations', 'ops.tasks', 'app.search_norm(x.title)',
                                app.search_read_rule('ops.tasks', 'x', level, mine))
      using p_org_name, q, n, by_email, q_like, by_phone, q_digits;
  end if;
end;
$$;
