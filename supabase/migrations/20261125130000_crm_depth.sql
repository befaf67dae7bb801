-- CRM depth: contact methods and addresses edited after creation (one primary of each kind per
-- record, held by the database), spouses shown on both sides, a record's relationships in one read,
-- files stored beside a record, and transactions linked to a contact, business or household.

---------------------------------------------------------------------------------------------------
-- Contact methods: each row carries its kind (phone, email, other), taken from its type
---------------------------------------------------------------------------------------------------

-- The kind is stored on the method (not only on its type) so that a partial unique index can say
-- "one primary phone per contact". It always equals the type's kind: set here on every write of
-- type_id, and refreshed below when a type's kind changes.
alter table crm.contact_methods add column kind text not null default 'other'
  constraint contact_methods_kind_check check (kind in ('phone', 'email', 'other'));
comment on column crm.contact_methods.kind is 'phone, email or other: the kind of its type (crm.contact_method_types.kind), kept by a trigger';

-- The messages the screens show before sending, said once more by the database.
create function app.contact_method_value_problem(p_kind text, p_value text) returns text
  language sql immutable parallel safe
  set search_path = ''
as $$
  select case
    when p_kind = 'email' and btrim(p_value) !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'
      then 'Enter an e-mail address like name@example.com.'
    when p_kind = 'phone' and (btrim(p_value) !~ '^\+?[0-9 ().\-/]+((x|ext\.?) ?[0-9]{1,6})?$'
                               or length(regexp_replace(split_part(p_value, 'x', 1), '[^0-9]', '', 'g')) not between 4 and 15)
      then 'Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.'
  end
$$;

create function app.contact_method_prepare() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_problem text;
begin
  if tg_op = 'INSERT' or new.type_id is distinct from old.type_id then
    new.kind := coalesce((select t.kind from crm.contact_method_types t where t.id = new.type_id), 'other');
  end if;
  if tg_op = 'INSERT' or new.value is distinct from old.value or new.kind is distinct from old.kind then
    v_problem := app.contact_method_value_problem(new.kind, new.value);
    if v_problem is not null then
      raise exception using errcode = '23514', message = v_problem,
        detail = format('"%s" is not a valid %s.', new.value, case new.kind when 'email' then 'e-mail address' else 'phone number' end);
    end if;
  end if;
  return new;
end;
$$;

create trigger steward_06_kind before insert or update on crm.contact_methods
  for each row execute function app.contact_method_prepare();

update crm.contact_methods cm set kind = t.kind from crm.contact_method_types t where t.id = cm.type_id and cm.kind <> t.kind;

create function app.contact_method_type_kind_changed() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update crm.contact_methods cm set kind = n.kind
    from new_rows n join old_rows o on o.id = n.id
   where cm.type_id = n.id and n.kind is distinct from o.kind;
  return null;
end;
$$;

create trigger steward_80_method_kind after update on crm.contact_method_types
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.contact_method_type_kind_changed();

---------------------------------------------------------------------------------------------------
-- One primary phone, one primary e-mail, one primary address per record
---------------------------------------------------------------------------------------------------

-- Making a method or address primary (or bringing an archived primary back) demotes the record's
-- other primary of that kind in the same statement, before the row is written: the partial unique
-- indexes below then always hold, and a client never has to clear the old primary first.
create function app.demote_other_primaries() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if new.is_primary and not new.archive then
    if tg_table_name = 'contact_methods' then
      update crm.contact_methods cm set is_primary = false
       where cm.is_primary and not cm.archive and cm.id <> new.id and cm.kind = new.kind
         and (cm.contact_id = new.contact_id or cm.business_id = new.business_id
              or cm.household_id = new.household_id or cm.user_id = new.user_id);
    else
      update crm.addresses a set is_primary = false
       where a.is_primary and not a.archive and a.id <> new.id
         and (a.contact_id = new.contact_id or a.business_id = new.business_id
              or a.household_id = new.household_id or a.user_id = new.user_id);
    end if;
  end if;
  return new;
end;
$$;

revoke all on function app.demote_other_primaries() from public, anon, authenticated;
revoke all on function app.contact_method_prepare() from public, anon, authenticated;
revoke all on function app.contact_method_type_kind_changed() from public, anon, authenticated;

create trigger steward_07_one_primary before insert or update of is_primary, archive, kind, type_id, contact_id, business_id, household_id, user_id
  on crm.contact_methods for each row execute function app.demote_other_primaries();
