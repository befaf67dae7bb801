-- app: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table app.custom_sensitive add constraint custom_sensitive_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table app.integration_secrets add constraint integration_secrets_integration_id_fkey FOREIGN KEY (integration_id) REFERENCES settings.integrations(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;

alter table app.invite_codes add constraint invite_codes_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table app.task_digests_sent add constraint task_digests_sent_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table app.online_bookings add constraint online_bookings_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES catalog.reservations(id) ON DELETE CASCADE;

alter table app.mail_unsubscribe_tokens add constraint mail_unsubscribe_tokens_org_name_fkey FOREIGN KEY (org_name) REFERENCES public.organizations(name) ON DELETE CASCADE;

alter table app.mail_unsubscribe_tokens add constraint mail_unsubscribe_tokens_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE CASCADE;

alter table app.mail_outbox add constraint mail_outbox_message_id_fkey FOREIGN KEY (message_id) REFERENCES crm.messages(id) ON DELETE CASCADE;

alter table app.mail_outbox add constraint mail_outbox_integration_id_fkey FOREIGN KEY (integration_id) REFERENCES settings.integrations(id) ON DELETE SET NULL;

alter table app.payment_events add constraint payment_events_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES catalog.reservations(id) ON DELETE CASCADE;
