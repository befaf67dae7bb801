-- catalog: views.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create view catalog.reservations_view with (security_invoker=true) as
 SELECT r.id,
    r.name,
    r.description,
    r.confirmation,
    r.status,
    r.source_channel,
    r.accommodation_id,
    a.name AS accommodation_name,
    r.check_in,
    r.check_out,
    (r.check_in AT TIME ZONE 'UTC'::text)::date AS check_in_date,
    (r.check_out AT TIME ZONE 'UTC'::text)::date AS check_out_date,
    COALESCE(r.nights, (r.check_out AT TIME ZONE 'UTC'::text)::date - (r.check_in AT TIME ZONE 'UTC'::text)::date) AS nights,
    r.all_day,
    r.adults,
    r.children,
    r.pets,
    r.rate_id,
    rt.name AS rate_name,
    rt.type_id AS rate_type_id,
    ty.name AS rate_type_name,
    ty.abbreviation AS rate_type_abbreviation,
    ty.card_color AS rate_type_card_color,
    r.contact_id,
    c.name AS contact_name,
    r.business_id,
    b.name AS business_name,
    r.total_amount,
    r.deposit_paid,
    r.org_name,
    r.archive,
    r.created_at,
    r.created_by,
    r.last_modified_at,
    r.last_modified_by,
    CASE WHEN cv.custom IS NULL THEN r.custom ELSE r.custom || cv.custom END AS custom
   FROM catalog.reservations r
     LEFT JOIN catalog.accommodations a ON a.id = r.accommodation_id
     LEFT JOIN catalog.accommodation_rates rt ON rt.id = r.rate_id
     LEFT JOIN catalog.accommodation_rate_types ty ON ty.id = rt.type_id
     LEFT JOIN crm.contacts c ON c.id = r.contact_id
     LEFT JOIN crm.businesses b ON b.id = r.business_id
     LEFT JOIN app.custom_sensitive cv ON cv.record_kind = 'reservation'::text AND cv.record_id = r.id;
revoke all on table catalog.reservations_view from public, anon, authenticated, service_role;
grant select on table catalog.reservations_view to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.reservations_view to service_role;

create view catalog.stay_balances with (security_invoker=true) as
 SELECT r.id AS reservation_id,
    r.org_name,
    COALESCE(r.total_amount, 0::numeric)::numeric(12,2) AS total_amount,
    COALESCE(p.paid, 0::numeric)::numeric(12,2) AS paid_amount,
    COALESCE(p.refunded, 0::numeric)::numeric(12,2) AS refunded_amount,
    (COALESCE(r.total_amount, 0::numeric) - COALESCE(p.paid, 0::numeric) + COALESCE(p.refunded, 0::numeric))::numeric(12,2) AS balance_due
   FROM catalog.reservations r
     LEFT JOIN LATERAL ( SELECT sum(x.qty * x.unit_price - x.discount_amount) FILTER (WHERE x.line_type = ANY (ARRAY['deposit'::text, 'payment'::text])) AS paid,
            sum(x.qty * x.unit_price - x.discount_amount) FILTER (WHERE x.line_type = 'refund'::text) AS refunded
           FROM catalog.reservation_payments x
          WHERE x.reservation_id = r.id AND NOT x.archive) p ON true;
revoke all on table catalog.stay_balances from public, anon, authenticated, service_role;
grant select on table catalog.stay_balances to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table catalog.stay_balances to service_role;