create trigger steward_07_one_primary before insert or update of is_primary, archive, contact_id, business_id, household_id, user_id
  on crm.addresses for each row execute function app.demote_other_primaries();

-- Rows written before this rule: the newest primary of each kind stays primary.
update crm.contact_methods cm set is_primary = false
 where cm.is_primary and not cm.archive
   and exists (select 1 from crm.contact_methods o
                where o.is_primary and not o.archive and o.kind = cm.kind and o.id <> cm.id
                  and (o.contact_id = cm.contact_id or o.business_id = cm.business_id
                       or o.household_id = cm.household_id or o.user_id = cm.user_id)
                  and (o.created_at, o.id) > (cm.created_at, cm.id));
update crm.addresses a set is_primary = false
 where a.is_primary and not a.archive
   and exists (select 1 from crm.addresses o
                where o.is_primary and not o.archive and o.id <> a.id
                  and (o.contact_id = a.contact_id or o.business_id = a.business_id
                       or o.household_id = a.household_id or o.user_id = a.user_id)
                  and (o.created_at, o.id) > (a.created_at, a.id));

create unique index contact_methods_one_primary_contact on crm.contact_methods (contact_id, kind) where is_primary and not archive and contact_id is not null;
create unique index contact_methods_one_primary_business on crm.contact_methods (business_id, kind) where is_primary and not archive and business_id is not null;
create unique index contact_methods_one_primary_household on crm.contact_methods (household_id, kind) where is_primary and not archive and household_id is not null;
create unique index contact_methods_one_primary_user on crm.contact_methods (user_id, kind) where is_primary and not archive and user_id is not null;
create unique index addresses_one_primary_contact on crm.addresses (contact_id) where is_primary and not archive and contact_id is not null;
create unique index addresses_one_primary_business on crm.addresses (business_id) where is_primary and not archive and business_id is not null;
create unique index addresses_one_primary_household on crm.addresses (household_id) where is_primary and not archive and household_id is not null;
create unique index addresses_one_primary_user on crm.addresses (user_id) where is_primary and not archive and user_id is not null;

---------------------------------------------------------------------------------------------------
-- Spouses: set on one side, shown on both
---------------------------------------------------------------------------------------------------

-- A contact's spouse points back at it. Setting B as A's spouse makes A B's spouse, and whoever was
-- married to A or B before is no longer; clearing A's spouse clears B's. The guard on spouse_id keeps
-- both inside the organisation.
create function app.mirror_spouse() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.spouse_id is not distinct from old.spouse_id then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.spouse_id is not null then
    update crm.contacts set spouse_id = null where id = old.spouse_id and spouse_id = new.id;
  end if;
  if new.spouse_id is not null then
    update crm.contacts set spouse_id = null where spouse_id = new.spouse_id and id <> new.id;
    update crm.contacts set spouse_id = new.id where id = new.spouse_id and spouse_id is distinct from new.id;
  end if;
  return null;
end;
$$;

revoke all on function app.mirror_spouse() from public, anon, authenticated;

create trigger steward_85_mirror_spouse after insert or update of spouse_id on crm.contacts
  for each row execute function app.mirror_spouse();

---------------------------------------------------------------------------------------------------
-- A record's relationships, from both ends, in one read
---------------------------------------------------------------------------------------------------

