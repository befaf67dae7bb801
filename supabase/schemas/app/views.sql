-- app: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view app.org_references as
 SELECT con.oid AS constraint_oid,
    con.conname::text AS constraint_name,
    con.conrelid::regclass AS table_name,
    con.confrelid::regclass AS ref_table,
    con.condeferrable AS "deferrable",
    ((
        CASE
            WHEN con.condeferrable THEN 'org_ref_guard_'::text
            ELSE 'steward_30_ref_'::text
        END || con.conname::text))::character varying(63)::text AS trigger_name,
    ( SELECT string_agg(a.attname::text, ','::text ORDER BY k.i) AS string_agg
           FROM unnest(con.conkey) WITH ORDINALITY k(attnum, i)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns,
    ( SELECT string_agg(a.attname::text, ','::text ORDER BY k.i) AS string_agg
           FROM unnest(con.confkey) WITH ORDINALITY k(attnum, i)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS ref_columns,
    ( SELECT string_agg(format_type(a.atttypid, a.atttypmod), ','::text ORDER BY k.i) AS string_agg
           FROM unnest(con.confkey) WITH ORDINALITY k(attnum, i)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS ref_types,
    ( SELECT c2.relname::text AS relname
           FROM pg_class c2
          WHERE c2.oid = con.confrelid) AS ref_relname
   FROM pg_constraint con
     JOIN pg_class c ON c.oid = con.conrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE con.contype = 'f'::"char" AND (n.nspname <> ALL (ARRAY['pg_catalog'::name, 'information_schema'::name, 'auth'::name, 'storage'::name])) AND con.conparentid = 0::oid AND (EXISTS ( SELECT 1
           FROM pg_attribute a
          WHERE a.attrelid = con.conrelid AND a.attname = 'org_name'::name AND NOT a.attisdropped)) AND (EXISTS ( SELECT 1
           FROM pg_attribute a
          WHERE a.attrelid = con.confrelid AND a.attname = 'org_name'::name AND NOT a.attisdropped)) AND NOT (EXISTS ( SELECT 1
           FROM unnest(con.conkey) k(attnum)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
          WHERE a.attname = 'org_name'::name));
revoke all on table app.org_references from public, anon, authenticated, service_role;

create view app.unguarded_org_references as
 SELECT table_name::text AS table_name,
    constraint_name,
    columns,
    ref_table::text AS ref_table
   FROM app.org_references o
  WHERE NOT (EXISTS ( SELECT 1
           FROM pg_trigger t
          WHERE t.tgrelid = o.table_name::oid AND t.tgname = o.trigger_name));
revoke all on table app.unguarded_org_references from public, anon, authenticated, service_role;
