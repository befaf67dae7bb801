-- A realistic load on top of the seed, written through the product's own paths as the demo owner
-- (row triggers on: stamps, shown methods, search words, history): 10,000 contacts imported with a
-- phone, an e-mail and an address each (a third with the organisation's own fields, some sensitive),
-- edits that leave history, files on records and past stays. It is written for the previous
-- release's schema: when a release is cut, it is brought to that release's.
select set_config('request.jwt.claims', json_build_object('sub', id, 'role', 'authenticated', 'email', email)::text, false)
from auth.users where email = 'demo@steward.dev';
set role authenticated;

-- Through the import path the Import screen uses: a job, its staged rows, one call that moves them.
do $$
declare
  v_job uuid;
begin
  insert into crm.import_jobs (org_name, kind) values ('Cedar Grove Outfitters', 'contact') returning id into v_job;
  insert into crm.import_rows (job_id, line, name, first_name, last_name, phone, email, address_line_1, city, state, zip, custom)
  select v_job, g + 1, 'Guest' || g || ' ' || (array['Smith','García','Nguyen','Müller','Okafor'])[1 + g % 5], 'Guest' || g,
         (array['Smith','García','Nguyen','Müller','Okafor'])[1 + g % 5],
         format('(%s) 555-%s', 200 + g % 700, lpad((g % 10000)::text, 4, '0')), format('guest%s@example.org', g),
         case when g % 2 = 0 then g || ' Lake Road' end, case when g % 2 = 0 then 'Cedar Grove' end,
         case when g % 2 = 0 then 'VT' end, case when g % 2 = 0 then '05001' end,
         -- The seed's fields of Cedar Grove, by their labels as a CSV heads them ("Medical notes" is sensitive).
         case when g % 3 = 0 then jsonb_build_object('Paddling level', (array['Beginner','Intermediate','Advanced'])[1 + g / 3 % 3],
                                                     'Waiver expires', format('2027-%s-%s', lpad((1 + g % 12)::text, 2, '0'), lpad((1 + g % 28)::text, 2, '0')))
                                  || case when g % 50 = 0 then jsonb_build_object('Medical notes', 'Allergic to bee stings') else '{}' end end
  from generate_series(1, 10000) as g;
  perform crm.import_job(v_job);
end $$;

-- Edits: every tenth imported contact changes status and notes (one history entry each).
update crm.contacts set status = 'Inactive - Other', description = 'Moved away'
where org_name = 'Cedar Grove Outfitters' and first_name like 'Guest%' and (substr(first_name, 6))::int % 10 = 0;

-- Files on 500 contacts.
insert into crm.crm_files (org_name, name, description, url, contact_id)
select 'Cedar Grove Outfitters', 'Waiver ' || c.first_name, 'Signed waiver', 'https://files.example.org/waiver-' || c.id || '.pdf', c.id
from crm.contacts c
where c.org_name = 'Cedar Grove Outfitters' and c.first_name like 'Guest%' and (substr(c.first_name, 6))::int <= 500;

-- Past stays: one night each, a day apart, in every accommodation of the organisation.
insert into catalog.reservations (org_name, name, accommodation_id, contact_id, check_in, check_out, adults, status)
select 'Cedar Grove Outfitters', 'Past stay ' || a.rn || '-' || d, a.id,
       (select c.id from crm.contacts c where c.org_name = 'Cedar Grove Outfitters' and c.first_name = 'Guest' || (a.rn * 100 + d)),
       timestamptz '2024-01-01 16:00+00' + make_interval(days => d * 2), timestamptz '2024-01-02 11:00+00' + make_interval(days => d * 2),
       2, 'Checked Out'
from (select id, row_number() over (order by name) as rn from catalog.accommodations where org_name = 'Cedar Grove Outfitters') a,
     generate_series(1, 40) as d;

reset role;
select set_config('request.jwt.claims', '', false);

-- Files stored as the Files tab stores them: 20 PDFs in the private record-files bucket, each named by
-- its organisation's id and its row's (objects written directly: their bodies play no part here).
with file as (
  select gen_random_uuid() as id, g, c.id as contact_id, c.created_by, o.id as org_id
  from generate_series(1, 20) as g
  join crm.contacts c on c.org_name = 'Cedar Grove Outfitters' and c.first_name = 'Guest' || (g + 1000)
  join public.organizations o on o.name = 'Cedar Grove Outfitters'
), stored as (
  insert into crm.crm_files (id, org_name, name, storage_path, content_type, size_bytes, contact_id, created_by, last_modified_by)
  select f.id, 'Cedar Grove Outfitters', 'passport-' || f.g || '.pdf', f.org_id || '/' || f.id, 'application/pdf', 1024, f.contact_id, f.created_by, f.created_by
  from file f
  returning storage_path
)
insert into storage.objects (bucket_id, name, owner_id, metadata, version)
select 'record-files', s.storage_path, u.id::text, jsonb_build_object('size', 1024, 'mimetype', 'application/pdf'), gen_random_uuid()::text
from stored s, auth.users u where u.email = 'demo@steward.dev';