-- Rows of crm.relationships that name the record at either end, the spouse, and a household's primary
-- and secondary contact (households.primary_contact_id / secondary_contact_id), each with the record at
-- the other end. `source` says how to remove it: 'relationship' (delete the row, source_id),
-- 'spouse' (clear contacts.spouse_id), 'household_primary' / 'household_secondary' (clear the column of
-- household source_id). security invoker: the caller's row-level security decides what is read.
create function crm.record_relationships(p_record uuid)
returns table (source text, source_id uuid, title text, notes text, other_kind text, other_id uuid, other_name text, other_short_id text, created_at timestamptz)
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  with mine as (
    select r.* from crm.relationships r
     where not r.archive
       and p_record in (r.business_id1, r.business_id2, r.contact_id1, r.contact_id2, r.household_id1, r.household_id2)
  ), ends as (
    select m.id, m.title, m.notes, m.created_at, e.kind, e.ref
      from mine m
     cross join lateral (values ('business', m.business_id1), ('business', m.business_id2),
                                ('contact', m.contact_id1), ('contact', m.contact_id2),
                                ('household', m.household_id1), ('household', m.household_id2)) e(kind, ref)
     where e.ref is not null and e.ref <> p_record
  )
  select 'relationship', e.id, e.title, e.notes, e.kind, e.ref,
         coalesce(b.name, c.name, h.name), coalesce(b.short_id, c.short_id, h.short_id), e.created_at
    from ends e
    left join crm.businesses b on e.kind = 'business' and b.id = e.ref
    left join crm.contacts c on e.kind = 'contact' and c.id = e.ref
    left join crm.households h on e.kind = 'household' and h.id = e.ref
  union all
  select 'spouse', me.id, 'Spouse', null, 'contact', sp.id, sp.name, sp.short_id, me.last_modified_at
    from crm.contacts me join crm.contacts sp on sp.id = me.spouse_id
   where me.id = p_record
  union all
  select 'household_' || m.role, h.id, case m.role when 'primary' then 'Primary contact' else 'Secondary contact' end, null,
         'contact', c.id, c.name, c.short_id, h.last_modified_at
    from crm.households h
   cross join lateral (values ('primary', h.primary_contact_id), ('secondary', h.secondary_contact_id)) m(role, contact_id)
    join crm.contacts c on c.id = m.contact_id
   where h.id = p_record
  union all
  select 'household_' || m.role, h.id, case m.role when 'primary' then 'Household (primary contact)' else 'Household (secondary contact)' end, null,
         'household', h.id, h.name, h.short_id, h.last_modified_at
    from crm.households h
   cross join lateral (values ('primary', h.primary_contact_id), ('secondary', h.secondary_contact_id)) m(role, contact_id)
   where m.contact_id = p_record and not h.archive
$$;

revoke all on function crm.record_relationships(uuid) from public, anon;
grant execute on function crm.record_relationships(uuid) to authenticated, service_role;

---------------------------------------------------------------------------------------------------
-- Files beside a record
---------------------------------------------------------------------------------------------------

-- Where the object lives in organization-assets, and what it is, for the Files tab's list and
-- download. The object is stored first; a row that fails to insert has its object removed again.
alter table crm.crm_files
  add column storage_path text,
  add column content_type text,
  add column size_bytes bigint constraint crm_files_size_positive check (size_bytes is null or size_bytes >= 0),
  add column user_id uuid references public.user_profiles (id) on delete cascade;
create index crm_files_user_id_fk_idx on crm.crm_files (user_id);

-- A CRM file may be a PDF as well as an image (letters, statements, signed forms).
update storage.buckets
   set allowed_mime_types = array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'application/pdf']
 where id = 'organization-assets';

---------------------------------------------------------------------------------------------------
-- Transactions of a contact, business or household
---------------------------------------------------------------------------------------------------

alter table public.transactions add column household_id uuid references crm.households (id) on delete set null;
create index transactions_household_id_fk_idx on public.transactions (household_id);
-- A record's Financial tab reads its transactions newest first.
create index transactions_contact_date_idx on public.transactions (contact_id, date desc) where contact_id is not null;
create index transactions_business_date_idx on public.transactions (business_id, date desc) where business_id is not null;
create index transactions_household_date_idx on public.transactions (household_id, date desc) where household_id is not null;

-- A record's transactions, newest first: a contact's or business's own; a household's own and its
-- members' (its primary and secondary contacts, and contacts related to it in crm.relationships).
create function public.record_transactions(p_record uuid)
returns setof public.transactions
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  -- One scan: the four conditions combine the indexes on contact_id, business_id and household_id
  -- (a BitmapOr), and the members are found once, before it.
  select t.* from public.transactions t
   where not t.archive
     and (t.contact_id = p_record or t.business_id = p_record or t.household_id = p_record
          or t.contact_id = any (array(
               select h.primary_contact_id from crm.households h where h.id = p_record and h.primary_contact_id is not null
               union select h.secondary_contact_id from crm.households h where h.id = p_record and h.secondary_contact_id is not null
               union select coalesce(r.contact_id1, r.contact_id2) from crm.relationships r
                      where not r.archive and p_record in (r.household_id1, r.household_id2) and coalesce(r.contact_id1, r.contact_id2) is not null)))
   order by t.date desc, t.created_at desc
$$;

revoke all on function public.record_transactions(uuid) from public, anon;
grant execute on function public.record_transactions(uuid) to authenticated, service_role;

-- The new references stay inside the organisation (see the org_reference_guards migration).
select app.install_org_reference_guards();

notify pgrst, 'reload schema';
