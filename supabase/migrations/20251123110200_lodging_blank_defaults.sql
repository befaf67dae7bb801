-- The generic record editor sends every editable field, a blank one as null. For columns
-- that are NOT NULL with a default, a blank means "the default", not an error: these triggers put
-- the column default in place of a null before the row is checked.

create or replace function app.lodging_blank_defaults()
returns trigger
language plpgsql
as $$
begin
  new.archive := coalesce(new.archive, false);
  case tg_table_name
    when 'accommodations' then
      new.additional_data := coalesce(new.additional_data, '{}'::jsonb);
      new.inventory_count := coalesce(new.inventory_count, 1);
      new.tags := coalesce(new.tags, '{}'::text[]);
    when 'reservations' then
      new.all_day := coalesce(new.all_day, false);
      new.deposit_paid := coalesce(new.deposit_paid, false);
      new.adults := coalesce(new.adults, 1);
      new.children := coalesce(new.children, 0);
      new.pets := coalesce(new.pets, 0);
      new.status := coalesce(nullif(btrim(new.status), ''), 'Confirmed');
      new.confirmation := coalesce(nullif(btrim(new.confirmation), ''), upper(substr(md5(gen_random_uuid()::text), 1, 8)));
    when 'accommodation_rates' then
      new.priority := coalesce(new.priority, 0);
      new.qty := coalesce(new.qty, 1);
    else
      null;
  end case;
  return new;
end;
$$;

do $$
declare
  t text;
begin
  foreach t in array array['accommodations', 'accommodation_classes', 'accommodation_types', 'amenities', 'amenity_types', 'accommodation_blocks',
                           'accommodation_files', 'accommodation_rate_types', 'accommodation_rates', 'reservations'] loop
    execute format('create trigger steward_05_blank_defaults before insert or update on catalog.%I for each row execute function app.lodging_blank_defaults()', t);
  end loop;
end;
$$;
