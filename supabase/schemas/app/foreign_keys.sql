-- app: foreign keys.
-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.

alter table app.integration_secrets add constraint integration_secrets_integration_id_fkey FOREIGN KEY (integration_id) REFERENCES settings.integrations(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;

alter table app.invite_codes add constraint invite_codes_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;

alter table app.task_digests_sent add constraint task_digests_sent_profile_id_fkey FOREIGN KEY (profile_id) REFERENCES public.user_profiles(id) ON DELETE CASCADE;
