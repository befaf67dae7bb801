-- crm: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view crm.businesses_view with (security_invoker=true) as
 SELECT b.id,
    b.short_id,
    b.name,
    b.dba_name,
    b.description,
    b.image_link,
    b.status,
    b.type_id,
    bt.name AS type_name,
    b.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    b.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    b.org_name,
    b.archive,
    b.created_at,
    b.created_by,
    cb.name AS created_by_name,
    b.last_modified_at,
    b.last_modified_by,
    mb.name AS last_modified_by_name,
    CASE WHEN cv.custom IS NULL THEN b.custom ELSE b.custom || cv.custom END AS custom
   FROM crm.businesses b
     LEFT JOIN crm.business_types bt ON bt.id = b.type_id
     LEFT JOIN public.user_profiles po ON po.id = b.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = b.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = b.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = b.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = b.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'business'::text AND cv.record_id = b.id;
revoke all on table crm.businesses_view from public, anon, authenticated, service_role;
grant select on table crm.businesses_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.businesses_view to service_role;

create view crm.contact_methods_view with (security_invoker=true) as
 SELECT cm.id,
    cm.org_name,
    cm.business_id,
    cm.contact_id,
    cm.household_id,
    cm.user_id,
    cm.type_id,
    t.name AS type_name,
    t.category,
    app.contact_method_kind(t.category, t.name) AS kind,
    cm.label,
    cm.value,
    cm.is_primary,
    cm.status,
    cm.status_notes,
    cm.archive,
    cm.created_at,
    cm.created_by,
    cm.last_modified_at,
    cm.last_modified_by
   FROM crm.contact_methods cm
     LEFT JOIN crm.contact_method_types t ON t.id = cm.type_id;
revoke all on table crm.contact_methods_view from public, anon, authenticated, service_role;
grant select on table crm.contact_methods_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods_view to service_role;

create view crm.contact_methods_email with (security_invoker=true) as
 SELECT id,
    org_name,
    business_id,
    contact_id,
    household_id,
    user_id,
    type_id,
    type_name,
    category,
    kind,
    label,
    value,
    is_primary,
    status,
    status_notes,
    archive,
    created_at,
    created_by,
    last_modified_at,
    last_modified_by
   FROM crm.contact_methods_view
  WHERE kind = 'email'::text;
revoke all on table crm.contact_methods_email from public, anon, authenticated, service_role;
grant select on table crm.contact_methods_email to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods_email to service_role;

create view crm.other_contact_methods_view with (security_invoker=true) as
 SELECT o.id,
    o.org_name,
    o.business_id,
    o.contact_id,
    o.household_id,
    o.user_id,
    o.type_id,
    t.name AS type_name,
    t.category,
    'other'::text AS kind,
    o.label,
    o.value,
    o.is_primary,
    o.status,
    o.status_notes,
    o.archive,
    o.created_at,
    o.created_by,
    o.last_modified_at,
    o.last_modified_by
   FROM crm.other_contact_methods o
     LEFT JOIN crm.contact_method_types t ON t.id = o.type_id;
revoke all on table crm.other_contact_methods_view from public, anon, authenticated, service_role;
grant select on table crm.other_contact_methods_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.other_contact_methods_view to service_role;

create view crm.contact_methods_other with (security_invoker=true) as
 SELECT v.id,
    v.org_name,
    v.business_id,
    v.contact_id,
    v.household_id,
    v.user_id,
    v.type_id,
    v.type_name,
    v.category,
    v.kind,
    v.label,
    v.value,
    v.is_primary,
    v.status,
    v.status_notes,
    v.archive,
    v.created_at,
    v.created_by,
    v.last_modified_at,
    v.last_modified_by,
    'contact_methods'::text AS source_table
   FROM crm.contact_methods_view v
  WHERE v.kind = 'other'::text
UNION ALL
 SELECT o.id,
    o.org_name,
    o.business_id,
    o.contact_id,
    o.household_id,
    o.user_id,
    o.type_id,
    o.type_name,
    o.category,
    o.kind,
    o.label,
    o.value,
    o.is_primary,
    o.status,
    o.status_notes,
    o.archive,
    o.created_at,
    o.created_by,
    o.last_modified_at,
    o.last_modified_by,
    'other_contact_methods'::text AS source_table
   FROM crm.other_contact_methods_view o;
