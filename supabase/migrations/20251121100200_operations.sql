-- Operations and finance:
-- ops.projects, ops.tasks, ops.subtasks, public.orders, public.transactions.
-- All belong to the 'operations' component.

create table ops.projects (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint projects_short_id_key unique,
  name text not null constraint projects_name_present check (btrim(name) <> ''),
  description text,
  status text not null default 'Active'
    constraint projects_status_check check (status in ('Planned', 'Active', 'On Hold', 'Completed', 'Cancelled')),
  start_date date,
  due_date date,
  owner_id uuid references public.user_profiles (id) on delete set null,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false,
  constraint projects_dates_ordered check (due_date is null or start_date is null or due_date >= start_date)
);

create table ops.tasks (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint tasks_short_id_key unique,
  title text not null constraint tasks_title_present check (btrim(title) <> ''),
  description text,
  status text not null default 'To Do'
    constraint tasks_status_check check (status in ('To Do', 'In Progress', 'Blocked', 'Done')),
  priority text not null default 'Normal'
    constraint tasks_priority_check check (priority in ('Low', 'Normal', 'High', 'Urgent')),
  project_id uuid references ops.projects (id) on delete set null,
  assignee_id uuid references public.user_profiles (id) on delete set null,
  due_date date,
  position integer not null default 0,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table ops.subtasks (
  id uuid primary key default gen_random_uuid(),
  task_id uuid not null references ops.tasks (id) on delete cascade,
  title text not null constraint subtasks_title_present check (btrim(title) <> ''),
  status text not null default 'To Do'
    constraint subtasks_status_check check (status in ('To Do', 'In Progress', 'Blocked', 'Done')),
  position integer not null default 0,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  short_id text not null constraint orders_short_id_key unique,
  order_number text,
  order_date date not null default current_date,
  status text not null default 'Open'
    constraint orders_status_check check (status in ('Open', 'Paid', 'Fulfilled', 'Cancelled', 'Refunded')),
  contact_id uuid references crm.contacts (id) on delete set null,
  business_id uuid references crm.businesses (id) on delete set null,
  total_amount numeric(12, 2) not null default 0,
  notes text,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create table public.transactions (
  id uuid primary key default gen_random_uuid(),
  date date not null default current_date,
  description text,
  amount numeric(12, 2) not null default 0,
  -- Revenue is the sum of 'sale' amounts.
  transaction_type text not null default 'sale'
    constraint transactions_type_check check (transaction_type in ('sale', 'refund', 'expense', 'payment', 'deposit', 'adjustment')),
  category text,
  reference text,
  order_id uuid references public.orders (id) on delete set null,
  contact_id uuid references crm.contacts (id) on delete set null,
  business_id uuid references crm.businesses (id) on delete set null,
  org_name text not null references public.organizations (name) on delete cascade,
  created_at timestamptz not null default now(),
  created_by uuid,
  last_modified_at timestamptz not null default now(),
  last_modified_by uuid,
  archive boolean not null default false
);

create unique index orders_org_number_key on public.orders (org_name, order_number) where order_number is not null;
create index tasks_project_idx on ops.tasks (project_id);
create index subtasks_task_idx on ops.subtasks (task_id);
create index transactions_date_idx on public.transactions (org_name, date desc);
create index transactions_type_idx on public.transactions (org_name, transaction_type);

do $$
declare
  v_table text;
begin
  foreach v_table in array array['ops.projects', 'ops.tasks', 'ops.subtasks', 'public.orders', 'public.transactions']
  loop
    perform app.add_audit_foreign_keys(v_table::regclass);
    perform app.secure_org_table(v_table::regclass, 'operations');
    execute format('create index on %s (org_name)', v_table);
  end loop;
end;
$$;
