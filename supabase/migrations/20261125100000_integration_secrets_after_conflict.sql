-- Integration secrets are stored only for a row the statement actually wrote.
--
-- The BEFORE trigger of 20251123130000 stored the secrets by NEW.id before an upsert's conflict was
-- decided: `Prefer: resolution=ignore-duplicates` with another organisation's integration id skipped
-- the row but had already replaced that organisation's secrets. Now the work is split:
--
-- * BEFORE INSERT/UPDATE (steward_05_secrets) takes the secrets out of the row (the table never holds
--   them), sets the *_set / *_last4 columns, and keeps the values sent in a transaction-local stash
--   keyed by the row's id. It writes nothing else.
-- * AFTER INSERT/UPDATE (steward_95_secrets) runs only for a row that was inserted or updated — after
--   the conflict is decided and the row-level security checks have passed — and moves that row's
--   stashed values into app.integration_secrets.
-- * AFTER each statement the stash is emptied, so values of a row that was skipped (ON CONFLICT DO
--   NOTHING) never outlive the statement.
--
-- An upsert that updates (`merge-duplicates`) fires BEFORE INSERT with the values sent, then BEFORE
-- UPDATE with the row PostgREST merges from EXCLUDED, whose secrets the first trigger already took
-- out: the update takes them from the stash. Semantics are unchanged: null (or left out) keeps a
-- stored secret, '' clears it.

create or replace function app.integration_secrets_stash() returns jsonb
  language sql stable
  set search_path = ''
as $$
  select coalesce(nullif(current_setting('steward.integration_secrets', true), ''), '{}')::jsonb
$$;

create or replace function app.stash_integration_secrets() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_stash jsonb := app.integration_secrets_stash();
  v_sent jsonb;
begin
  if tg_op = 'UPDATE' then
    new.id := old.id;
    new.api_key_set := old.api_key_set;
    new.api_key_last4 := old.api_key_last4;
    new.api_secret_set := old.api_secret_set;
    new.api_secret_last4 := old.api_secret_last4;
    new.webhook_secret_set := old.webhook_secret_set;
    new.webhook_secret_last4 := old.webhook_secret_last4;
    -- The update half of an upsert: the insert half of this statement stashed what was sent.
    v_sent := jsonb_build_object(
      'api_key', coalesce(new.api_key, v_stash -> old.id::text ->> 'api_key'),
      'api_secret', coalesce(new.api_secret, v_stash -> old.id::text ->> 'api_secret'),
      'webhook_secret', coalesce(new.webhook_secret, v_stash -> old.id::text ->> 'webhook_secret'));
  else
    new.api_key_set := false;
    new.api_key_last4 := null;
    new.api_secret_set := false;
    new.api_secret_last4 := null;
    new.webhook_secret_set := false;
    new.webhook_secret_last4 := null;
    v_sent := jsonb_build_object('api_key', new.api_key, 'api_secret', new.api_secret, 'webhook_secret', new.webhook_secret);
  end if;

  if v_sent ->> 'api_key' is not null then
    new.api_key_set := nullif(v_sent ->> 'api_key', '') is not null;
    new.api_key_last4 := app.secret_last4(nullif(v_sent ->> 'api_key', ''));
  end if;
  if v_sent ->> 'api_secret' is not null then
    new.api_secret_set := nullif(v_sent ->> 'api_secret', '') is not null;
    new.api_secret_last4 := app.secret_last4(nullif(v_sent ->> 'api_secret', ''));
  end if;
  if v_sent ->> 'webhook_secret' is not null then
    new.webhook_secret_set := nullif(v_sent ->> 'webhook_secret', '') is not null;
    new.webhook_secret_last4 := app.secret_last4(nullif(v_sent ->> 'webhook_secret', ''));
  end if;

  v_sent := jsonb_strip_nulls(v_sent);
  if v_sent <> '{}'::jsonb then
    perform set_config('steward.integration_secrets', jsonb_set(v_stash, array[new.id::text], v_sent)::text, true);
  end if;
  new.api_key := null;
  new.api_secret := null;
  new.webhook_secret := null;
  return new;
end;
$$;

-- Runs only for a row this statement inserted or updated.
create or replace function app.store_integration_secrets() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_stash jsonb := app.integration_secrets_stash();
  v_sent jsonb := v_stash -> new.id::text;
begin
  if v_sent is null then
    return null;
  end if;
  insert into app.integration_secrets as s (integration_id, api_key, api_secret, webhook_secret, last_modified_at)
  values (new.id, nullif(v_sent ->> 'api_key', ''), nullif(v_sent ->> 'api_secret', ''), nullif(v_sent ->> 'webhook_secret', ''), now())
  on conflict (integration_id) do update
    set api_key = case when v_sent ? 'api_key' then excluded.api_key else s.api_key end,
        api_secret = case when v_sent ? 'api_secret' then excluded.api_secret else s.api_secret end,
        webhook_secret = case when v_sent ? 'webhook_secret' then excluded.webhook_secret else s.webhook_secret end,
        last_modified_at = excluded.last_modified_at;
  perform set_config('steward.integration_secrets', (v_stash - new.id::text)::text, true);
  return null;
end;
$$;

create or replace function app.forget_integration_secrets() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform set_config('steward.integration_secrets', '', true);
  return null;
end;
$$;

revoke all on function app.integration_secrets_stash() from public, anon, authenticated;
revoke all on function app.stash_integration_secrets() from public, anon, authenticated;
revoke all on function app.store_integration_secrets() from public, anon, authenticated;
revoke all on function app.forget_integration_secrets() from public, anon, authenticated;

-- Named to run after every other row trigger of the table.
create trigger steward_95_secrets after insert or update on settings.integrations
  for each row execute function app.store_integration_secrets();
create trigger steward_96_secrets_forget after insert or update on settings.integrations
  for each statement execute function app.forget_integration_secrets();
