-- An index on every foreign key whose parent rows members delete.
--
-- Why: deleting a row makes Postgres find the rows that reference it (to cascade, set null or refuse),
-- and without an index on the referencing column that is a sequential scan of the whole referencing
-- table, across every organisation. Measured on a stack holding 80,000 contacts, 300,000 stays and
-- 52,000 transactions: deleting one contact took 143 ms, thirteen referencing tables scanned in full
-- (reservations, transactions, orders, households twice, contacts for spouses, ...); an organisation
-- leaving, or an import rolled back, multiplies that by every row.
--
-- Left out on purpose: the references to user profiles (created_by, last_modified_by, owners,
-- assignees, invited_by: some 120 columns across the model). A profile is deleted rarely, its
-- set-null then scans each table once, and 120 more indexes would tax every write. And
-- settings.components, a fixed catalogue that is never deleted. supabase/tests/model/foreignKeyIndexes
-- keeps this true for references added later.
do $$
declare
  v_fk record;
begin
  for v_fk in
    select c.conrelid, a.attname,
           left(format('%s_%s_fk_idx', cl.relname, a.attname), 63) as index_name
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f'
      and c.confrelid not in ('public.user_profiles'::regclass, 'settings.components'::regclass)
      and c.connamespace::regnamespace::text in ('public', 'crm', 'catalog', 'ops', 'hr', 'settings', 'app')
      -- The referencing column first (for a two-column reference such as role and organisation, its
      -- first column), in an index that covers every row (a partial index cannot serve the lookup).
      and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1] and i.indpred is null)
    order by c.conrelid::regclass::text, a.attname
  loop
    execute format('create index %I on %s (%I)', v_fk.index_name, v_fk.conrelid::regclass, v_fk.attname);
  end loop;
end;
$$;

-- The two references to user profiles that delete with the profile (cascade / set null of a staff
-- record) rather than only clearing an audit column.
create index other_contact_methods_user_id_fk_idx on crm.other_contact_methods (user_id);
create index staff_profiles_user_profile_id_fk_idx on hr.staff_profiles (user_profile_id);
