-- Revenue by month (issue 11) read from running monthly totals instead of summed from every sale.
--
-- Why: revenue_by_month summed the organisation's sales of the last twelve months on every call. At
-- 50,000 transactions that is ~37,000 rows read, each checked by the read policy (which needs
-- created_by, so no index-only scan) and added as numeric: ~80 ms for a chart drawn on the dashboard
-- and above /transactions. The totals below hold one row per organisation, month and author, kept by
-- statement triggers on public.transactions, so the chart reads at most a few dozen rows.
--
-- The totals keep created_by because the read rule does: a member with Personal view access sees only
-- the sales they entered, and their chart must sum only those. The table's read policy is the one
-- transactions has (app.access_sql), so revenue_by_month stays security invoker and RLS decides.
-- It is not in an API schema and nobody writes it but the triggers below.

create table app.sales_by_month (
  org_name   text not null,
  month      date not null,  -- the first day of the calendar month
  created_by uuid,           -- the author's profile (null for rows written by the service)
  revenue    numeric(14, 2) not null default 0,
  sales      integer not null default 0,
  constraint sales_by_month_key unique nulls not distinct (org_name, month, created_by)
);
comment on table app.sales_by_month is
  'Sum and count of active sale transactions per organisation, calendar month and author; maintained by triggers on public.transactions.';

alter table app.sales_by_month enable row level security;
revoke all on app.sales_by_month from public, anon, authenticated;
grant select on app.sales_by_month to authenticated;
grant all on app.sales_by_month to service_role;
do $$
begin
  execute format('create policy org_read on app.sales_by_month for select to authenticated using '
                 '(org_name = ''_system_default_'' or %s)', app.access_sql('operations', 'view'));
end;
$$;

-- The month a sale counts in: its calendar month, whatever the session's time zone.
create function app.sale_month(p_date date) returns date
  language sql immutable parallel safe
  set search_path = ''
as $$ select date_trunc('month', p_date::timestamp)::date $$;

-- Adds a statement's sales to the totals: the rows it removed or replaced count negatively, the rows
-- it wrote positively. Transition tables give one upsert per side and statement, so a bulk import of
-- thousands of rows costs one pass. One statement text serves both sides (EXECUTE sees the transition
-- tables), because a trigger for INSERT has no old_rows and one for DELETE no new_rows to name.
create function app.count_sales() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_side record;
begin
  for v_side in
    select * from (values ('old_rows', -1, tg_op in ('UPDATE', 'DELETE')), ('new_rows', 1, tg_op in ('INSERT', 'UPDATE'))) as side(rows, sign, present)
    where side.present
  loop
    execute format(
      'insert into app.sales_by_month as total (org_name, month, created_by, revenue, sales)
       select r.org_name, app.sale_month(r.date), r.created_by, %1$s * sum(coalesce(r.amount, 0)), %1$s * count(*)
         from %2$I r
        where r.transaction_type = ''sale'' and not r.archive and r.date is not null
        group by 1, 2, 3
           on conflict on constraint sales_by_month_key
           do update set revenue = total.revenue + excluded.revenue, sales = total.sales + excluded.sales',
      v_side.sign, v_side.rows);
  end loop;
  return null;
end;
$$;

create trigger sales_by_month_insert after insert on public.transactions
  referencing new table as new_rows for each statement execute function app.count_sales();
create trigger sales_by_month_update after update on public.transactions
  referencing old table as old_rows new table as new_rows for each statement execute function app.count_sales();
create trigger sales_by_month_delete after delete on public.transactions
  referencing old table as old_rows for each statement execute function app.count_sales();

insert into app.sales_by_month (org_name, month, created_by, revenue, sales)
select t.org_name, app.sale_month(t.date), t.created_by, sum(coalesce(t.amount, 0)), count(*)
  from public.transactions t
 where t.transaction_type = 'sale' and not t.archive and t.date is not null
 group by 1, 2, 3;

-- Same contract as before (last p_months calendar months up to the current one, 0 for a month without
-- sales, security invoker), now summing at most one row per author and month.
create or replace function public.revenue_by_month(p_org_name text, p_months integer default 12)
returns table (month date, revenue numeric)
language sql
stable
security invoker
set search_path = ''
as $$
  with months as (
    select (app.sale_month(current_date) - make_interval(months => n))::date as month
    from generate_series(0, least(greatest(coalesce(p_months, 12), 1), 60) - 1) as n
  ),
  sales as (
    select s.month, sum(s.revenue) as revenue
    from app.sales_by_month s
    where s.org_name = p_org_name
      and s.month >= (select min(m.month) from months m)
    group by 1
  )
  select m.month, coalesce(s.revenue, 0)::numeric(14, 2) as revenue
  from months m
  left join sales s on s.month = m.month
  order by m.month;
$$;

-- The old query's index is no longer read by anything.
drop index public.transactions_sales_month_idx;
