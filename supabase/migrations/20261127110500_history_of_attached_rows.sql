-- A CRM record's history includes what is attached to it.
--
-- A person who changes a business's phone, moves a contact's address, adds a note or a file, or sets
-- a spouse thinks of it as a change to the business or the contact, and looks for it in that record's
-- History. Those rows live in their own tables (contact methods, other contact methods, addresses,
-- notes, files, relationships), each with its own history; a record's page of history now reads its
-- own entries and those of every row attached to it, newest first. The entries keep their own
-- table_name and record_id, so the page tells "changed Status" on the record from "changed the
-- contact method Phone" attached to it.
--
-- The attached rows are read as the caller (row-level security applies, as to the history itself);
-- a row deleted for good is no longer attached to anything, so its last entries stay in its own history.

create or replace function app.attached_record_ids(p_record_id uuid) returns uuid[]
  language sql stable
  set search_path = ''
as $$
  select array(
    select id from crm.contact_methods
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.other_contact_methods
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.addresses
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.notes
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id
    union all
    select id from crm.crm_files
     where business_id = p_record_id or contact_id = p_record_id or household_id = p_record_id or user_id = p_record_id
    union all
    select id from crm.relationships
     where p_record_id in (business_id1, business_id2, contact_id1, contact_id2, household_id1, household_id2)
  )
$$;
comment on function app.attached_record_ids(uuid) is
  'ids of the contact methods, addresses, notes, files and relationships attached to a CRM record (as the caller sees them)';
grant execute on function app.attached_record_ids(uuid) to authenticated;

create or replace function public.record_history_page(p_record_id uuid, p_before bigint default null, p_limit integer default 50)
returns table (
  id bigint, created_at timestamptz, action text, via text, batch_id uuid, actor_id uuid, actor_name text,
  table_name text, record_id uuid, record_label text, changes jsonb, labels jsonb
)
  language sql stable
  set search_path = ''
as $$
  select h.id, h.created_at, h.action, h.via, h.batch_id, h.actor_id, h.actor_name, h.table_name, h.record_id, h.record_label, h.changes,
         (select jsonb_object_agg(c.key, jsonb_build_array(
                   app.history_reference_label(h.table_name::regclass, c.key, c.value ->> 0),
                   app.history_reference_label(h.table_name::regclass, c.key, c.value ->> 1)))
            from jsonb_each(case when h.action in ('update', 'archive', 'restore') then h.changes else '{}' end) c
           where c.key like '%\_id' and jsonb_typeof(c.value) = 'array') as labels
  from public.record_history h
  where h.record_id = any (p_record_id || app.attached_record_ids(p_record_id))
    and (p_before is null or h.id < p_before)
  order by h.id desc
  limit least(greatest(coalesce(p_limit, 50), 1), 200)
$$;
grant execute on function public.record_history_page(uuid, bigint, integer) to authenticated;
