-- Integration secrets are write-only (issue 12). The API may write api_key, api_secret and
-- webhook_secret on settings.integrations, but a trigger moves each value into app.integration_secrets
-- (schema `app` is not served by the API, and no API role has rights on the table) and stores only
-- whether it is set and its last four characters. So no REST answer, not even the owner's, carries a
-- secret. Writing null (or leaving the column out) keeps the stored secret; writing '' clears it.

create table app.integration_secrets (
  -- Deferred, so the trigger below can store the secrets of a row being inserted.
  integration_id uuid primary key references settings.integrations (id) on delete cascade deferrable initially deferred,
  api_key text,
  api_secret text,
  webhook_secret text,
  last_modified_at timestamptz not null default now()
);
revoke all on app.integration_secrets from anon, authenticated, public;
grant all on app.integration_secrets to service_role;
comment on table app.integration_secrets is 'write-only integration secrets; read by server-side code only (service_role)';

alter table settings.integrations
  add column api_key_set boolean not null default false,
  add column api_key_last4 text,
  add column api_secret_set boolean not null default false,
  add column api_secret_last4 text,
  add column webhook_secret_set boolean not null default false,
  add column webhook_secret_last4 text;

-- Four characters are shown only of secrets long enough that they do not give the secret away.
create function app.secret_last4(p_secret text) returns text
  language sql immutable
  set search_path = ''
as $$
  select case when length(p_secret) >= 8 then right(p_secret, 4) end
$$;

create function app.stash_integration_secrets() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_old app.integration_secrets%rowtype;
begin
  if tg_op = 'UPDATE' then
    new.id := old.id;
    new.api_key_set := old.api_key_set;
    new.api_key_last4 := old.api_key_last4;
    new.api_secret_set := old.api_secret_set;
    new.api_secret_last4 := old.api_secret_last4;
    new.webhook_secret_set := old.webhook_secret_set;
    new.webhook_secret_last4 := old.webhook_secret_last4;
    select * into v_old from app.integration_secrets where integration_id = old.id;
  else
    new.api_key_set := false;
    new.api_key_last4 := null;
    new.api_secret_set := false;
    new.api_secret_last4 := null;
    new.webhook_secret_set := false;
    new.webhook_secret_last4 := null;
  end if;
  v_old.integration_id := new.id;

  if new.api_key is not null then
    v_old.api_key := nullif(new.api_key, '');
    new.api_key_set := v_old.api_key is not null;
    new.api_key_last4 := app.secret_last4(v_old.api_key);
  end if;
  if new.api_secret is not null then
    v_old.api_secret := nullif(new.api_secret, '');
    new.api_secret_set := v_old.api_secret is not null;
    new.api_secret_last4 := app.secret_last4(v_old.api_secret);
  end if;
  if new.webhook_secret is not null then
    v_old.webhook_secret := nullif(new.webhook_secret, '');
    new.webhook_secret_set := v_old.webhook_secret is not null;
    new.webhook_secret_last4 := app.secret_last4(v_old.webhook_secret);
  end if;
  insert into app.integration_secrets as s (integration_id, api_key, api_secret, webhook_secret, last_modified_at)
  values (new.id, v_old.api_key, v_old.api_secret, v_old.webhook_secret, now())
  on conflict (integration_id) do update
    set api_key = excluded.api_key, api_secret = excluded.api_secret, webhook_secret = excluded.webhook_secret,
        last_modified_at = excluded.last_modified_at;
  new.api_key := null;
  new.api_secret := null;
  new.webhook_secret := null;
  return new;
end;
$$;

-- Named to run before every other trigger on the table, so nothing downstream sees a secret.
create trigger steward_05_secrets before insert or update on settings.integrations
  for each row execute function app.stash_integration_secrets();

-- Rows written before this migration: move their secrets too.
update settings.integrations set api_key = api_key, api_secret = api_secret, webhook_secret = webhook_secret
where api_key is not null or api_secret is not null or webhook_secret is not null;

comment on column settings.integrations.api_key is 'write-only: moved to app.integration_secrets on write, always null here';
comment on column settings.integrations.api_secret is 'write-only: moved to app.integration_secrets on write, always null here';
comment on column settings.integrations.webhook_secret is 'write-only: moved to app.integration_secrets on write, always null here';
