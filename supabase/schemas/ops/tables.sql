-- ops: tables: columns, keys, checks, indexes, row-level security, privileges.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

create table ops.projects (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  name text not null,
  description text,
  status text default 'Active'::text not null,
  start_date date,
  due_date date,
  owner_id uuid,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  custom jsonb default '{}'::jsonb not null
);
alter table ops.projects enable row level security;
comment on table ops.projects is 'component: operations';
revoke all on table ops.projects from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.projects to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.projects to service_role;

alter table ops.projects add constraint projects_dates_ordered CHECK (due_date IS NULL OR start_date IS NULL OR due_date >= start_date);

alter table ops.projects add constraint projects_name_present CHECK (btrim(name) <> ''::text);

alter table ops.projects add constraint projects_pkey PRIMARY KEY (id);

alter table ops.projects add constraint projects_short_id_key UNIQUE (short_id);

alter table ops.projects add constraint projects_status_check CHECK (status = ANY (ARRAY['Planned'::text, 'Active'::text, 'On Hold'::text, 'Completed'::text, 'Cancelled'::text]));

CREATE INDEX projects_custom_idx ON ops.projects USING gin (custom);

CREATE INDEX projects_org_name_idx ON ops.projects USING btree (org_name);

CREATE INDEX projects_search_idx ON ops.projects USING gin (app.search_norm(name) extensions.gin_trgm_ops);

create table ops.subtasks (
  id uuid default gen_random_uuid() not null,
  task_id uuid not null,
  title text not null,
  status text default 'To Do'::text not null,
  "position" integer default 0 not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null
);
alter table ops.subtasks enable row level security;
comment on table ops.subtasks is 'component: operations';
revoke all on table ops.subtasks from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.subtasks to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.subtasks to service_role;

alter table ops.subtasks add constraint subtasks_pkey PRIMARY KEY (id);

alter table ops.subtasks add constraint subtasks_status_check CHECK (status = ANY (ARRAY['To Do'::text, 'In Progress'::text, 'Blocked'::text, 'Done'::text]));

alter table ops.subtasks add constraint subtasks_title_present CHECK (btrim(title) <> ''::text);

CREATE INDEX subtasks_org_name_idx ON ops.subtasks USING btree (org_name);

CREATE INDEX subtasks_task_idx ON ops.subtasks USING btree (task_id);

create table ops.tasks (
  id uuid default gen_random_uuid() not null,
  short_id text not null,
  title text not null,
  description text,
  status text default 'To Do'::text not null,
  priority text default 'Normal'::text not null,
  project_id uuid,
  assignee_id uuid,
  due_date date,
  "position" integer default 0 not null,
  org_name text not null,
  created_at timestamp with time zone default now() not null,
  created_by uuid,
  last_modified_at timestamp with time zone default now() not null,
  last_modified_by uuid,
  archive boolean default false not null,
  contact_id uuid,
  business_id uuid,
  household_id uuid,
  reservation_id uuid,
  custom jsonb default '{}'::jsonb not null
);
alter table ops.tasks enable row level security;
comment on table ops.tasks is 'component: operations';
revoke all on table ops.tasks from public, anon, authenticated, service_role;
grant delete, insert, select, update on table ops.tasks to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on table ops.tasks to service_role;

alter table ops.tasks add constraint tasks_pkey PRIMARY KEY (id);

alter table ops.tasks add constraint tasks_priority_check CHECK (priority = ANY (ARRAY['Low'::text, 'Normal'::text, 'High'::text, 'Urgent'::text]));

alter table ops.tasks add constraint tasks_short_id_key UNIQUE (short_id);

alter table ops.tasks add constraint tasks_status_check CHECK (status = ANY (ARRAY['To Do'::text, 'In Progress'::text, 'Blocked'::text, 'Done'::text]));

alter table ops.tasks add constraint tasks_title_present CHECK (btrim(title) <> ''::text);

CREATE INDEX tasks_assignee_idx ON ops.tasks USING btree (assignee_id);

CREATE INDEX tasks_business_idx ON ops.tasks USING btree (business_id);

CREATE INDEX tasks_contact_idx ON ops.tasks USING btree (contact_id);

CREATE INDEX tasks_custom_idx ON ops.tasks USING gin (custom);

CREATE INDEX tasks_household_idx ON ops.tasks USING btree (household_id);

CREATE INDEX tasks_open_by_assignee ON ops.tasks USING btree (assignee_id, due_date) WHERE ((status <> 'Done'::text) AND (NOT archive));

CREATE INDEX tasks_open_by_due ON ops.tasks USING btree (due_date) WHERE ((status <> 'Done'::text) AND (NOT archive) AND (assignee_id IS NOT NULL));

CREATE INDEX tasks_org_due_idx ON ops.tasks USING btree (org_name, due_date) WHERE (NOT archive);

CREATE INDEX tasks_org_name_idx ON ops.tasks USING btree (org_name);

CREATE INDEX tasks_project_idx ON ops.tasks USING btree (project_id);

CREATE INDEX tasks_reservation_idx ON ops.tasks USING btree (reservation_id);

CREATE INDEX tasks_search_idx ON ops.tasks USING gin (app.search_norm(title) extensions.gin_trgm_ops);