revoke all on table crm.contact_methods_other from public, anon, authenticated, service_role;
grant select on table crm.contact_methods_other to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods_other to service_role;

create view crm.contact_methods_phone with (security_invoker=true) as
 SELECT id,
    org_name,
    business_id,
    contact_id,
    household_id,
    user_id,
    type_id,
    type_name,
    category,
    kind,
    label,
    value,
    is_primary,
    status,
    status_notes,
    archive,
    created_at,
    created_by,
    last_modified_at,
    last_modified_by
   FROM crm.contact_methods_view
  WHERE kind = 'phone'::text;
revoke all on table crm.contact_methods_phone from public, anon, authenticated, service_role;
grant select on table crm.contact_methods_phone to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contact_methods_phone to service_role;

create view crm.contacts_view with (security_invoker=true) as
 SELECT c.id,
    c.short_id,
    c.name,
    c.description,
    c.image_link,
    c.status,
    c.type_id,
    ct.name AS type_name,
    c.prefix,
    c.first_name,
    c.middle_name,
    c.last_name,
    c.suffix,
    c.nickname,
    c.alternate_last_name,
    c.date_of_birth,
    c.spouse_id,
    sp.name AS spouse_name,
    sp.short_id AS spouse_short_id,
    c.food_bev_notes,
    c.activities_notes,
    c.height,
    c.weight,
    c.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    c.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    c.org_name,
    c.archive,
    c.created_at,
    c.created_by,
    cb.name AS created_by_name,
    c.last_modified_at,
    c.last_modified_by,
    mb.name AS last_modified_by_name,
    CASE WHEN cv.custom IS NULL THEN c.custom ELSE c.custom || cv.custom END AS custom
   FROM crm.contacts c
     LEFT JOIN crm.contact_types ct ON ct.id = c.type_id
     LEFT JOIN crm.contacts sp ON sp.id = c.spouse_id
     LEFT JOIN public.user_profiles po ON po.id = c.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = c.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = c.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = c.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = c.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'contact'::text AND cv.record_id = c.id;
revoke all on table crm.contacts_view from public, anon, authenticated, service_role;
grant select on table crm.contacts_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.contacts_view to service_role;

create view crm.email_view with (security_invoker=true) as
 SELECT id,
    org_name,
    business_id,
    contact_id,
    household_id,
    user_id,
    type_id,
    type_name,
    category,
    kind,
    label,
    value,
    is_primary,
    status,
    status_notes,
    archive,
    created_at,
    created_by,
    last_modified_at,
    last_modified_by
   FROM crm.contact_methods_view
  WHERE kind = 'email'::text;
revoke all on table crm.email_view from public, anon, authenticated, service_role;
grant select on table crm.email_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.email_view to service_role;

create view crm.households_view with (security_invoker=true) as
 SELECT h.id,
    h.short_id,
    h.name,
    h.description,
    h.image_link,
    h.status,
    h.preferred_addressee,
    h.preferred_salutation,
    h.primary_contact_id,
    pc.name AS primary_contact_name,
    pc.short_id AS primary_contact_short_id,
    h.secondary_contact_id,
    sc.name AS secondary_contact_name,
    sc.short_id AS secondary_contact_short_id,
    h.primary_owner_id,
    po.name AS primary_owner_name,
    po.short_id AS primary_owner_short_id,
    h.secondary_owner_id,
    so.name AS secondary_owner_name,
    so.short_id AS secondary_owner_short_id,
    ph.value AS primary_phone,
    ph.label AS primary_phone_label,
    em.value AS primary_email,
    em.label AS primary_email_label,
    ad.address_line_1,
    ad.address_line_2,
    ad.address_line_3,
    ad.city,
    ad.state,
    ad.zip,
    ad.country,
    h.org_name,
    h.archive,
    h.created_at,
    h.created_by,
    cb.name AS created_by_name,
    h.last_modified_at,
    h.last_modified_by,
    mb.name AS last_modified_by_name,
    CASE WHEN cv.custom IS NULL THEN h.custom ELSE h.custom || cv.custom END AS custom
   FROM crm.households h
     LEFT JOIN crm.contacts pc ON pc.id = h.primary_contact_id
     LEFT JOIN crm.contacts sc ON sc.id = h.secondary_contact_id
     LEFT JOIN public.user_profiles po ON po.id = h.primary_owner_id
     LEFT JOIN public.user_profiles so ON so.id = h.secondary_owner_id
     LEFT JOIN public.user_profiles cb ON cb.id = h.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = h.last_modified_by
     LEFT JOIN app.shown_contact_methods sm ON sm.parent_id = h.id
     LEFT JOIN crm.contact_methods ph ON ph.id = sm.phone_id
     LEFT JOIN crm.contact_methods em ON em.id = sm.email_id
     LEFT JOIN crm.addresses ad ON ad.id = sm.address_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'household'::text AND cv.record_id = h.id;
