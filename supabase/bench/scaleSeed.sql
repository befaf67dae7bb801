-- Bench data at scale (supabase/bench/scaleBench.mjs): people, their phones and e-mails, businesses
-- and households, written in bulk by generate_series. Run as the database owner after the seed; row
-- triggers are off for the bulk writes (session_replication_role = replica), so this file sets what
-- they would: short ids, audit fields, each parent's shown phone and e-mail, and the words global
-- search corrects typos against.
--
-- psql variables: org (organisation), contacts, businesses, households, creator (profile id).

begin;
set local session_replication_role = replica;

create temp table if not exists bench_first (i int primary key, n text);
create temp table if not exists bench_last (i int primary key, n text);
truncate bench_first, bench_last;
insert into bench_first select ordinality - 1, n from unnest(array[
  'James','Mary','John','Patricia','Robert','Jennifer','Michael','Linda','William','Elizabeth','David','Barbara',
  'Richard','Susan','Joseph','Jessica','Thomas','Sarah','Charles','Karen','Christopher','Nancy','Daniel','Lisa',
  'Matthew','Betty','Anthony','Margaret','Mark','Sandra','Donald','Ashley','Steven','Kimberly','Paul','Emily',
  'Andrew','Donna','Joshua','Michelle','Kenneth','Dorothy','Kevin','Carol','Brian','Amanda','George','Melissa',
  'Edward','Deborah','Ronald','Stephanie','Timothy','Rebecca','Jason','Sharon','Jeffrey','Laura','Ryan','Cynthia',
  'Jacob','Kathleen','Gary','Amy','Nicholas','Shirley','Eric','Angela','Jonathan','Helen','Stephen','Anna',
  'Larry','Brenda','Justin','Pamela','Scott','Nicole','Brandon','Emma','Benjamin','Samantha','Samuel','Katherine',
  'Gregory','Christine','Frank','Debra','Alexander','Rachel','Raymond','Catherine','Patrick','Carolyn','Jack','Janet',
  'José','Renée','Zoë','Chloé','Noël','Inés','André','Élodie','Søren','Björn','Ángel','Françoise'
]) with ordinality as t(n, ordinality);
insert into bench_last select ordinality - 1, n from unnest(array[
  'Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez',
  'Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson','White',
  'Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright','Scott',
  'Torres','Nguyen','Hill','Flores','Green','Adams','Nelson','Baker','Hall','Rivera','Campbell','Mitchell',
  'Carter','Roberts','Gomez','Phillips','Evans','Turner','Diaz','Parker','Cruz','Edwards','Collins','Reyes',
  'Stewart','Morris','Morales','Murphy','Cook','Rogers','Gutierrez','Ortiz','Morgan','Cooper','Peterson','Bailey',
  'Reed','Kelly','Howard','Ramos','Kim','Cox','Ward','Richardson','Watson','Brooks','Chavez','Wood',
  'James','Bennett','Gray','Mendoza','Ruiz','Hughes','Price','Alvarez','Castillo','Sanders','Patel','Myers',
  'Long','Ross','Foster','Jiménez','Müller','Brontë','Ødegaard','Núñez','Søndergaard','Peña','Côté','Lefèvre'
]) with ordinality as t(n, ordinality);

-- People: names from the pools above (108 × 108 combinations, a few dozen of each at a million).
create temp table bench_people on commit drop as
select gen_random_uuid() as id, g as i,
       f.n as first_name, l.n as last_name
from generate_series(1, :contacts) as g
join bench_first f on f.i = (g::bigint * 7919) % 108
join bench_last l on l.i = (g::bigint * 104729 / 108) % 108;

insert into crm.contacts (id, short_id, name, first_name, last_name, status, type_id, org_name, created_by, last_modified_by, created_at, last_modified_at)
select id, app.short_id_for(id), first_name || ' ' || last_name, first_name, last_name, 'Active',
       '00000000-0000-4000-8011-000000000001'::uuid, :'org', :'creator'::uuid, :'creator'::uuid,
       now() - (i % 1000) * interval '1 hour', now()
from bench_people;

-- Three methods each: a mobile, a work phone (digits unique per person) and an e-mail; the kind is
-- the one their type gives (one primary phone and one primary e-mail each).
create temp table bench_methods on commit drop as
select gen_random_uuid() as id, p.id as contact_id, m.k,
       case m.k
         when 1 then format('(%s) %s-%s', 201 + (p.i % 797), 200 + (p.i / 797) % 800, lpad((p.i % 10000)::text, 4, '0'))
         when 2 then format('+1 %s.%s.%s', 301 + (p.i % 697), 100 + (p.i / 697) % 900, lpad(((p.i * 7) % 10000)::text, 4, '0'))
         else lower(translate(p.first_name || '.' || p.last_name, 'éèëêóöøüúñíáàôç', 'eeeeoooouuniaaoc')) || p.i || '@' ||
              (array['example.com','mail.example','post.example','inbox.example'])[1 + p.i % 4]
       end as value
from bench_people p cross join (values (1), (2), (3)) as m(k);

insert into crm.contact_methods (id, value, label, contact_id, type_id, kind, is_primary, status, org_name, created_by, last_modified_by)
select id, value, case k when 1 then 'Mobile' when 2 then 'Work Phone' else 'Email' end, contact_id,
       case k when 1 then '00000000-0000-4000-8012-000000000002'::uuid
              when 2 then '00000000-0000-4000-8012-000000000003'::uuid
              else '00000000-0000-4000-8012-000000000004'::uuid end,
       case k when 3 then 'email' else 'phone' end, k <> 2, 'Active', :'org', :'creator'::uuid, :'creator'::uuid
from bench_methods;

insert into app.shown_contact_methods (parent_id, phone_id, email_id)
select contact_id, max(id::text) filter (where k = 1)::uuid, max(id::text) filter (where k = 3)::uuid
from bench_methods group by contact_id
on conflict (parent_id) do nothing;

insert into crm.businesses (id, short_id, name, status, org_name, created_by, last_modified_by)
select id, app.short_id_for(id), name, 'Active', :'org', :'creator'::uuid, :'creator'::uuid
from (select gen_random_uuid() as id,
             l.n || ' ' || (array['Outfitters','Bakery','Supply Co.','Builders','Farms','Consulting','Partners','Foods','Studio','Motors'])[1 + g % 10] || ' ' || g as name
      from generate_series(1, :businesses) as g
      join bench_last l on l.i = (g * 31) % 108) b;

insert into crm.households (id, short_id, name, status, org_name, created_by, last_modified_by)
select id, app.short_id_for(id), name, 'Active', :'org', :'creator'::uuid, :'creator'::uuid
from (select gen_random_uuid() as id, 'The ' || l.n || ' Family ' || g as name
      from generate_series(1, :households) as g
      join bench_last l on l.i = (g * 37) % 108) h;

-- The words global search corrects a typo against (app.search_words), as its triggers would learn them.
insert into app.search_words (org_name, variant, word)
select :'org', v.variant, w.word
from (select distinct w.word
      from (select n from bench_first union all select n from bench_last
            union all select unnest(array['The Family','Outfitters','Bakery','Supply Co.','Builders','Farms','Consulting','Partners','Foods','Studio','Motors'])) as s(n)
      cross join lateral app.search_text_words(s.n) as w(word)) w
cross join lateral unnest(app.search_variants(w.word)) as v(variant)
on conflict do nothing;

commit;
