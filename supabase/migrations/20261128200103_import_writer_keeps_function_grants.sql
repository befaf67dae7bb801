-- import writer keeps function grants: written by npm run db:diff from supabase/schemas.
set check_function_bodies = off;

revoke all on function app.contact_method_kind(p_category text, p_name text) from public, anon, authenticated, service_role;
grant execute on function app.contact_method_kind(p_category text, p_name text) to authenticated;
grant execute on function app.contact_method_kind(p_category text, p_name text) to service_role;
grant execute on function app.contact_method_kind(p_category text, p_name text) to steward_import_writer;

revoke all on function app.org_name_key(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.org_name_key(p_name text) to authenticated;
grant execute on function app.org_name_key(p_name text) to service_role;
grant execute on function app.org_name_key(p_name text) to steward_import_writer;
comment on function app.org_name_key(p_name text) is 'what makes two organisation names the same: the tidied name in lower case';

revoke all on function app.reservation_is_active(p_status text) from public, anon, authenticated, service_role;
grant execute on function app.reservation_is_active(p_status text) to authenticated;
grant execute on function app.reservation_is_active(p_status text) to service_role;
grant execute on function app.reservation_is_active(p_status text) to steward_import_writer;

revoke all on function app.search_norm(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_norm(p_text text) to authenticated;
grant execute on function app.search_norm(p_text text) to service_role;
grant execute on function app.search_norm(p_text text) to steward_import_writer;

revoke all on function app.tidy_org_name(p_name text) from public, anon, authenticated, service_role;
grant execute on function app.tidy_org_name(p_name text) to authenticated;
grant execute on function app.tidy_org_name(p_name text) to service_role;
grant execute on function app.tidy_org_name(p_name text) to steward_import_writer;
comment on function app.tidy_org_name(p_name text) is 'an organisation name as stored: NFKC, invisible characters removed, white space collapsed to one space, trimmed';

revoke all on function app.apply_member_readable_policies(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.apply_member_readable_policies(p_table regclass, p_component text) to service_role;
grant execute on function app.apply_member_readable_policies(p_table regclass, p_component text) to steward_import_writer;

revoke all on function app.assignment_is_active(p_status text, p_end date) from public, anon, authenticated, service_role;
grant execute on function app.assignment_is_active(p_status text, p_end date) to authenticated;
grant execute on function app.assignment_is_active(p_status text, p_end date) to service_role;
grant execute on function app.assignment_is_active(p_status text, p_end date) to steward_import_writer;

revoke all on function app.attach_history(p_table regclass, p_component text) from public, anon, authenticated, service_role;
grant execute on function app.attach_history(p_table regclass, p_component text) to authenticated;
grant execute on function app.attach_history(p_table regclass, p_component text) to service_role;
grant execute on function app.attach_history(p_table regclass, p_component text) to steward_import_writer;

revoke all on function app.attached_record_ids(p_record_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.attached_record_ids(p_record_id uuid) to authenticated;
grant execute on function app.attached_record_ids(p_record_id uuid) to service_role;
grant execute on function app.attached_record_ids(p_record_id uuid) to steward_import_writer;
comment on function app.attached_record_ids(p_record_id uuid) is 'ids of the contact methods, addresses, notes, files and relationships attached to a CRM record (as the caller sees them)';

revoke all on function app.batch_undone(p_batch_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.batch_undone(p_batch_id uuid) to authenticated;
grant execute on function app.batch_undone(p_batch_id uuid) to service_role;
grant execute on function app.batch_undone(p_batch_id uuid) to steward_import_writer;

revoke all on function app.bulk_field_allowed(p_field text) from public, anon, authenticated, service_role;
grant execute on function app.bulk_field_allowed(p_field text) to authenticated;
grant execute on function app.bulk_field_allowed(p_field text) to service_role;
grant execute on function app.bulk_field_allowed(p_field text) to steward_import_writer;

revoke all on function app.calendar_token_hash(p_token text) from public, anon, authenticated, service_role;
grant execute on function app.calendar_token_hash(p_token text) to authenticated;
grant execute on function app.calendar_token_hash(p_token text) to service_role;
grant execute on function app.calendar_token_hash(p_token text) to steward_import_writer;

revoke all on function app.confirm_stay_mail() from public, anon, authenticated, service_role;
grant execute on function app.confirm_stay_mail() to authenticated;
grant execute on function app.confirm_stay_mail() to service_role;
grant execute on function app.confirm_stay_mail() to steward_import_writer;

revoke all on function app.contact_method_label() from public, anon, authenticated, service_role;
grant execute on function app.contact_method_label() to authenticated;
grant execute on function app.contact_method_label() to service_role;
grant execute on function app.contact_method_label() to steward_import_writer;

revoke all on function app.count_sales() from public, anon, authenticated, service_role;
grant execute on function app.count_sales() to authenticated;
grant execute on function app.count_sales() to service_role;
grant execute on function app.count_sales() to steward_import_writer;

revoke all on function app.double_booking_message() from public, anon, authenticated, service_role;
grant execute on function app.double_booking_message() to authenticated;
grant execute on function app.double_booking_message() to service_role;
grant execute on function app.double_booking_message() to steward_import_writer;

revoke all on function app.guard_calendar_feed() from public, anon, authenticated, service_role;
grant execute on function app.guard_calendar_feed() to authenticated;
grant execute on function app.guard_calendar_feed() to service_role;
grant execute on function app.guard_calendar_feed() to steward_import_writer;

revoke all on function app.history_actor(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.history_actor(p_org text) to authenticated;
grant execute on function app.history_actor(p_org text) to service_role;
grant execute on function app.history_actor(p_org text) to steward_import_writer;

revoke all on function app.history_batch() from public, anon, authenticated, service_role;
grant execute on function app.history_batch() to authenticated;
grant execute on function app.history_batch() to service_role;
grant execute on function app.history_batch() to steward_import_writer;

revoke all on function app.history_ignored(p_field text) from public, anon, authenticated, service_role;
grant execute on function app.history_ignored(p_field text) to authenticated;
grant execute on function app.history_ignored(p_field text) to service_role;
grant execute on function app.history_ignored(p_field text) to steward_import_writer;

revoke all on function app.history_reference_label(p_table regclass, p_column text, p_id text) from public, anon, authenticated, service_role;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to authenticated;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to service_role;
grant execute on function app.history_reference_label(p_table regclass, p_column text, p_id text) to steward_import_writer;

revoke all on function app.history_row(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.history_row(p_row jsonb) to authenticated;
grant execute on function app.history_row(p_row jsonb) to service_role;
grant execute on function app.history_row(p_row jsonb) to steward_import_writer;

revoke all on function app.history_table(p_table text) from public, anon, authenticated, service_role;
grant execute on function app.history_table(p_table text) to authenticated;
grant execute on function app.history_table(p_table text) to service_role;
grant execute on function app.history_table(p_table text) to steward_import_writer;

revoke all on function app.history_via() from public, anon, authenticated, service_role;
grant execute on function app.history_via() to authenticated;
grant execute on function app.history_via() to service_role;
grant execute on function app.history_via() to steward_import_writer;

revoke all on function app.ics_text(p_value text) from public, anon, authenticated, service_role;
grant execute on function app.ics_text(p_value text) to authenticated;
grant execute on function app.ics_text(p_value text) to service_role;
grant execute on function app.ics_text(p_value text) to steward_import_writer;

revoke all on function app.integration_updated_at() from public, anon, authenticated, service_role;
grant execute on function app.integration_updated_at() to authenticated;
grant execute on function app.integration_updated_at() to service_role;
grant execute on function app.integration_updated_at() to steward_import_writer;

revoke all on function app.lock_accommodation(p_accommodation_id uuid) from public, anon, authenticated, service_role;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to authenticated;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to service_role;
grant execute on function app.lock_accommodation(p_accommodation_id uuid) to steward_import_writer;

revoke all on function app.lodging_blank_defaults() from public, anon, authenticated, service_role;
grant execute on function app.lodging_blank_defaults() to authenticated;
grant execute on function app.lodging_blank_defaults() to service_role;
grant execute on function app.lodging_blank_defaults() to steward_import_writer;

revoke all on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) from public, anon, authenticated, service_role;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to authenticated;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to service_role;
grant execute on function app.mark_batch_undone(p_batch_id uuid, p_undo uuid) to steward_import_writer;

revoke all on function app.merge_kind(p_kind text) from public, anon, authenticated, service_role;
grant execute on function app.merge_kind(p_kind text) to authenticated;
grant execute on function app.merge_kind(p_kind text) to service_role;
grant execute on function app.merge_kind(p_kind text) to steward_import_writer;

revoke all on function app.notify_note_mentions() from public, anon, authenticated, service_role;
grant execute on function app.notify_note_mentions() to authenticated;
grant execute on function app.notify_note_mentions() to service_role;
grant execute on function app.notify_note_mentions() to steward_import_writer;

revoke all on function app.notify_task_change() from public, anon, authenticated, service_role;
grant execute on function app.notify_task_change() to authenticated;
grant execute on function app.notify_task_change() to service_role;
grant execute on function app.notify_task_change() to steward_import_writer;

revoke all on function app.object_org(p_bucket text, p_name text) from public, anon, authenticated, service_role;
grant execute on function app.object_org(p_bucket text, p_name text) to authenticated;
grant execute on function app.object_org(p_bucket text, p_name text) to service_role;
grant execute on function app.object_org(p_bucket text, p_name text) to steward_import_writer;
comment on function app.object_org(p_bucket text, p_name text) is 'the organisation an object belongs to: the one whose storage folder (org slug, unique per organisation) is the longest prefix of the name';

revoke all on function app.object_owner_shares_org(p_owner text, p_org text) from public, anon, authenticated, service_role;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to authenticated;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to service_role;
grant execute on function app.object_owner_shares_org(p_owner text, p_org text) to steward_import_writer;

revoke all on function app.org_reference_guard() from public, anon, authenticated, service_role;
grant execute on function app.org_reference_guard() to authenticated;
grant execute on function app.org_reference_guard() to service_role;
grant execute on function app.org_reference_guard() to steward_import_writer;
comment on function app.org_reference_guard() is 'Constraint trigger: a foreign key of an org-owned row may only reference a row of the same organization or of _system_default_.';

revoke all on function app.org_timezone(p_org text) from public, anon, authenticated, service_role;
grant execute on function app.org_timezone(p_org text) to authenticated;
grant execute on function app.org_timezone(p_org text) to service_role;
grant execute on function app.org_timezone(p_org text) to steward_import_writer;

revoke all on function app.org_today(p_org text, p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to authenticated;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to service_role;
grant execute on function app.org_today(p_org text, p_now timestamp with time zone) to steward_import_writer;

revoke all on function app.personal_columns() from public, anon, authenticated, service_role;
grant execute on function app.personal_columns() to authenticated;
grant execute on function app.personal_columns() to service_role;
grant execute on function app.personal_columns() to steward_import_writer;
comment on function app.personal_columns() is 'Columns that make a row someone''s own (Personal access): creator, owners, assignee.';

revoke all on function app.price_stay() from public, anon, authenticated, service_role;
grant execute on function app.price_stay() to authenticated;
grant execute on function app.price_stay() to service_role;
grant execute on function app.price_stay() to steward_import_writer;

revoke all on function app.raise_double_booking(p_details text) from public, anon, authenticated, service_role;
grant execute on function app.raise_double_booking(p_details text) to authenticated;
grant execute on function app.raise_double_booking(p_details text) to service_role;
grant execute on function app.raise_double_booking(p_details text) to steward_import_writer;

revoke all on function app.record_label(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.record_label(p_row jsonb) to authenticated;
grant execute on function app.record_label(p_row jsonb) to service_role;
grant execute on function app.record_label(p_row jsonb) to steward_import_writer;

revoke all on function app.record_owner_ids(p_row jsonb) from public, anon, authenticated, service_role;
grant execute on function app.record_owner_ids(p_row jsonb) to authenticated;
grant execute on function app.record_owner_ids(p_row jsonb) to service_role;
grant execute on function app.record_owner_ids(p_row jsonb) to steward_import_writer;

revoke all on function app.refuse_history_edit() from public, anon, authenticated, service_role;
grant execute on function app.refuse_history_edit() to authenticated;
grant execute on function app.refuse_history_edit() to service_role;
grant execute on function app.refuse_history_edit() to steward_import_writer;

revoke all on function app.require_password(p_password text) from public, anon, authenticated, service_role;
grant execute on function app.require_password(p_password text) to authenticated;
grant execute on function app.require_password(p_password text) to service_role;
grant execute on function app.require_password(p_password text) to steward_import_writer;

revoke all on function app.require_signup_fields(p_email text, p_password text, p_full_name text) from public, anon, authenticated, service_role;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to authenticated;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to service_role;
grant execute on function app.require_signup_fields(p_email text, p_password text, p_full_name text) to steward_import_writer;

revoke all on function app.sale_month(p_date date) from public, anon, authenticated, service_role;
grant execute on function app.sale_month(p_date date) to authenticated;
grant execute on function app.sale_month(p_date date) to service_role;
grant execute on function app.sale_month(p_date date) to steward_import_writer;

revoke all on function app.saved_filter_owner() from public, anon, authenticated, service_role;
grant execute on function app.saved_filter_owner() to authenticated;
grant execute on function app.saved_filter_owner() to service_role;
grant execute on function app.saved_filter_owner() to steward_import_writer;

revoke all on function app.search_like(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_like(p_text text) to authenticated;
grant execute on function app.search_like(p_text text) to service_role;
grant execute on function app.search_like(p_text text) to steward_import_writer;

revoke all on function app.search_rank(p_text text, p_query text) from public, anon, authenticated, service_role;
grant execute on function app.search_rank(p_text text, p_query text) to authenticated;
grant execute on function app.search_rank(p_text text, p_query text) to service_role;
grant execute on function app.search_rank(p_text text, p_query text) to steward_import_writer;

revoke all on function app.search_text_words(p_text text) from public, anon, authenticated, service_role;
grant execute on function app.search_text_words(p_text text) to authenticated;
grant execute on function app.search_text_words(p_text text) to service_role;
grant execute on function app.search_text_words(p_text text) to steward_import_writer;

revoke all on function app.search_variants(p_word text) from public, anon, authenticated, service_role;
grant execute on function app.search_variants(p_word text) to authenticated;
grant execute on function app.search_variants(p_word text) to service_role;
grant execute on function app.search_variants(p_word text) to steward_import_writer;

revoke all on function app.secret_last4(p_secret text) from public, anon, authenticated, service_role;
grant execute on function app.secret_last4(p_secret text) to authenticated;
grant execute on function app.secret_last4(p_secret text) to service_role;
grant execute on function app.secret_last4(p_secret text) to steward_import_writer;

revoke all on function app.secure_view(p_view regclass) from public, anon, authenticated, service_role;
grant execute on function app.secure_view(p_view regclass) to service_role;
grant execute on function app.secure_view(p_view regclass) to steward_import_writer;

revoke all on function app.stamp_product_sku() from public, anon, authenticated, service_role;
grant execute on function app.stamp_product_sku() to authenticated;
grant execute on function app.stamp_product_sku() to service_role;
grant execute on function app.stamp_product_sku() to steward_import_writer;

revoke all on function app.stay_day(p_at timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function app.stay_day(p_at timestamp with time zone) to authenticated;
grant execute on function app.stay_day(p_at timestamp with time zone) to service_role;
grant execute on function app.stay_day(p_at timestamp with time zone) to steward_import_writer;

revoke all on function app.stay_status(p_status text) from public, anon, authenticated, service_role;
grant execute on function app.stay_status(p_status text) to authenticated;
grant execute on function app.stay_status(p_status text) to service_role;
grant execute on function app.stay_status(p_status text) to steward_import_writer;

revoke all on function app.stay_status_flow() from public, anon, authenticated, service_role;
grant execute on function app.stay_status_flow() to authenticated;
grant execute on function app.stay_status_flow() to service_role;
grant execute on function app.stay_status_flow() to steward_import_writer;

revoke all on function app.view_grants(p_level text) from public, anon, authenticated, service_role;
grant execute on function app.view_grants(p_level text) to authenticated;
grant execute on function app.view_grants(p_level text) to service_role;
grant execute on function app.view_grants(p_level text) to steward_import_writer;

revoke all on function app.write_history() from public, anon, authenticated, service_role;
grant execute on function app.write_history() to authenticated;
grant execute on function app.write_history() to service_role;
grant execute on function app.write_history() to steward_import_writer;