revoke all on table crm.households_view from public, anon, authenticated, service_role;
grant select on table crm.households_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.households_view to service_role;

create view crm.notes_view with (security_invoker=true) as
 SELECT n.id,
    n.short_id,
    n.name,
    n.description,
    n.label,
    n.status,
    n.important,
    n.file_link,
    n.type_id,
    nt.name AS type_name,
    n.contact_method_id,
    cm.value AS contact_method_value,
    cm.label AS contact_method_label,
    cm.status AS contact_method_status,
    n.contact_id,
    c.name AS contact_name,
    c.short_id AS contact_short_id,
    n.business_id,
    b.name AS business_name,
    b.short_id AS business_short_id,
    n.household_id,
    h.name AS household_name,
    h.short_id AS household_short_id,
    n.org_name,
    n.archive,
    n.created_at,
    n.created_by,
    cb.name AS created_by_name,
    n.last_modified_at,
    n.last_modified_by,
    mb.name AS last_modified_by_name
   FROM crm.notes n
     LEFT JOIN crm.note_types nt ON nt.id = n.type_id
     LEFT JOIN crm.contact_methods cm ON cm.id = n.contact_method_id
     LEFT JOIN crm.contacts c ON c.id = n.contact_id
     LEFT JOIN crm.businesses b ON b.id = n.business_id
     LEFT JOIN crm.households h ON h.id = n.household_id
     LEFT JOIN public.user_profiles cb ON cb.id = n.created_by
     LEFT JOIN public.user_profiles mb ON mb.id = n.last_modified_by;
revoke all on table crm.notes_view from public, anon, authenticated, service_role;
grant select on table crm.notes_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.notes_view to service_role;

create view crm.user_profiles with (security_invoker=true) as
 SELECT id,
    short_id,
    auth_user_id,
    org_name,
    name,
    display_name,
    first_name,
    last_name,
    email,
    phone,
    title,
    status,
    role_id,
    avatar_url,
    is_staff,
    archive
   FROM public.user_profiles p;
revoke all on table crm.user_profiles from public, anon, authenticated, service_role;
grant select on table crm.user_profiles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table crm.user_profiles to service_role;

create or replace view crm.inbox_messages with (security_invoker = true) as
 SELECT m.id, m.org_name, m.thread_id, m.message_id, m.in_reply_to, m.subject, m.body_text, m.body_html, m.from_email, m.from_name,
    m.to_emails, m.cc_emails, m.status, m.created_at, m.sent_at,
    COALESCE(( SELECT jsonb_agg(jsonb_build_object('id', a.id, 'file_name', a.file_name, 'content_type', a.content_type, 'size_bytes', a.size_bytes, 'storage_path', a.storage_path, 'bucket_id', a.bucket_id) ORDER BY a.file_name) AS jsonb_agg
           FROM crm.message_attachments a
          WHERE a.message_id = m.id), '[]'::jsonb) AS attachments
   FROM crm.messages m
  WHERE m.inbox;
comment on view crm.inbox_messages is 'received mail linked to no record yet (the organisation''s inbox), for CRM editors; newest first by created_at';
revoke all on table crm.inbox_messages from public, anon, authenticated, service_role;
grant select on table crm.inbox_messages to authenticated;
grant select on table crm.inbox_messages to service_role;
