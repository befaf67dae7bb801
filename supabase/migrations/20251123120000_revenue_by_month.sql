-- Revenue by month: the chart above /transactions and on the dashboard.
-- Revenue is the sum of 'sale' amounts, per calendar month, for the last p_months months up to
-- and including the current one; months without sales read 0. Aggregated here so the browser receives
-- twelve rows, not every transaction.
--
-- security invoker: the function reads public.transactions as the caller, so row-level security
-- applies and a member only ever sums rows of an organisation they belong to (another organisation's
-- name returns twelve zeros, never its figures).
create function public.revenue_by_month(p_org_name text, p_months integer default 12)
returns table (month date, revenue numeric)
language sql
stable
security invoker
set search_path = ''
as $$
  with months as (
    select (date_trunc('month', current_date) - make_interval(months => n))::date as month
    from generate_series(0, least(greatest(coalesce(p_months, 12), 1), 60) - 1) as n
  ),
  sales as (
    select date_trunc('month', t.date)::date as month, sum(t.amount) as revenue
    from public.transactions t
    where t.org_name = p_org_name
      and t.transaction_type = 'sale'
      and t.archive = false
      and t.date >= (select min(m.month) from months m)
      and t.date < (date_trunc('month', current_date) + interval '1 month')::date
    group by 1
  )
  select m.month, coalesce(s.revenue, 0)::numeric(14, 2) as revenue
  from months m
  left join sales s on s.month = m.month
  order by m.month;
$$;

comment on function public.revenue_by_month(text, integer) is
  'Sum of sale amounts per month for the last p_months months (security invoker: RLS applies).';

revoke execute on function public.revenue_by_month(text, integer) from public, anon;
grant execute on function public.revenue_by_month(text, integer) to authenticated, service_role;

-- The chart's query reads one organisation's active sales by date: a covering partial index keeps it
-- an index-only range scan at 50,000 transactions.
create index transactions_sales_month_idx on public.transactions (org_name, date) include (amount)
  where transaction_type = 'sale' and archive = false;
