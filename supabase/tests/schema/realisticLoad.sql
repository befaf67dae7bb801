-- A realistic load on top of the seed, written through the product's own paths as the demo owner
-- (row triggers on: stamps, shown methods, search words, history): 10,000 contacts imported with a
-- phone, an e-mail and an address each, edits that leave history, files on records and past stays.
select set_config('request.jwt.claims', json_build_object('sub', id, 'role', 'authenticated', 'email', email)::text, false)
from auth.users where email = 'demo@steward.dev';
set role authenticated;

-- Through the import path the Import screen uses: a job, its staged rows, one call that moves them.
do $$
declare
  v_job uuid;
begin
  insert into crm.import_jobs (org_name, kind) values ('Cedar Grove Outfitters', 'contact') returning id into v_job;
  insert into crm.import_rows (job_id, line, name, first_name, last_name, phone, email, address_line_1, city, state, zip)
  select v_job, g + 1, 'Guest' || g || ' ' || (array['Smith','García','Nguyen','Müller','Okafor'])[1 + g % 5], 'Guest' || g,
         (array['Smith','García','Nguyen','Müller','Okafor'])[1 + g % 5],
         format('(%s) 555-%s', 200 + g % 700, lpad((g % 10000)::text, 4, '0')), format('guest%s@example.org', g),
         case when g % 2 = 0 then g || ' Lake Road' end, case when g % 2 = 0 then 'Cedar Grove' end,
         case when g % 2 = 0 then 'VT' end, case when g % 2 = 0 then '05001' end
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

-- A currency chosen in Lodging Settings while Org Data had none (releases that kept one there): the
-- upgrade makes it the organisation's. Skipped once the previous release keeps the currency in Org Data only.
do $$
begin
  if exists (select 1 from information_schema.columns where table_schema = 'catalog' and table_name = 'lodging_settings' and column_name = 'currency') then
    execute $sql$update catalog.lodging_settings set currency = 'CAD' where org_name = 'Cedar Grove Outfitters'$sql$;
  end if;
end $$;

reset role;
select set_config('request.jwt.claims', '', false);

-- Files stored as the Files tab of the release stored them: 20 PDFs in organization-assets, each row
-- with its object's name and public URL (objects written directly: their bodies play no part here).
insert into storage.objects (bucket_id, name, owner_id, metadata, version)
select 'organization-assets', 'CedarGroveOutfitters-' || (1700000000000 + g) || '_passport-' || g || '.pdf', u.id::text,
       jsonb_build_object('size', 1024, 'mimetype', 'application/pdf'), gen_random_uuid()::text
from generate_series(1, 20) as g, auth.users u where u.email = 'demo@steward.dev';
insert into crm.crm_files (org_name, name, storage_path, url, content_type, size_bytes, contact_id, created_by, last_modified_by)
select 'Cedar Grove Outfitters', 'passport-' || g || '.pdf', 'CedarGroveOutfitters-' || (1700000000000 + g) || '_passport-' || g || '.pdf',
       'http://127.0.0.1:54321/storage/v1/object/public/organization-assets/CedarGroveOutfitters-' || (1700000000000 + g) || '_passport-' || g || '.pdf',
       'application/pdf', 1024, c.id, c.created_by, c.created_by
from generate_series(1, 20) as g
join crm.contacts c on c.org_name = 'Cedar Grove Outfitters' and c.first_name = 'Guest' || (g + 1000);
